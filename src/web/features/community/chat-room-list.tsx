import { useTranslation } from 'react-i18next';
import { CHAT_ROOMS, type ChatRoom, UNREAD_CAP } from '../../../core/community/community-values.ts';
import { useChatRooms, useConversationNews, useConversations } from './community-api.ts';
import { cn } from '../../lib/cn.ts';
import type { ChatChannel } from './chat-channel.tsx';
import { MemberName } from './member-name.tsx';

// Not buttonClass: a room or conversation is a toggle (aria-pressed), filled while open.
const channelButton = (pressed: boolean) => cn('flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm', pressed && 'bg-primary text-primary-foreground');

/** A count of unread messages: the figure for the eye, the words for assistive technology (decision 175). */
function UnreadBadge({ unread }: { unread: number }) {
  const { t } = useTranslation('community');
  if (unread <= 0) return null;
  const many = unread >= UNREAD_CAP;
  return (
    <>
      <span aria-hidden="true" className="rounded-full bg-destructive px-1.5 text-xs font-semibold text-destructive-foreground tabular-nums">
        {many ? `${UNREAD_CAP - 1}+` : unread}
      </span>
      <span className="sr-only">{many ? t('chat.unreadMany', { count: UNREAD_CAP - 1 }) : t('chat.unread', { count: unread })}</span>
    </>
  );
}

/**
 * The rooms, then the founder's direct conversations (decision 220), as buttons with the
 * founder's unread count in each; the open one is pressed and counts nothing.
 */
export function ChatRoomList({ channel, onOpen }: { channel: ChatChannel; onOpen: (channel: ChatChannel) => void }) {
  const { t } = useTranslation(['community', 'profile']);
  const rooms = useChatRooms(true);
  const conversations = useConversations(true).data?.conversations ?? [];
  useConversationNews(true);
  const isOpen = (value: ChatRoom) => channel.kind === 'room' && channel.room === value;
  return (
    <div className="flex flex-col gap-2">
      <div role="group" aria-label={t('chat.rooms')} className="flex flex-wrap gap-2">
        {CHAT_ROOMS.map((value) => (
          <button key={value} type="button" aria-pressed={isOpen(value)} onClick={() => onOpen({ kind: 'room', room: value })} data-testid={`chat-room-${value}`} className={channelButton(isOpen(value))}>
            {value === 'general' ? t('chat.general') : t(`profile:options.phase.${value}`)}
            <UnreadBadge unread={isOpen(value) ? 0 : (rooms.data?.rooms.find((entry) => entry.room === value)?.unread ?? 0)} />
          </button>
        ))}
      </div>
      <div role="group" aria-label={t('chat.direct.title')} className="flex flex-wrap items-center gap-2" data-testid="chat-conversations">
        <span className="text-xs font-medium text-muted-foreground">{t('chat.direct.title')}</span>
        {conversations.length === 0 ? <span className="text-xs text-muted-foreground">{t('chat.direct.none')}</span> : null}
        {conversations.map((conversation) => {
          const pressed = channel.kind === 'conversation' && channel.id === conversation.id;
          return (
            <button
              key={conversation.id}
              type="button"
              aria-pressed={pressed}
              onClick={() => onOpen({ kind: 'conversation', id: conversation.id })}
              data-testid="chat-conversation"
              className={channelButton(pressed)}
            >
              <MemberName member={conversation.other} mine={false} />
              <UnreadBadge unread={pressed ? 0 : conversation.unread} />
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Who the open conversation is with, as their visibility allows now. */
export function ConversationHeading({ id }: { id: number }) {
  const { t } = useTranslation('community');
  const conversation = useConversations(true).data?.conversations.find((entry) => entry.id === id);
  if (!conversation) return null;
  return (
    <h3 className="text-sm font-semibold" data-testid="conversation-heading">
      {t('chat.direct.with')} <MemberName member={conversation.other} mine={false} />
    </h3>
  );
}
