import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { type FormEvent, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CHAT_MESSAGE_MAX, type ChatReportReason, mentionHandle } from '../../../core/community/community-values.ts';
import { UpgradePrompt } from '../subscription/index.ts';
import {
  blockChatAuthor,
  type ChatMessage,
  chatHistory,
  chatStreamUrl,
  conversationHistory,
  conversationStreamUrl,
  deleteChatMessage,
  editChatMessage,
  postChatMessage,
  postDirectMessage,
  reportChatMessage,
  useMarkConversationRead,
  useMarkRoomRead,
} from './community-api.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { type ChatChannel, useChatChannel } from './chat-channel.tsx';
import { ChatMessageItem, type MessageActions } from './chat-message.tsx';
import { ChatMentionsPanel } from './chat-mentions.tsx';
import { ChatRoomList, ConversationHeading } from './chat-room-list.tsx';
import { CommunitySection } from './member-name.tsx';
import { reopenWhenClosed } from '../../lib/live-stream.ts';

/** Adds or replaces messages by id, oldest first. */
function merge(list: ChatMessage[], incoming: ChatMessage[]) {
  const byId = new Map(list.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** Within this many pixels of the bottom, a new message scrolls the list down to it. */
const NEAR_BOTTOM_PX = 80;

/** Where a channel's history, stream and posts go (rooms: decision 194; conversations: decision 220). */
function channelApi(channel: ChatChannel) {
  return channel.kind === 'room'
    ? {
        key: `room:${channel.room}`,
        history: (before?: number) => chatHistory(channel.room, before),
        streamUrl: (after: number) => chatStreamUrl(channel.room, after),
        post: (body: string) => postChatMessage(channel.room, body),
      }
    : {
        key: `conversation:${channel.id}`,
        history: (before?: number) => conversationHistory(channel.id, before),
        streamUrl: (after: number) => conversationStreamUrl(channel.id, after),
        post: (body: string) => postDirectMessage(channel.id, body),
      };
}

/**
 * The open room or conversation: its latest page, older pages as the founder scrolls up (or
 * asks with the button), the live messages, and the channel marked read up to the newest shown.
 */
function useChannel(channel: ChatChannel, enabled: boolean) {
  const { t } = useTranslation('community');
  const api = useMemo(() => channelApi(channel), [channel]);
  // What was loaded, and for which channel: another channel's messages are never shown while the new one loads.
  const [loaded, setLoaded] = useState<{ key: string | null; messages: ChatMessage[]; hasMore: boolean }>({ key: null, messages: [], hasMore: false });
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [reload, setReload] = useState(0);
  const current = loaded.key === api.key;
  const messages = current ? loaded.messages : [];
  const hasMore = current && loaded.hasMore;
  const setMessages = useCallback((change: (list: ChatMessage[]) => ChatMessage[]) => setLoaded((state) => ({ ...state, messages: change(state.messages) })), []);

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let stopWatching = () => {};
    let cancelled = false;
    api
      .history()
      .then((page) => {
        if (cancelled) return;
        const history = merge([], page.messages);
        setLoaded({ key: api.key, messages: history, hasMore: page.hasMore });
        source = new EventSource(api.streamUrl(history.at(-1)?.id ?? 0));
        // A stream the browser gave up on (no instance ready to take it) is opened again, history first.
        stopWatching = reopenWhenClosed(source, () => setReload((n) => n + 1));
        source.addEventListener('message', (event) => setMessages((list) => merge(list, [JSON.parse((event as MessageEvent<string>).data) as ChatMessage])));
        source.addEventListener('removed', (event) => {
          const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: number };
          setMessages((list) => list.filter((message) => message.id !== id));
        });
      })
      .catch((error: unknown) => showErrorToast(error, t('chat.loadError')));
    return () => {
      cancelled = true;
      stopWatching();
      source?.close();
    };
  }, [api, enabled, reload, t, setMessages]);

  const oldestId = messages[0]?.id;
  const loadOlder = useCallback(async () => {
    if (!hasMore || loadingOlder || oldestId === undefined) return;
    setLoadingOlder(true);
    try {
      const page = await api.history(oldestId);
      setLoaded((state) => (state.key === api.key ? { key: api.key, messages: merge(state.messages, page.messages), hasMore: page.hasMore } : state));
    } catch (error) {
      showErrorToast(error, t('chat.loadError'));
    } finally {
      setLoadingOlder(false);
    }
  }, [api, oldestId, hasMore, loadingOlder, t]);

  // Read up to the newest message shown: the channel's count in the list clears.
  const { mutate: markRoomRead } = useMarkRoomRead();
  const { mutate: markConversationRead } = useMarkConversationRead();
  const newestId = messages.at(-1)?.id;
  useEffect(() => {
    if (!enabled || newestId === undefined) return;
    if (channel.kind === 'room') markRoomRead({ room: channel.room, lastReadId: newestId });
    else markConversationRead({ id: channel.id, lastReadId: newestId });
  }, [enabled, channel, newestId, markRoomRead, markConversationRead]);

  return { messages, setMessages, hasMore, loadingOlder, loadOlder, post: api.post, reloadChannel: () => setReload((n) => n + 1) };
}

/**
 * Tier 2: mentions, rooms and direct conversations with unread counts, a channel's history
 * and live messages, posting, mentioning, editing, deleting, reporting and blocking.
 */
export function ChatSection({ premium }: { premium: boolean }) {
  const { t } = useTranslation(['community', 'profile']);
  const { channel, open } = useChatChannel();
  const [draft, setDraft] = useState('');
  // The conversation the server refused a message in (a block, or direct messages turned off), said beside the form.
  const [refusedIn, setRefusedIn] = useState<number | null>(null);
  const draftRef = useRef<HTMLTextAreaElement>(null);
  const { messages, setMessages, hasMore, loadingOlder, loadOlder, post, reloadChannel } = useChannel(channel, premium);
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
    block: (message) => void act(() => blockChatAuthor(message.id), t('chat.blocked'), reloadChannel),
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
      const message = await post(draft);
      setMessages((list) => merge(list, [message]));
      setDraft('');
    } catch (error) {
      if (channel.kind === 'conversation' && error instanceof ApiError && error.code === 'FORBIDDEN') setRefusedIn(channel.id);
      else showErrorToast(error, t('chat.sendError'));
    }
  };

  return (
    <CommunitySection id="community-chat" title={t('chat.title')} intro={t('chat.intro')}>
      {!premium ? (
        <UpgradePrompt title={t('chat.upgradeTitle')} body={t('chat.upgradeBody')} />
      ) : (
        <div className="flex flex-col gap-3">
          <ChatMentionsPanel onRoom={(value) => open({ kind: 'room', room: value })} />
          <ChatRoomList channel={channel} onOpen={open} />
          {channel.kind === 'conversation' ? <ConversationHeading id={channel.id} /> : null}
          <ol ref={listRef} aria-label={t('chat.messages')} aria-live="polite" aria-busy={loadingOlder} className="flex max-h-96 flex-col gap-2 overflow-y-auto" data-testid="chat-messages">
            {hasMore ? (
              <li ref={topRef} className="text-center">
                <button type="button" className={cn(buttonClass.link, 'text-xs')} disabled={loadingOlder} onClick={() => void loadOlder()}>
                  {loadingOlder ? t('chat.loadingOlder') : t('chat.loadOlder')}
                </button>
              </li>
            ) : null}
            {messages.length === 0 ? <li className="text-sm text-muted-foreground">{t('chat.empty')}</li> : null}
            {messages.map((message) => (
              <ChatMessageItem key={message.id} message={message} actions={actions} />
            ))}
          </ol>
          {channel.kind === 'conversation' && refusedIn === channel.id ? (
            <p role="alert" className="rounded-md border border-destructive/50 bg-destructive/10 p-2 text-sm" data-testid="direct-refused">
              {t('chat.direct.refused')}
            </p>
          ) : null}
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
            <button type="submit" className={cn(buttonClass.primary, 'self-end')}>
              {t('chat.send')}
            </button>
          </form>
        </div>
      )}
    </CommunitySection>
  );
}
