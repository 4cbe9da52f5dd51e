import { useTranslation } from 'react-i18next';
import { CHAT_ROOMS, type ChatRoom, UNREAD_CAP } from '../../../core/community/community.ts';
import { useChatRooms } from '../../lib/api/community-api.ts';
import { cn } from '../../lib/cn.ts';

/** The rooms as buttons, each with the founder's unread count (decision 175); the open one is pressed. */
export function ChatRoomList({ room, onRoom }: { room: ChatRoom; onRoom: (room: ChatRoom) => void }) {
  const { t } = useTranslation(['community', 'profile']);
  const rooms = useChatRooms(true);
  const unreadOf = (value: ChatRoom) => (value === room ? 0 : (rooms.data?.rooms.find((entry) => entry.room === value)?.unread ?? 0));
  return (
    <div role="group" aria-label={t('chat.rooms')} className="flex flex-wrap gap-2">
      {CHAT_ROOMS.map((value) => {
        const unread = unreadOf(value);
        const many = unread >= UNREAD_CAP;
        return (
          <button
            key={value}
            type="button"
            aria-pressed={room === value}
            onClick={() => onRoom(value)}
            data-testid={`chat-room-${value}`}
            className={cn('flex items-center gap-2 rounded-md border border-border px-3 py-1.5 text-sm', room === value && 'bg-primary text-primary-foreground')}
          >
            {value === 'general' ? t('chat.general') : t(`profile:options.phase.${value}`)}
            {unread > 0 ? (
              <>
                <span aria-hidden="true" className="rounded-full bg-destructive px-1.5 text-xs font-semibold text-destructive-foreground tabular-nums">
                  {many ? `${UNREAD_CAP - 1}+` : unread}
                </span>
                <span className="sr-only">{many ? t('chat.unreadMany', { count: UNREAD_CAP - 1 }) : t('chat.unread', { count: unread })}</span>
              </>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
