import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { auditSeverity } from '../../../../core/admin/audit-log.ts';
import type { ApiAnswer } from '../../../lib/api-routes.ts';
import { cn } from '../../../lib/cn.ts';
import { intlLocale } from '../../../lib/format.ts';
import { ColumnHeaders, DataTable } from '../../../components/data-table.tsx';

/** GET /api/admin/audit-logs: the server's answer (`listAuditLogs`), as JSON. */
export type AuditLogPage = ApiAnswer<'GET /api/admin/audit-logs'>;
type AuditRow = AuditLogPage['entries'][number];
/** A row of the audit log, or of a user page's trail (which leaves out the target: it is the user). */
export type AuditEntry = Pick<AuditRow, 'id' | 'actionType' | 'adminId' | 'details' | 'createdAt'> & Partial<Pick<AuditRow, 'targetUserId'>>;

const SEVERITY_CLASS = {
  low: 'text-muted-foreground',
  medium: 'text-foreground',
  high: 'font-medium text-warning-foreground',
  critical: 'font-semibold text-destructive',
} as const;

const AUDIT_COLUMNS = ['when', 'event', 'severity', 'actor', 'target', 'details'] as const;

const userLink = (id: string | null | undefined) =>
  id ? (
    <Link to={`/admin/users/${encodeURIComponent(id)}`} className="break-all text-primary underline underline-offset-4">
      {id}
    </Link>
  ) : (
    '—'
  );

/** Audit rows as a table: when, event, severity, who acted, about whom, what else it recorded. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation('admin');
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <DataTable caption={t('audit.tableLabel')} className="mt-2" head={<ColumnHeaders nowrap labels={AUDIT_COLUMNS.map((column) => t(`audit.columns.${column}`))} />}>
      {entries.map((entry) => {
        const severity = auditSeverity(entry.actionType);
        const { timestamp: _timestamp, ...details } = entry.details;
        return (
          <tr key={entry.id} className="border-t border-border align-top">
            <td className="px-3 py-2 whitespace-nowrap">{when.format(new Date(entry.createdAt))}</td>
            <th scope="row" className="px-3 py-2 font-mono text-xs font-normal">
              {entry.actionType}
            </th>
            <td className={cn('px-3 py-2', SEVERITY_CLASS[severity])}>{t(`audit.severity.${severity}`)}</td>
            <td className="px-3 py-2">{userLink(entry.adminId)}</td>
            <td className="px-3 py-2">{userLink(entry.targetUserId)}</td>
            <td className="max-w-xs px-3 py-2 font-mono text-xs break-all">{JSON.stringify(details)}</td>
          </tr>
        );
      })}
    </DataTable>
  );
}
