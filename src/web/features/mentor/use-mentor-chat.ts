import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { currentLanguage } from '../../i18n/i18n.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { fileErrorKey } from '../../lib/file-reasons.ts';
import { gamificationQueryKey } from '../gamification/index.ts';
import { useAiGate } from '../../components/ai-gate.tsx';
import { VISITED_FLAG, WELCOMED_FLAG, readFlag, writeFlag } from '../../lib/chat-flags.ts';
import type { ChatMessage } from './chat-message.ts';
import {
  analyseConversation,
  conversationQuery,
  deleteConversation,
  isNothingToAnalyse,
  streamChat,
  uploadConversationFiles,
  type ConversationSummary,
} from './mentor-api.ts';

let keyCounter = 0;
const nextKey = () => `local-${++keyCounter}`;

/**
 * The mentor chat of one tab: its messages, the conversation it writes to, the answer being
 * streamed, and what the founder can do with them. Every AI request runs through the AI gate;
 * render `gateDialog` so consent and the AI preference can be asked and the request retried.
 * A new conversation puts the cursor in `composer`.
 */
export function useMentorChat(composer: RefObject<HTMLTextAreaElement | null>) {
  const { t } = useTranslation(['mentor', 'aiContext']);
  const queryClient = useQueryClient();
  const { guard, dialog: gateDialog } = useAiGate();

  const [activeId, setActiveId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [welcomed, setWelcomed] = useState(() => readFlag(WELCOMED_FLAG));
  const abortRef = useRef<AbortController | null>(null);
  const loadedId = useRef<string | null>(null);

  useEffect(() => writeFlag(VISITED_FLAG), []);

  const stored = useQuery(conversationQuery(activeId));
  useEffect(() => {
    // Load a conversation picked from the list (not the one this tab is writing to).
    if (!stored.data || streaming || loadedId.current === stored.data.id) return;
    loadedId.current = stored.data.id;
    const restored: ChatMessage[] = stored.data.messages.map((m) => ({
      key: m.id,
      role: m.role,
      kind: m.kind,
      content: m.content,
      status: 'done',
      numberChecks: m.numberChecks,
      toolCalls: m.toolCalls,
    }));
    const last = restored.at(-1);
    // A question whose answer failed before the reload: offer the retry again.
    if (last?.role === 'user' && last.kind !== 'file') restored.push({ key: nextKey(), role: 'assistant', content: '', status: 'trouble' });
    setMessages(restored);
  }, [stored.data, streaming]);

  function closeWelcome() {
    writeFlag(WELCOMED_FLAG);
    setWelcomed(true);
  }

  function updateLast(change: (message: ChatMessage) => ChatMessage) {
    setMessages((current) => current.map((m, i) => (i === current.length - 1 ? change(m) : m)));
  }

  async function send(message: string, options: { retry?: boolean } = {}) {
    const text = message.trim();
    if (!text || streaming) return;
    // Asking the first question is as good as closing the welcome.
    if (!welcomed) closeWelcome();
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
          onNumbers: (numberChecks) => updateLast((m) => ({ ...m, numberChecks })),
          onProviderUnavailable: () => updateLast((m) => ({ ...m, providerUnavailable: true, toolCalls: null })),
          onTool: (call, order) =>
            updateLast((m) => {
              const toolCalls = [...(m.toolCalls ?? [])];
              toolCalls[order] = call;
              return { ...m, toolCalls };
            }),
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

  /** Asks the last question again, in place of the answer that failed. */
  function retry() {
    const lastUserMessage = [...messages].reverse().find((m) => m.role === 'user' && m.kind !== 'file')?.content ?? '';
    return ask(lastUserMessage, { retry: true });
  }

  function stop() {
    abortRef.current?.abort();
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
    composer.current?.focus();
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

  return {
    activeId,
    messages,
    draft,
    setDraft,
    streaming,
    uploading,
    welcomed,
    /** A conversation picked from the list whose messages have not arrived yet. */
    loadingConversation: Boolean(activeId) && stored.isPending && messages.length === 0,
    gateDialog,
    closeWelcome,
    ask,
    retry,
    stop,
    uploadFiles,
    startNew,
    open,
    remove,
    analyse,
  };
}
