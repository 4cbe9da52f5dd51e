import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CHAT_MESSAGE_MAX, CHAT_ROOMS, type ChatMessage, type ChatRoom } from '../../../core/community/community.ts';
import { UpgradePrompt } from '../../components/upgrade-prompt.tsx';
import {
  blockChatAuthor,
  chatHistory,
  chatStreamUrl,
  deleteChatMessage,
  postChatMessage,
  reportChatMessage,
} from '../../lib/api/community-api.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { CommunitySection, MemberName } from './member-name.tsx';

/** Adds or replaces messages by id, oldest first. */
function merge(list: ChatMessage[], incoming: ChatMessage[]) {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Tier 2: a room's latest messages, live (server-sent events), with posting, deleting, reporting and blocking. */
export function ChatSection({ premium }: { premium: boolean }) {
  const { t } = useTranslation(['community', 'profile']);
  const [room, setRoom] = useState<ChatRoom>('general');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (!premium) return;
    let source: EventSource | null = null;
    let cancelled = false;
    chatHistory(room)
      .then((page) => {
        if (cancelled) return;
        const history = merge([], page.messages);
        setMessages(history);
        source = new EventSource(chatStreamUrl(room, history.at(-1)?.id ?? 0));
        source.addEventListener('message', (event) => setMessages((list) => merge(list, [JSON.parse((event as MessageEvent<string>).data) as ChatMessage])));
        source.addEventListener('removed', (event) => {
          const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: number };
          setMessages((list) => list.filter((message) => message.id !== id));
        });
      })
      .catch((error: unknown) => showErrorToast(error, t('chat.loadError')));
    return () => {
      cancelled = true;
      source?.close();
    };
  }, [room, premium, reload, t]);

  const act = useCallback(
    async (run: () => Promise<unknown>, done: string, after?: () => void) => {
      try {
        await run();
        toast.success(done);
        after?.();
      } catch (error) {
        showErrorToast(error, t('chat.actionError'));
      }
    },
    [t],
  );

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft.trim()) return;
    try {
      const message = await postChatMessage(room, draft);
      setMessages((list) => merge(list, [message]));
      setDraft('');
    } catch (error) {
      showErrorToast(error, t('chat.sendError'));
    }
  };

  return (
    <CommunitySection id="community-chat" title={t('chat.title')} intro={t('chat.intro')}>
      {!premium ? (
        <UpgradePrompt title={t('chat.upgradeTitle')} body={t('chat.upgradeBody')} />
      ) : (
        <div className="flex flex-col gap-3">
          <label className="flex items-center gap-2 text-sm">
            {t('chat.room')}
            <select value={room} onChange={(event) => setRoom(event.target.value as ChatRoom)} className="rounded-md border border-border bg-background px-2 py-1.5">
              {CHAT_ROOMS.map((value) => (
                <option key={value} value={value}>
                  {value === 'general' ? t('chat.general') : t(`profile:options.phase.${value}`)}
                </option>
              ))}
            </select>
          </label>
          <ol aria-label={t('chat.messages')} aria-live="polite" className="flex max-h-96 flex-col gap-2 overflow-y-auto" data-testid="chat-messages">
            {messages.length === 0 ? <li className="text-sm text-muted-foreground">{t('chat.empty')}</li> : null}
            {messages.map((message) => (
              <li key={message.id} className="rounded-md border border-border p-2 text-sm">
                <p className="text-xs font-medium">
                  <MemberName member={message.author} mine={message.mine} />
                </p>
                <p className="whitespace-pre-wrap break-words">{message.body}</p>
                <div className="mt-1 flex gap-2 text-xs">
                  {message.mine ? (
                    <button type="button" className="underline" onClick={() => void act(() => deleteChatMessage(message.id), t('chat.deleted'), () => setMessages((list) => list.filter((m) => m.id !== message.id)))}>
                      {t('chat.delete')}
                    </button>
                  ) : (
                    <>
                      <button type="button" className="underline" onClick={() => void act(() => reportChatMessage(message.id), t('chat.reported'))}>
                        {t('chat.report')}
                      </button>
                      <button type="button" className="underline" onClick={() => void act(() => blockChatAuthor(message.id), t('chat.blocked'), () => setReload((n) => n + 1))}>
                        {t('chat.block')}
                      </button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ol>
          <form onSubmit={(event) => void send(event)} className="flex flex-col gap-2">
            <label htmlFor="chat-draft" className="text-sm font-medium">
              {t('chat.message')}
            </label>
            <textarea
              id="chat-draft"
              value={draft}
              maxLength={CHAT_MESSAGE_MAX}
              onChange={(event) => setDraft(event.target.value)}
              rows={2}
              className="rounded-md border border-border bg-background p-2 text-sm"
            />
            <button type="submit" className="self-end rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground">
              {t('chat.send')}
            </button>
          </form>
        </div>
      )}
    </CommunitySection>
  );
}
