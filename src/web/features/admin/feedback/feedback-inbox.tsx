import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { FEEDBACK_NOTE_MAX } from '../../../../core/admin/admin-feedback.ts';
import { FEEDBACK_REPLY_MAX } from '../../../../core/admin/admin-operations.ts';
import { FEEDBACK_STATUSES, type FeedbackStatus } from '../../../../core/feedback/feedback-schema.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/error-toast.ts';
import { intlLocale } from '../../../lib/format.ts';
import { AdminSection } from '../admin-section.tsx';
import { ListFilter } from '../list-filter.tsx';
import { PagedCards } from '../paged-cards.tsx';
import { pageCount } from '../pager.tsx';

/** GET /api/admin/feedback: the server's answer (`feedbackInbox`), as JSON. */
type Inbox = ApiAnswer<'GET /api/admin/feedback'>;
type InboxItem = Inbox['feedback'][number];
const PAGE_SIZE = 20;
const inboxKey = ['admin', 'feedback'] as const;

function useInboxWrite<Input>(request: (input: Input) => Promise<unknown>, done: string, failed: string) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      toast.success(t(done));
      await queryClient.invalidateQueries({ queryKey: inboxKey });
    },
    onError: (error) => toast.error(t(failed), { description: errorMessage(error) }),
  });
}

function NoteForm({ item }: { item: InboxItem }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [body, setBody] = useState('');
  const add = useInboxWrite(
    (text: string) => api('POST /api/admin/feedback/:id/notes', { params: { id: item.id }, json: { body: text } }),
    'feedbackInbox.noteAdded',
    'feedbackInbox.noteError',
  );
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (body.trim()) add.mutate(body, { onSuccess: () => setBody('') });
  }
  return (
    <form onSubmit={onSubmit} className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('feedbackInbox.note')}
        </label>
        <input id={id} value={body} maxLength={FEEDBACK_NOTE_MAX} onChange={(event) => setBody(event.target.value)} className={cn(inputClass, 'h-10')} />
      </div>
      <button type="submit" className={buttonClass.secondary} disabled={add.isPending || !body.trim()}>
        {t('feedbackInbox.addNote')}
      </button>
    </form>
  );
}

/** The answer the founder reads beside their message and gets by e-mail (decision 273). */
function ReplyForm({ item }: { item: InboxItem }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [body, setBody] = useState('');
  const send = useInboxWrite(
    (text: string) => api('POST /api/admin/feedback/:id/replies', { params: { id: item.id }, json: { body: text } }),
    'feedbackInbox.replySent',
    'feedbackInbox.replyError',
  );
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (body.trim()) send.mutate(body, { onSuccess: () => setBody('') });
  }
  return (
    <form onSubmit={onSubmit} className="mt-3 flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {t('feedbackInbox.reply')}
      </label>
      <textarea id={id} value={body} rows={3} maxLength={FEEDBACK_REPLY_MAX} onChange={(event) => setBody(event.target.value)} className={cn(inputClass, 'py-2')} />
      <p className="text-xs text-muted-foreground">{t('feedbackInbox.replyHint')}</p>
      <button type="submit" className={cn(buttonClass.primary, 'self-start')} disabled={send.isPending || !body.trim()}>
        {t('feedbackInbox.sendReply')}
      </button>
    </form>
  );
}

/** Priority support's line: the target, or how long the first answer took; overdue in the destructive colour. */
function PriorityLine({ item, when }: { item: InboxItem; when: Intl.DateTimeFormat }) {
  const { t } = useTranslation('admin');
  if (!item.priority) return null;
  const text = item.firstRepliedAt
    ? t('feedbackInbox.priority.answered', { when: when.format(new Date(item.firstRepliedAt)) })
    : t(item.overdue ? 'feedbackInbox.priority.overdue' : 'feedbackInbox.priority.due', { when: when.format(new Date(item.firstReplyDueAt ?? item.createdAt)) });
  return (
    <p className={cn('mt-1 flex flex-wrap items-center gap-2 text-sm', item.overdue ? 'font-medium text-destructive' : 'text-muted-foreground')}>
      <span className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">{t('feedbackInbox.priority.badge')}</span>
      {text}
    </p>
  );
}

function InboxCard({ item }: { item: InboxItem }) {
  const { t, i18n } = useTranslation(['admin', 'feedback']);
  const statusId = useId();
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const move = useInboxWrite(
    (status: FeedbackStatus) => api('PUT /api/admin/feedback/:id/status', { params: { id: item.id }, json: { status } }),
    'feedbackInbox.moved',
    'feedbackInbox.moveError',
  );
  return (
    <li className={cn('rounded-lg border p-4', item.overdue ? 'border-destructive border-2' : 'border-border')} aria-labelledby={`${item.id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={`${item.id}-title`} className="font-medium">
            {t(`feedback:type.${item.type}`)} · {when.format(new Date(item.createdAt))}
          </h3>
          <p className="text-sm text-muted-foreground">
            <Link to={`/admin/users/${encodeURIComponent(item.founder.id)}`} className="break-all text-primary underline underline-offset-4">
              {item.founder.email}
            </Link>{' '}
            · {item.page} · {t('feedbackInbox.version', { version: item.appVersion })}
          </p>
          <PriorityLine item={item} when={when} />
        </div>
        <div>
          <label htmlFor={statusId} className="text-sm font-medium">
            {t('feedbackInbox.statusLabel')}
          </label>
          <select id={statusId} value={item.status} disabled={move.isPending} onChange={(event) => move.mutate(event.target.value as FeedbackStatus)} className={cn(inputClass, 'h-10')}>
            {FEEDBACK_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`feedbackInbox.status.${status}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="mt-2 text-sm whitespace-pre-wrap">{item.content}</p>
      {item.sections.length > 0 ? <p className="mt-1 text-xs text-muted-foreground">{item.sections.map((section) => t(`feedback:sections.${section}`)).join(' · ')}</p> : null}
      {item.images.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-2">
          {item.images.map((image) => (
            <li key={image.id}>
              <a href={`/api/admin/feedback/${item.id}/images/${image.id}`} target="_blank" rel="noreferrer" className="block rounded border border-border">
                <img src={`/api/admin/feedback/${item.id}/images/${image.id}`} alt={image.name} className="h-20 w-auto" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {item.notes.length > 0 ? (
        <ul aria-label={t('feedbackInbox.notes')} className="mt-3 space-y-1 border-l-2 border-border pl-3 text-sm">
          {item.notes.map((note) => (
            <li key={note.id}>
              <span className="text-muted-foreground">{note.authorEmail ?? '—'}:</span> {note.body}
            </li>
          ))}
        </ul>
      ) : null}
      {item.replies.length > 0 ? (
        <ul aria-label={t('feedbackInbox.replies')} className="mt-3 space-y-1 rounded-md bg-muted p-3 text-sm">
          {item.replies.map((reply) => (
            <li key={reply.id}>
              <span className="text-muted-foreground">
                {reply.authorEmail ?? '—'} · {when.format(new Date(reply.createdAt))}:
              </span>{' '}
              <span className="whitespace-pre-wrap">{reply.body}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <ReplyForm item={item} />
      <NoteForm item={item} />
    </li>
  );
}

/** /admin/feedback: founders' feedback, Premium founders' first, then newest first, by status (decisions 203 and 273). */
export function FeedbackInbox() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<FeedbackStatus | ''>('');
  const [page, setPage] = useState(1);
  const query = { ...(status ? { status } : {}), page: String(page), limit: String(PAGE_SIZE) };
  const inbox = useQuery({
    queryKey: [...inboxKey, new URLSearchParams(query).toString()],
    queryFn: () => api('GET /api/admin/feedback', { query }),
    placeholderData: keepPreviousData,
  });
  const pages = pageCount(inbox.data?.total, PAGE_SIZE);
  return (
    <AdminSection id="admin-feedback" title={t('feedbackInbox.title')} intro={t('feedbackInbox.intro')}>
      <ListFilter<FeedbackStatus | ''>
        label={t('feedbackInbox.filter')}
        value={status}
        options={FEEDBACK_STATUSES}
        optionLabel={(one) => t(`feedbackInbox.status.${one}`)}
        anyLabel={t('feedbackInbox.anyStatus')}
        onChange={(one) => {
          setStatus(one);
          setPage(1);
        }}
      />
      <PagedCards
        query={inbox}
        area="feedbackInbox"
        items={(data) => data.feedback}
        card={(item) => <InboxCard key={item.id} item={item} />}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </AdminSection>
  );
}
