import { buttonClass } from '../../components/form/buttons.ts';
import { MessageSquarePlus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';
import type { ConversationSummary } from './mentor-api.ts';

export function ConversationList(props: {
  conversations: ConversationSummary[];
  loading: boolean;
  failed: boolean;
  activeId: string | null;
  onNew: () => void;
  onOpen: (conversation: ConversationSummary) => void;
  onDelete: (conversation: ConversationSummary) => void;
}) {
  const { t } = useTranslation('mentor');
  return (
    <nav aria-labelledby="conversations-title" className="flex shrink-0 flex-col gap-2 lg:w-64">
      <div className="flex items-center justify-between gap-2">
        <h2 id="conversations-title" className="text-sm font-semibold">
          {t('conversations.title')}
        </h2>
        {/* Not buttonClass: a list item that opens the conversation, highlighted when it is the open one. */}
        <button type="button" onClick={props.onNew} className={buttonClass.compact}>
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          {t('conversations.new')}
        </button>
      </div>
      {props.loading ? (
        <p className="text-sm text-muted-foreground">{t('loading')}</p>
      ) : props.failed ? (
        <p role="alert" className="text-sm text-destructive">
          {t('conversations.loadFailed')}
        </p>
      ) : props.conversations.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('conversations.empty')}</p>
      ) : (
        <ul className="flex max-h-48 flex-col gap-1 overflow-y-auto lg:max-h-[70vh]">
          {props.conversations.map((conversation) => (
            <li key={conversation.id} className="flex items-center gap-1">
              <button
                type="button"
                aria-current={conversation.id === props.activeId ? 'true' : undefined}
                onClick={() => props.onOpen(conversation)}
                className={cn(
                  'min-w-0 flex-1 truncate rounded-md px-3 py-2 text-left text-sm',
                  conversation.id === props.activeId ? 'bg-accent font-medium text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                {conversation.title}
              </button>
              <button
                type="button"
                aria-label={t('conversations.delete', { title: conversation.title })}
                onClick={() => props.onDelete(conversation)}
                className={cn(buttonClass.icon, 'size-8 hover:text-destructive')}
              >
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
