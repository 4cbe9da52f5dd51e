import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { CHAT_REPORT_STATES } from '../../../../core/admin/chat-reports.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';
import { errorMessage } from '../../../lib/error-toast.ts';
import { intlLocale } from '../../../lib/format.ts';
import { AdminSection } from '../admin-section.tsx';
import { ListFilter } from '../list-filter.tsx';
import { PagedCards } from '../paged-cards.tsx';
import { pageCount } from '../pager.tsx';

/** GET /api/admin/chat-reports: the server's answer (`listChatReports`). */
type AdminChatReportsPage = ApiAnswer<'GET /api/admin/chat-reports'>;
type AdminChatReport = AdminChatReportsPage['reports'][number];

const PAGE_SIZE = 20;
const reportsKey = ['admin', 'chat-reports'] as const;

function FounderLink({ founder }: { founder: { id: string; email: string } }) {
  return (
    <Link to={`/admin/users/${encodeURIComponent(founder.id)}`} className="break-all text-primary underline underline-offset-4">
      {founder.email}
    </Link>
  );
}

function ReportCard({ report }: { report: AdminChatReport }) {
  const { t, i18n } = useTranslation(['admin', 'community', 'profile']);
  const queryClient = useQueryClient();
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  const resolve = useMutation({
    mutationFn: (action: 'dismiss' | 'remove') => api(`POST /api/admin/chat-reports/:id/${action}`, { params: { id: report.id } }),
    onSuccess: async (_, action) => {
      toast.success(t(action === 'remove' ? 'chatReports.removed' : 'chatReports.dismissed'));
      await queryClient.invalidateQueries({ queryKey: reportsKey });
    },
    onError: (error) => toast.error(t('chatReports.actionError'), { description: errorMessage(error) }),
  });
  const titleId = `chat-report-${report.id}`;
  const { room: reportedRoom } = report.message;
  // A direct message has no room (decision 220): the admin sees it is one, between the author and the reporter.
  const room =
    reportedRoom === null ? t('chatReports.directMessage') : reportedRoom === 'general' ? t('community:chat.general') : t(`profile:options.phase.${reportedRoom}`);
  return (
    <li className="rounded-lg border border-border p-4" aria-labelledby={titleId}>
      <h3 id={titleId} className="font-medium">
        {t(`community:chat.reasons.${report.reason}`)} · {when.format(new Date(report.createdAt))}
      </h3>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t('chatReports.reporter')}</dt>
        <dd>{report.reporter ? <FounderLink founder={report.reporter} /> : t('chatReports.deletedAccount')}</dd>
        <dt className="text-muted-foreground">{t('chatReports.author')}</dt>
        <dd>
          <FounderLink founder={report.message.author} />
        </dd>
        <dt className="text-muted-foreground">{t('chatReports.room')}</dt>
        <dd>
          {room} · {when.format(new Date(report.message.createdAt))}
        </dd>
      </dl>
      <blockquote className="mt-2 border-l-2 border-border pl-3 text-sm whitespace-pre-wrap break-words">{report.body}</blockquote>
      {report.resolution ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {t(`chatReports.resolution.${report.resolution}`)}
          {report.resolvedAt ? ` · ${when.format(new Date(report.resolvedAt))}` : ''}
        </p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="button" className={buttonClass.secondary} disabled={resolve.isPending} onClick={() => resolve.mutate('dismiss')}>
            {t('chatReports.dismiss')}
          </button>
          <button type="button" className={buttonClass.destructive} disabled={resolve.isPending || report.message.deleted} onClick={() => resolve.mutate('remove')}>
            {t('chatReports.remove')}
          </button>
          {report.message.deleted ? <p className="self-center text-sm text-muted-foreground">{t('chatReports.alreadyDeleted')}</p> : null}
        </div>
      )}
    </li>
  );
}

/** /admin/chat-reports: messages founders reported, open first; dismiss or remove (decision 174). */
export function ChatReportsPage() {
  const { t } = useTranslation('admin');
  const [state, setState] = useState<(typeof CHAT_REPORT_STATES)[number]>('open');
  const [page, setPage] = useState(1);
  const query = { state, page: String(page), limit: String(PAGE_SIZE) };
  const reports = useQuery({
    queryKey: [...reportsKey, new URLSearchParams(query).toString()],
    queryFn: () => api('GET /api/admin/chat-reports', { query }),
    placeholderData: keepPreviousData,
  });
  const pages = pageCount(reports.data?.total, PAGE_SIZE);
  return (
    <AdminSection id="admin-chat-reports" title={t('chatReports.title')} intro={t('chatReports.intro')}>
      <ListFilter
        label={t('chatReports.filter')}
        value={state}
        options={CHAT_REPORT_STATES}
        optionLabel={(one) => t(`chatReports.states.${one}`)}
        onChange={(one) => {
          setState(one);
          setPage(1);
        }}
      />
      <PagedCards
        query={reports}
        area="chatReports"
        items={(data) => data.reports}
        card={(report) => <ReportCard key={report.id} report={report} />}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </AdminSection>
  );
}
