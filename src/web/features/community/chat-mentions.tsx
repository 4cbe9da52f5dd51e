import { buttonClass } from '../../components/form/buttons.ts';
import { useTranslation } from 'react-i18next';
import type { ChatRoom } from '../../../core/community/community-values.ts';
import { useChatMentions, useMarkMentionsRead } from './community-api.ts';
import { cn } from '../../lib/cn.ts';
import { intlLocale } from '../../lib/format.ts';
import { MemberName } from './member-name.tsx';

/** A message's opening words: the list is a pointer to the room, not a second chat. */
const EXCERPT = 140;

/** Messages naming the founder (decision 176), the new ones marked, each leading to its room. */
export function ChatMentionsPanel({ onRoom }: { onRoom: (room: ChatRoom) => void }) {
  const { t, i18n } = useTranslation(['community', 'profile']);
  const mentions = useChatMentions();
  const markRead = useMarkMentionsRead();
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  const data = mentions.data;
  if (!data || data.mentions.length === 0) return null;
  return (
    <section aria-labelledby="chat-mentions-title" className="rounded-md border border-border p-3" data-testid="chat-mentions">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-baseline gap-2">
          <h3 id="chat-mentions-title" className="text-sm font-semibold">
            {t('chat.mentions.title')}
          </h3>
          {data.unread > 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="chat-mentions-unread">
              {t('chat.mentions.unread', { count: data.unread })}
            </p>
          ) : null}
        </div>
        {data.unread > 0 ? (
          <button type="button" className={cn(buttonClass.link, 'text-xs')} disabled={markRead.isPending} onClick={() => markRead.mutate()}>
            {t('chat.mentions.markRead')}
          </button>
        ) : null}
      </div>
      <ul className="mt-2 flex flex-col gap-2">
        {data.mentions.map((mention) => {
          const room = mention.message.room;
          // Mentions are noted in rooms only (decision 176).
          if (!room) return null;
          return (
            <li key={mention.id} className={cn('rounded-md p-2 text-sm', mention.read ? 'bg-transparent' : 'bg-muted')}>
              <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
                <span className="font-medium">
                  <MemberName member={mention.message.author} mine={false} />
                </span>
                <time dateTime={mention.message.createdAt} className="text-muted-foreground">
                  {when.format(new Date(mention.message.createdAt))}
                </time>
                {mention.read ? null : <span className="font-semibold">{t('chat.mentions.new')}</span>}
              </p>
              <p className="break-words">{mention.message.body.length > EXCERPT ? `${mention.message.body.slice(0, EXCERPT)}…` : mention.message.body}</p>
              <button type="button" className={cn(buttonClass.link, 'mt-1 text-xs')} onClick={() => onRoom(room)}>
                {t('chat.mentions.open', { room: room === 'general' ? t('chat.general') : t(`profile:options.phase.${room}`) })}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
