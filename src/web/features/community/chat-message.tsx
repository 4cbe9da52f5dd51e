import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX, CHAT_REPORT_REASONS, type ChatReportReason } from '../../../core/community/community-values.ts';
import type { ChatMessage } from './community-api.ts';
import { intlLocale } from '../../lib/format.ts';
import { MessageFounderButton } from './chat-channel.tsx';
import { MemberName } from './member-name.tsx';

type Mode = 'read' | 'edit' | 'report';

export type MessageActions = {
  edit: (message: ChatMessage, body: string) => Promise<boolean>;
  remove: (message: ChatMessage) => void;
  report: (message: ChatMessage, reason: ChatReportReason) => Promise<boolean>;
  block: (message: ChatMessage) => void;
  mention: (message: ChatMessage) => void;
};

const linkButton = cn(buttonClass.link, 'text-inherit underline');
const smallButton = cn(buttonClass.compact, 'h-7 px-2 text-xs');

/**
 * One chat message: its author as their visibility allows, the text (always as text), when
 * it was written and whether it was edited; one's own can be edited or deleted, anyone
 * else's reported with a reason or its author blocked, mentioned or written to directly.
 */
export function ChatMessageItem({ message, actions }: { message: ChatMessage; actions: MessageActions }) {
  const { t, i18n } = useTranslation('community');
  const [mode, setMode] = useState<Mode>('read');
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'short', timeStyle: 'short' });
  return (
    <li className="rounded-md border border-border p-2 text-sm" data-message-id={message.id}>
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs">
        <span className="font-medium">
          <MemberName member={message.author} mine={message.mine} />
        </span>
        <time dateTime={message.createdAt} className="text-muted-foreground">
          {when.format(new Date(message.createdAt))}
        </time>
        {message.editedAt ? (
          <span className="text-muted-foreground" title={when.format(new Date(message.editedAt))}>
            {t('chat.edited')}
          </span>
        ) : null}
      </p>
      {mode === 'edit' ? (
        <EditForm message={message} onDone={() => setMode('read')} edit={actions.edit} />
      ) : (
        <p className="whitespace-pre-wrap break-words">{message.body}</p>
      )}
      {mode === 'report' ? <ReportForm message={message} onDone={() => setMode('read')} report={actions.report} /> : null}
      {mode === 'read' ? (
        <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs">
          {message.mine ? (
            <>
              <button type="button" className={linkButton} onClick={() => setMode('edit')}>
                {t('chat.edit')}
              </button>
              <button type="button" className={linkButton} onClick={() => actions.remove(message)}>
                {t('chat.delete')}
              </button>
            </>
          ) : (
            <>
              {message.room ? (
                <button type="button" className={linkButton} onClick={() => actions.mention(message)}>
                  {t('chat.mention')}
                </button>
              ) : null}
              <MessageFounderButton contact={message.contact} className={linkButton} />
              <button type="button" className={linkButton} onClick={() => setMode('report')}>
                {t('chat.report')}
              </button>
              <button type="button" className={linkButton} onClick={() => actions.block(message)}>
                {t('chat.block')}
              </button>
            </>
          )}
        </div>
      ) : null}
    </li>
  );
}

function EditForm({ message, onDone, edit }: { message: ChatMessage; onDone: () => void; edit: MessageActions['edit'] }) {
  const { t } = useTranslation('community');
  const id = useId();
  const [body, setBody] = useState(message.body);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!body.trim()) return;
    setSaving(true);
    const saved = await edit(message, body);
    setSaving(false);
    if (saved) onDone();
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-1 flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium">
        {t('chat.editLabel')}
      </label>
      <textarea
        id={id}
        value={body}
        maxLength={CHAT_MESSAGE_MAX}
        rows={2}
        autoFocus
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        className="rounded-md border border-border bg-background p-2 text-sm"
      />
      <div className="flex gap-2">
        <button type="submit" className={smallButton} disabled={saving || !body.trim()}>
          {t('chat.save')}
        </button>
        <button type="button" className={smallButton} onClick={onDone}>
          {t('chat.cancel')}
        </button>
      </div>
    </form>
  );
}

function ReportForm({ message, onDone, report }: { message: ChatMessage; onDone: () => void; report: MessageActions['report'] }) {
  const { t } = useTranslation('community');
  const id = useId();
  const [reason, setReason] = useState<ChatReportReason>('spam');
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    const sent = await report(message, reason);
    setSending(false);
    if (sent) onDone();
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-1 flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-xs font-medium">
          {t('chat.reason')}
        </label>
        <select id={id} value={reason} autoFocus onChange={(event) => setReason(event.target.value as ChatReportReason)} className="rounded-md border border-border bg-background px-2 py-1 text-sm">
          {CHAT_REPORT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`chat.reasons.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={smallButton} disabled={sending}>
        {t('chat.sendReport')}
      </button>
      <button type="button" className={smallButton} onClick={onDone}>
        {t('chat.cancel')}
      </button>
    </form>
  );
}
