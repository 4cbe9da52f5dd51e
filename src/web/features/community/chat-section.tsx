import { type FormEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CHAT_MESSAGE_MAX, type ChatMessage, type ChatReportReason, type ChatRoom, mentionHandle } from '../../../core/community/community.ts';
import { UpgradePrompt } from '../../components/upgrade-prompt.tsx';
import {
  blockChatAuthor,
  chatHistory,
  chatStreamUrl,
  deleteChatMessage,
  editChatMessage,
  postChatMessage,
  reportChatMessage,
  useMarkRoomRead,
} from '../../lib/api/community-api.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { ChatMessageItem, type MessageActions } from './chat-message.tsx';
import { ChatMentionsPanel } from './chat-mentions.tsx';
import { ChatRoomList } from './chat-room-list.tsx';
import { CommunitySection } from './member-name.tsx';

/** Adds or replaces messages by id, oldest first. */
function merge(list: ChatMessage[], incoming: ChatMessage[]) {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Within this many pixels of the bottom, a new message scrolls the list down to it. */
const NEAR_BOTTOM_PX = 80;

/**
 * The open room: its latest page, older pages as the founder scrolls up (or asks with the
 * button), the live messages, and the room marked read up to the newest one shown.
 */
function useRoom(room: ChatRoom, enabled: boolean) {
  const { t } = useTranslation('community');
  // What was loaded, and for which room: another room's messages are never shown while the new one loads.
  const [loaded, setLoaded] = useState<{ room: ChatRoom | null; messages: ChatMessage[]; hasMore: boolean }>({ room: null, messages: [], hasMore: false });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [reload, setReload] = useState(0);
  const current = loaded.room === room;
  const messages = current ? loaded.messages : [];
  const hasMore = current && loaded.hasMore;
  const setMessages = useCallback((change: (list: ChatMessage[]) => ChatMessage[]) => setLoaded((state) => ({ ...state, messages: change(state.messages) })), []);

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let cancelled = false;
    chatHistory(room)
      .then((page) => {
        if (cancelled) return;
        const history = merge([], page.messages);
        setLoaded({ room, messages: history, hasMore: page.hasMore });
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
  }, [room, enabled, reload, t, setMessages]);

  const oldestId = messages[0]?.id;
  const loadOlder = useCallback(async () => {
    if (!hasMore || loadingOlder || oldestId === undefined) return;
    setLoadingOlder(true);
    try {
      const page = await chatHistory(room, oldestId);
      setLoaded((state) => (state.room === room ? { room, messages: merge(state.messages, page.messages), hasMore: page.hasMore } : state));
    } catch (error) {
      showErrorToast(error, t('chat.loadError'));
    } finally {
      setLoadingOlder(false);
    }
  }, [room, oldestId, hasMore, loadingOlder, t]);

  // Read up to the newest message shown: the room's count in the list clears.
  const markRead = useMarkRoomRead();
  const { mutate: markRoomRead } = markRead;
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    if (enabled && newestId !== undefined) markRoomRead({ room, lastReadId: newestId });
  }, [enabled, room, newestId, markRoomRead]);

  return { messages, setMessages, hasMore, loadingOlder, loadOlder, reloadRoom: () => setReload((n) => n + 1) };
}

/** Tier 2: mentions, rooms with unread counts, a room's history and live messages, posting, mentioning, editing, deleting, reporting and blocking. */
export function ChatSection({ premium }: { premium: boolean }) {
  const { t } = useTranslation(['community', 'profile']);
  const [room, setRoom] = useState<ChatRoom>('general');
  const [draft, setDraft] = useState('');
  const draftRef = useRef<HTMLTextAreaElement>(null);
  const { messages, setMessages, hasMore, loadingOlder, loadOlder, reloadRoom } = useRoom(room, premium);
  const listRef = useRef<HTMLOListElement>(null);
  const topRef = useRef<HTMLLIElement>(null);

  // Keep the founder's place: older messages arrive above without moving what they read;
  // new ones scroll into view when they were at the bottom (or on the first page).
  // (Before this effect the browser has laid out the new messages but not moved the scroll.)
  const rendered = useRef({ height: 0, firstId: undefined as number | undefined });
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const before = rendered.current;
    const firstId = messages[0]?.id;
    if (before.firstId !== undefined && firstId !== undefined && firstId < before.firstId) {
      list.scrollTop += list.scrollHeight - before.height;
    } else if (before.firstId === undefined || before.height - list.scrollTop - list.clientHeight < NEAR_BOTTOM_PX) {
      list.scrollTop = list.scrollHeight;
    }
    rendered.current = { height: list.scrollHeight, firstId };
  }, [messages]);

  // Scrolling to the top asks for the page before.
  useEffect(() => {
    const list = listRef.current;
    const top = topRef.current;
    if (!list || !top || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void loadOlder();
    }, { root: list });
    observer.observe(top);
    return () => observer.disconnect();
  }, [hasMore, loadOlder]);

  const act = useCallback(
    async (run: () => Promise<unknown>, done: string, after?: () => void) => {
      try {
        await run();
        toast.success(done);
        after?.();
        return true;
      } catch (error) {
        showErrorToast(error, t('chat.actionError'));
        return false;
      }
    },
    [t],
  );

  const actions: MessageActions = {
    edit: async (message, body) => {
      try {
        const edited = await editChatMessage(message.id, body);
        setMessages((list) => merge(list, [edited]));
        return true;
      } catch (error) {
        showErrorToast(error, t('chat.actionError'));
        return false;
      }
    },
    remove: (message) => void act(() => deleteChatMessage(message.id), t('chat.deleted'), () => setMessages((list) => list.filter((m) => m.id !== message.id))),
    report: (message, reason: ChatReportReason) => act(() => reportChatMessage(message.id, reason), t('chat.reported')),
    block: (message) => void act(() => blockChatAuthor(message.id), t('chat.blocked'), reloadRoom),
    mention: (message) => {
      const handle = mentionHandle(message.author);
      setDraft((text) => `${text}${text && !text.endsWith(' ') ? ' ' : ''}${handle} `);
      draftRef.current?.focus();
    },
  };

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
          <ChatMentionsPanel onRoom={(value) => setRoom(value)} />
          <ChatRoomList room={room} onRoom={(value) => setRoom(value)} />
          <ol ref={listRef} aria-label={t('chat.messages')} aria-live="polite" aria-busy={loadingOlder} className="flex max-h-96 flex-col gap-2 overflow-y-auto" data-testid="chat-messages">
            {hasMore ? (
              <li ref={topRef} className="text-center">
                <button type="button" className="text-xs underline underline-offset-2" disabled={loadingOlder} onClick={() => void loadOlder()}>
                  {loadingOlder ? t('chat.loadingOlder') : t('chat.loadOlder')}
                </button>
              </li>
            ) : null}
            {messages.length === 0 ? <li className="text-sm text-muted-foreground">{t('chat.empty')}</li> : null}
            {messages.map((message) => (
              <ChatMessageItem key={message.id} message={message} actions={actions} />
            ))}
          </ol>
          <form onSubmit={(event) => void send(event)} className="flex flex-col gap-2">
            <label htmlFor="chat-draft" className="text-sm font-medium">
              {t('chat.message')}
            </label>
            <textarea
              ref={draftRef}
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
