import { useQuery } from '@tanstack/react-query';
import { Info, Lightbulb, Paperclip, Send, Sparkles, Square } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { MESSAGE_MAX } from '../../../core/mentor/mentor-schema.ts';
import { cn } from '../../lib/cn.ts';
import { CONTEXT_FILE_ACCEPT } from '../../lib/file-reasons.ts';
import { useSession } from '../../lib/auth-client.ts';
import { ConversationList } from './conversation-list.tsx';
import { MessageBubble } from './message-bubble.tsx';
import { mentorStatusQuery } from './mentor-status.ts';
import { conversationsQuery } from './mentor-api.ts';
import { starterQuestions } from './starter-questions.ts';
import { useMentorChat } from './use-mentor-chat.ts';
import { useNumberStyle } from './number-source.ts';
import { useSummary } from '../metrics/index.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { useMe } from '../../lib/get-me.ts';
import { contextEntriesQuery } from '../ai-context/index.ts';

export function MentorPage() {
  const { t } = useTranslation('mentor');
  const session = useSession();
  const userId = session.data?.user.id;
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const chat = useMentorChat(composerRef);
  const numberStyle = useNumberStyle();

  const me = useMe(userId);
  const contextCount = useQuery(contextEntriesQuery);
  const conversations = useQuery(conversationsQuery());
  const status = useQuery(mentorStatusQuery());
  const summary = useSummary();

  // A chat starter from elsewhere (an Overview insight, the Monday e-mail) arrives as ?ask=:
  // the question waits in the composer for the founder to send or change, and leaves the address.
  const [params, setParams] = useSearchParams();
  const asked = params.get('ask');
  const { setDraft } = chat;
  useEffect(() => {
    if (!asked) return;
    setDraft(asked.slice(0, MESSAGE_MAX));
    composerRef.current?.focus();
    setParams(
      (current) => {
        current.delete('ask');
        return current;
      },
      { replace: true },
    );
  }, [asked, setDraft, setParams]);

  const fileInputRef = useRef<HTMLInputElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [chat.messages]);

  const latest = summary.data?.latest;
  const starters = starterQuestions(t, {
    startupName: me.data?.startupName,
    phase: me.data?.startupPhase,
    contextEntries: contextCount.data?.length ?? 0,
    metrics: latest ? { runwayWeeks: latest.runwayWeeks, churnRate: latest.churnRate, runwayStatus: latest.runwayStatus, statuses: summary.data?.statuses ?? null } : summary.data ? null : undefined,
    numbers: numberStyle,
  });
  const composerId = useId();
  const counterId = useId();

  return (
    // The chat comes first in the document (its h1 leads); wide screens show the list on the left.
    <div className="mx-auto flex max-w-6xl flex-col gap-6 lg:flex-row-reverse">
      {chat.gateDialog}
      <section aria-labelledby="mentor-title" className="flex min-w-0 flex-1 flex-col gap-4">
        <header className="flex flex-wrap items-center justify-between gap-2">
          <h1 id="mentor-title" className="text-2xl font-semibold tracking-tight">
            {t('title')}
          </h1>
          {/* Not buttonClass: a starter question is a card of text in a grid, not an action button. */}
          <button
            type="button"
            onClick={chat.analyse}
            disabled={chat.streaming}
            className={buttonClass.compact}
          >
            <Lightbulb aria-hidden="true" className="size-4" />
            {t('analyse.button')}
          </button>
        </header>

        {status.data?.offline ? (
          <p className="flex items-start gap-2 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm text-muted-foreground">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t('offline')}
          </p>
        ) : null}

        {!chat.welcomed && (
          <div role="region" aria-labelledby="mentor-welcome" className="rounded-lg border border-border bg-card p-5">
            <h2 id="mentor-welcome" className="flex items-center gap-2 font-semibold">
              <Sparkles aria-hidden="true" className="size-4 text-primary" />
              {t('welcome.title')}
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{t('welcome.body')}</p>
            <button
              type="button"
              onClick={() => {
                chat.closeWelcome();
                composerRef.current?.focus();
              }}
              className={cn(buttonClass.primary, 'mt-4')}
            >
              {t('welcome.start')}
            </button>
          </div>
        )}

        <div role="log" aria-live="polite" aria-busy={chat.streaming} aria-label={t('log')} className="flex min-h-[16rem] flex-col gap-4 rounded-lg border border-border p-3 sm:p-4">
          {chat.loadingConversation ? (
            <p className="text-sm text-muted-foreground">{t('loading')}</p>
          ) : chat.messages.length === 0 ? (
            <div className="flex flex-col gap-3">
              <p className="text-sm text-muted-foreground">{t('empty')}</p>
              <h2 className="text-sm font-medium">{t('starters.title')}</h2>
              <ul className="grid gap-2 sm:grid-cols-2">
                {starters.map((question) => (
                  <li key={question}>
                    <button
                      type="button"
                      onClick={() => chat.ask(question)}
                      className="w-full rounded-md border border-input p-3 text-left text-sm hover:bg-muted"
                    >
                      {question}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ) : (
            chat.messages.map((message) => (
              <MessageBubble key={message.key} message={message} onRetry={chat.retry} numberStyle={numberStyle} />
            ))
          )}
          <div ref={endRef} />
        </div>

        <form
          onSubmit={(event) => {
            event.preventDefault();
            void chat.ask(chat.draft);
          }}
          className="flex flex-col gap-2"
        >
          <label htmlFor={composerId} className="text-sm font-medium">
            {t('composer.label')}
          </label>
          <textarea
            id={composerId}
            ref={composerRef}
            value={chat.draft}
            maxLength={MESSAGE_MAX}
            rows={3}
            aria-describedby={counterId}
            placeholder={t('composer.placeholder')}
            onChange={(event) => chat.setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                void chat.ask(chat.draft);
              }
            }}
            className="w-full resize-y rounded-md border border-input bg-background p-3 text-base"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p id={counterId} className="text-xs text-muted-foreground">
              {t('composer.counter', { count: chat.draft.length, max: MESSAGE_MAX })}
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
                void chat.uploadFiles(picked);
              }}
            />
            <button
              type="button"
              onClick={() => fileInputRef.current?.click()}
              disabled={chat.streaming || chat.uploading}
              aria-label={chat.uploading ? t('files.uploading') : t('files.attach')}
              title={t('files.attach')}
              className={buttonClass.secondary}
            >
              <Paperclip aria-hidden="true" className={cn('size-4', chat.uploading && 'animate-pulse')} />
              <span className="hidden sm:inline">{chat.uploading ? t('files.uploading') : t('files.button')}</span>
            </button>
            <span role="status" className="sr-only">
              {chat.uploading ? t('files.uploading') : ''}
            </span>
            {chat.streaming ? (
              <button
                type="button"
                onClick={chat.stop}
                className={buttonClass.secondary}
              >
                <Square aria-hidden="true" className="size-4" />
                {t('composer.stop')}
              </button>
            ) : (
              <button
                type="submit"
                disabled={chat.draft.trim() === ''}
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
        activeId={chat.activeId}
        onNew={chat.startNew}
        onOpen={chat.open}
        onDelete={chat.remove}
      />
    </div>
  );
}
