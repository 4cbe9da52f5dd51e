import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lightbulb, Paperclip, Send, Sparkles, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MESSAGE_MAX } from '../../../core/mentor/mentor-schema.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { gamificationQueryKey } from '../gamification/api.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { CONTEXT_FILE_ACCEPT, fileErrorKey } from '../ai-context/file-reasons.ts';
import { useSession } from '../auth/auth-client.ts';
import { useAiGate } from './ai-gate.tsx';
import { VISITED_FLAG, WELCOMED_FLAG, readFlag, writeFlag } from './chat-flags.ts';
import type { ChatMessage } from './chat-message.ts';
import { ConversationList } from './conversation-list.tsx';
import { MessageBubble } from './message-bubble.tsx';
import {
  analyseConversation,
  conversationQuery,
  conversationsQuery,
  deleteConversation,
  isNothingToAnalyse,
  streamChat,
  uploadConversationFiles,
  type ConversationSummary,
} from './mentor-api.ts';
import { starterQuestions } from './starter-questions.ts';
import { useSummary } from '../metrics/api/metrics-api.ts';
import { HTML_LANG } from '../../../core/i18n/language.ts';
import { buttonClass } from '../../components/form/buttons.ts';

type MeFacts = { startupName?: string | null; startupPhase?: string | null };

let keyCounter = 0;
const nextKey = () => `local-${++keyCounter}`;

export function MentorPage() {
  const { t } = useTranslation(['mentor', 'aiContext']);
  const queryClient = useQueryClient();
  const session = useSession();
  const userId = session.data?.user.id;
  const { guard, dialog } = useAiGate();

  const me = useQuery({ queryKey: ['me', userId], queryFn: () => apiFetch<MeFacts>('/api/me'), enabled: Boolean(userId) });
  const contextCount = useQuery({
    queryKey: ['ai-context', 'entries'],
    queryFn: async () => (await apiFetch<{ entries: unknown[] }>('/api/context')).entries,
  });
  const conversations = useQuery(conversationsQuery());
  const summary = useSummary();

  const [activeId, setActiveId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [uploading, setUploading] = useState(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [welcomed, setWelcomed] = useState(() => readFlag(WELCOMED_FLAG));
  const abortRef = useRef<AbortController | null>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const loadedId = useRef<string | null>(null);

  useEffect(() => writeFlag(VISITED_FLAG), []);

  const stored = useQuery(conversationQuery(activeId));
  useEffect(() => {
    // Load a conversation picked from the list (not the one this tab is writing to).
    if (!stored.data || streaming || loadedId.current === stored.data.id) return;
    loadedId.current = stored.data.id;
    const restored: ChatMessage[] = stored.data.messages.map((m) => ({ key: m.id, role: m.role, kind: m.kind, content: m.content, status: 'done' }));
    const last = restored.at(-1);
    // A question whose answer failed before the reload: offer the retry again.
    if (last?.role === 'user' && last.kind !== 'file') restored.push({ key: nextKey(), role: 'assistant', content: '', status: 'trouble' });
    setMessages(restored);
  }, [stored.data, streaming]);

  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages]);

  function updateLast(change: (message: ChatMessage) => ChatMessage) {
    setMessages((current) => current.map((m, i) => (i === current.length - 1 ? change(m) : m)));
  }

  async function send(message: string, options: { retry?: boolean } = {}) {
    const text = message.trim();
    if (!text || streaming) return;
    // Asking the first question is as good as closing the welcome.
    if (!welcomed) {
      writeFlag(WELCOMED_FLAG);
      setWelcomed(true);
    }
    const controller = new AbortController();
    abortRef.current = controller;
    const before = messages;
    setMessages((current): ChatMessage[] => [
      ...(options.retry
        ? current.filter((m, i) => !(i === current.length - 1 && m.status === 'trouble'))
        : [...current, { key: nextKey(), role: 'user' as const, content: text, status: 'done' as const }]),
      { key: nextKey(), role: 'assistant', content: '', status: 'streaming' },
    ]);
    setDraft('');
    setStreaming(true);
    let conversationId = activeId;
    try {
      const outcome = await streamChat(
        { conversationId: activeId ?? undefined, message: text, language: currentLanguage(), retry: options.retry },
        {
          onConversation: (conversation) => {
            conversationId = conversation.id;
            loadedId.current = conversation.id;
            setActiveId(conversation.id);
          },
          onDelta: (delta) => updateLast((m) => ({ ...m, content: m.content + delta })),
        },
        controller.signal,
      );
      updateLast((m) => ({ ...m, status: outcome === 'done' ? 'done' : outcome === 'stopped' ? 'stopped' : 'trouble' }));
    } catch (error) {
      // Refused before any answer (consent, validation, network): nothing was sent, give the text back.
      setMessages(before);
      setDraft(text);
      throw error;
    } finally {
      setStreaming(false);
      abortRef.current = null;
      // A chat counts toward the streak: the progress card and achievements may change.
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['mentor', 'conversations'] }), queryClient.invalidateQueries({ queryKey: gamificationQueryKey })]);
      if (conversationId) queryClient.removeQueries({ queryKey: ['mentor', 'conversation', conversationId] });
    }
  }

  async function ask(message: string, options: { retry?: boolean } = {}) {
    try {
      await guard(() => send(message, options));
    } catch (error) {
      showErrorToast(error, t('errors.trouble'));
    }
  }

  /** Why each file was refused, in the founder's language. */
  const reasons = (files: { name: string; message: string }[]) =>
    files.map((file) => t('aiContext:skipped.line', { name: file.name, reason: t(`aiContext:fileErrors.${fileErrorKey(file.message)}`) })).join('\n');

  async function uploadFiles(picked: File[]) {
    if (picked.length === 0 || streaming || uploading) return;
    const run = async () => {
      setUploading(true);
      try {
        const result = await uploadConversationFiles(activeId, picked, currentLanguage());
        loadedId.current = result.conversation.id;
        setActiveId(result.conversation.id);
        setMessages((current) => [...current, { key: result.message.id, role: 'user', kind: 'file', content: result.message.content, status: 'done' }]);
        if (result.skipped.length > 0) toast.error(t('aiContext:skipped.title'), { description: reasons(result.skipped) });
        else toast.success(t('files.uploaded', { count: picked.length }));
        await queryClient.invalidateQueries({ queryKey: ['mentor', 'conversations'] });
        await queryClient.invalidateQueries({ queryKey: ['ai-context'] });
        await queryClient.invalidateQueries({ queryKey: gamificationQueryKey });
      } catch (error) {
        // Consent and preference are asked by the gate, which retries this upload.
        if (error instanceof ApiError && (error.code === 'AI_CONSENT_REQUIRED' || error.code === 'AI_DISABLED')) throw error;
        const refused = error instanceof ApiError && Array.isArray(error.details) ? (error.details as { name?: string; message: string }[]).filter((d) => d.name) : [];
        if (refused.length > 0) toast.error(t('files.failed'), { description: reasons(refused as { name: string; message: string }[]) });
        else showErrorToast(error, t('files.failed'));
      } finally {
        setUploading(false);
      }
    };
    await guard(run);
  }

  function startNew() {
    abortRef.current?.abort();
    loadedId.current = null;
    setActiveId(null);
    setMessages([]);
    composerRef.current?.focus();
  }

  function open(conversation: ConversationSummary) {
    if (streaming || conversation.id === activeId) return;
    loadedId.current = null;
    setMessages([]);
    setActiveId(conversation.id);
  }

  async function remove(conversation: ConversationSummary) {
    if (!window.confirm(t('conversations.confirmDelete', { title: conversation.title }))) return;
    try {
      await deleteConversation(conversation.id);
      if (conversation.id === activeId) startNew();
      await queryClient.invalidateQueries({ queryKey: ['mentor', 'conversations'] });
      toast.success(t('conversations.deleted'));
    } catch (error) {
      showErrorToast(error, t('conversations.deleteFailed'));
    }
  }

  async function analyse() {
    if (!activeId || messages.length === 0) {
      toast.error(t('analyse.empty'));
      return;
    }
    try {
      const result = await guard(() => analyseConversation(activeId, currentLanguage()));
      if (!result) return;
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['ai-context'] }), queryClient.invalidateQueries({ queryKey: gamificationQueryKey })]);
      toast.success(t('analyse.saved'));
    } catch (error) {
      // A conversation holding only shared files has nothing said to analyse yet.
      if (isNothingToAnalyse(error)) toast.error(t('analyse.empty'));
      else showErrorToast(error, t('analyse.failed'));
    }
  }

  const lastUserMessage = [...messages].reverse().find((m) => m.role === 'user' && m.kind !== 'file')?.content ?? '';
  const latest = summary.data?.latest;
  const starters = starterQuestions(t, {
    startupName: me.data?.startupName,
    phase: me.data?.startupPhase,
    contextEntries: contextCount.data?.length ?? 0,
    metrics: latest ? { runwayWeeks: latest.runwayWeeks, churnRate: latest.churnRate, runwayStatus: latest.runwayStatus, statuses: summary.data?.statuses ?? null } : summary.data ? null : undefined,
    locale: HTML_LANG[currentLanguage()],
  });
  const composerId = useId();
  const counterId = useId();

  return (
    // The chat comes first in the document (its h1 leads); wide screens show the list on the left.
    <div className="mx-auto flex max-w-6xl flex-col gap-6 lg:flex-row-reverse">
      {dialog}
      <section aria-labelledby="mentor-title" className="flex min-w-0 flex-1 flex-col gap-4">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="mentor-title" className="text-2xl font-semibold tracking-tight">
            {t('title')}
          </h1>
          <button
            type="button"
            onClick={analyse}
            disabled={streaming}
            className="inline-flex h-9 items-center gap-2 rounded-md border border-input px-3 text-sm hover:bg-muted disabled:opacity-60"
          >
            <Lightbulb aria-hidden="true" className="size-4" />
            {t('analyse.button')}
          </button>
        </header>

        {!welcomed && (
          <div role="region" aria-labelledby="mentor-welcome" className="rounded-lg border border-border bg-card p-5">
            <h2 id="mentor-welcome" className="flex items-center gap-2 font-semibold">
              <Sparkles aria-hidden="true" className="size-4 text-primary" />
              {t('welcome.title')}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{t('welcome.body')}</p>
            <button
              type="button"
              onClick={() => {
                writeFlag(WELCOMED_FLAG);
                setWelcomed(true);
                composerRef.current?.focus();
              }}
              className={cn(buttonClass.primary, 'mt-4')}
            >
              {t('welcome.start')}
            </button>
          </div>
        )}

        <div role="log" aria-live="polite" aria-busy={streaming} aria-label={t('log')} className="flex min-h-[16rem] flex-col gap-4 rounded-lg border border-border p-3 sm:p-4">
          {activeId && stored.isPending && messages.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('loading')}</p>
          ) : messages.length === 0 ? (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-muted-foreground">{t('empty')}</p>
              <h2 className="text-sm font-medium">{t('starters.title')}</h2>
              <ul className="grid gap-2 sm:grid-cols-2">
                {starters.map((question) => (
                  <li key={question}>
                    <button
                      type="button"
                      onClick={() => ask(question)}
                      className="w-full rounded-md border border-input p-3 text-left text-sm hover:bg-muted"
                    >
                      {question}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            messages.map((message) => (
              <MessageBubble key={message.key} message={message} onRetry={() => ask(lastUserMessage, { retry: true })} />
            ))
          )}
          <div ref={endRef} />
        </div>

        <form
          onSubmit={(event) => {
            event.preventDefault();
            void ask(draft);
          }}
          className="flex flex-col gap-2"
        >
          <label htmlFor={composerId} className="text-sm font-medium">
            {t('composer.label')}
          </label>
          <textarea
            id={composerId}
            ref={composerRef}
            value={draft}
            maxLength={MESSAGE_MAX}
            rows={3}
            aria-describedby={counterId}
            placeholder={t('composer.placeholder')}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void ask(draft);
              }
            }}
            className="w-full resize-y rounded-md border border-input bg-background p-3 text-base"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={counterId} className="text-xs text-muted-foreground">
              {t('composer.counter', { count: draft.length, max: MESSAGE_MAX })}
            </p>
            <div className="flex items-center gap-2">
            <input
              ref={fileInputRef}
              type="file"
              multiple
              hidden
              accept={CONTEXT_FILE_ACCEPT}
              onChange={(event) => {
                const picked = [...(event.target.files ?? [])];
                event.target.value = '';
                void uploadFiles(picked);
              }}
            />
            <button
              type="button"
              onClick={() => fileInputRef.current?.click()}
              disabled={streaming || uploading}
              aria-label={uploading ? t('files.uploading') : t('files.attach')}
              title={t('files.attach')}
              className="inline-flex h-10 items-center gap-2 rounded-md border border-input px-3 text-sm font-medium hover:bg-muted disabled:opacity-60"
            >
              <Paperclip aria-hidden="true" className={cn('size-4', uploading && 'animate-pulse')} />
              <span className="hidden sm:inline">{uploading ? t('files.uploading') : t('files.button')}</span>
            </button>
            <span role="status" className="sr-only">
              {uploading ? t('files.uploading') : ''}
            </span>
            {streaming ? (
              <button
                type="button"
                onClick={() => abortRef.current?.abort()}
                className="inline-flex h-10 items-center gap-2 rounded-md border border-input px-4 text-sm font-medium hover:bg-muted"
              >
                <Square aria-hidden="true" className="size-4" />
                {t('composer.stop')}
              </button>
            ) : (
              <button
                type="submit"
                disabled={draft.trim() === ''}
                className={buttonClass.primary}
              >
                <Send aria-hidden="true" className="size-4" />
                {t('composer.send')}
              </button>
            )}
            </div>
          </div>
          <p className="text-xs text-muted-foreground">{t('files.hint')}</p>
        </form>
      </section>
      <ConversationList
        conversations={conversations.data ?? []}
        loading={conversations.isPending}
        failed={conversations.isError}
        activeId={activeId}
        onNew={startNew}
        onOpen={open}
        onDelete={remove}
      />
    </div>
  );
}
