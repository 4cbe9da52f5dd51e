import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Download, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_SEVERITIES, AuditLogQuery } from '../../../../core/admin/audit-log.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { api } from '../../../lib/api-routes.ts';
import { cn } from '../../../lib/cn.ts';
import { AdminSection } from '../admin-section.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { ListState } from '../list-state.tsx';
import { Pager, pageCount } from '../pager.tsx';
import { AuditTable } from './audit-table.tsx';

const PAGE_SIZE = 50;
const FIELDS = ['actorId', 'targetUserId', 'event', 'severity', 'from', 'to'] as const;
type Filters = Record<(typeof FIELDS)[number], string>;
const NONE: Filters = { actorId: '', targetUserId: '', event: '', severity: '', from: '', to: '' };

/** The filters given, blanks left out: what the query string carries and what the shared query checks. */
const given = (filters: Filters) => Object.fromEntries(Object.entries(filters).filter(([, value]) => value.trim() !== ''));
const paramsOf = (filters: Filters, page?: number): Record<string, string> => ({ ...given(filters), ...(page ? { page: String(page), limit: String(PAGE_SIZE) } : {}) });
const queryOf = (filters: Filters, page?: number) => new URLSearchParams(paramsOf(filters, page)).toString();

type FieldProps = ReturnType<ReturnType<typeof useSchemaForm<typeof AuditLogQuery, Filters>>['field']>;

function Field({ name, field, error }: { name: (typeof FIELDS)[number]; field: FieldProps; error: string | undefined }) {
  const { t } = useTranslation('admin');
  return (
    <div>
      <label htmlFor={field.id} className="text-sm font-medium">
        {t(`audit.filters.${name}`)}
      </label>
      {name === 'severity' ? (
        <select {...field} className={cn(inputClass, 'h-11')}>
          <option value="">{t('audit.severity.any')}</option>
          {AUDIT_SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {t(`audit.severity.${severity}`)}
            </option>
          ))}
        </select>
      ) : (
        <input {...field} type={name === 'from' || name === 'to' ? 'date' : 'text'} className={cn(inputClass, 'h-11')} />
      )}
      {error && (
        <p id={`${field.id}-error`} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * /admin/audit: the audit log (decision 202), filtered by who acted, about whom, which event,
 * how serious and which days (at most 91), 50 to a page; the same rows download as CSV.
 */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const [filters, setFilters] = useState<Filters>(NONE);
  const [page, setPage] = useState(1);
  const params = paramsOf(filters, page);
  const log = useQuery({
    queryKey: ['admin', 'audit', new URLSearchParams(params).toString()],
    queryFn: () => api('GET /api/admin/audit-logs', { query: params }),
    placeholderData: keepPreviousData,
  });
  const pages = pageCount(log.data?.total, PAGE_SIZE);

  // The days are checked as the server checks them (in order, at most 91 days apart): the problem shows under its day.
  const form = useSchemaForm(AuditLogQuery, NONE, {
    toInput: given,
    onSubmit: (_query, typed) => {
      setFilters(typed);
      setPage(1);
    },
  });

  return (
    <AdminSection id="admin-audit" title={t('audit.title')} intro={t('audit.intro')}>
      <form role="search" noValidate onSubmit={form.handleSubmit} className="mt-4 grid gap-3 sm:grid-cols-3">
        {FIELDS.map((name) => (
          <Field key={name} name={name} field={form.field(name)} error={form.errors[name]} />
        ))}
        <div className="flex flex-wrap items-end gap-2 sm:col-span-3">
          <button type="submit" className={buttonClass.secondary}>
            <Search aria-hidden="true" className="size-4" />
            {t('audit.apply')}
          </button>
          <a href={`/api/admin/audit-logs/export?${queryOf(filters)}`} download className={buttonClass.secondary}>
            <Download aria-hidden="true" className="size-4" />
            {t('audit.export')}
          </a>
        </div>
      </form>
      <ListState query={log} area="audit" isEmpty={(data) => data.entries.length === 0}>
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground">{t('audit.count', { count: data.total })}</p>
            <AuditTable entries={data.entries} />
            <Pager page={page} pages={pages} onPage={setPage} />
          </>
        )}
      </ListState>
    </AdminSection>
  );
}
