import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AnalyticsQuery, FEATURES, FUNNEL_STEPS } from '../../../../core/admin/admin-analytics.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';
import { cn } from '../../../lib/cn.ts';
import { intlLocale } from '../../../lib/format.ts';
import { AdminSection } from '../admin-section.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { ListState } from '../list-state.tsx';
import { AXIS_TICK, TOOLTIP_STYLE } from '../../../components/chart-style.ts';

/** GET /api/admin/analytics: the server's answer (`adminAnalytics`), as JSON. */
type Analytics = ApiAnswer<'GET /api/admin/analytics'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const RANGE_FIELDS = ['from', 'to'] as const;

function Panel({ title, summary, children }: { title: string; summary?: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-border p-4">
      <h3 className="font-medium">{title}</h3>
      {summary ? <p className="text-sm text-muted-foreground">{summary}</p> : null}
      <div className="mt-3">{children}</div>
    </section>
  );
}

function DayChart({ data, kind, label }: { data: { day: string; count: number }[]; kind: 'bar' | 'line'; label: string }) {
  const Chart = kind === 'bar' ? BarChart : LineChart;
  return (
    <figure className="h-48 w-full" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <Chart data={data} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="day" tick={AXIS_TICK} minTickGap={24} />
          <YAxis allowDecimals={false} tick={AXIS_TICK} width={40} />
          <Tooltip contentStyle={TOOLTIP_STYLE} />
          {kind === 'bar' ? <Bar dataKey="count" name={label} fill="var(--primary)" /> : <Line dataKey="count" name={label} stroke="var(--primary)" dot={false} />}
        </Chart>
      </ResponsiveContainer>
    </figure>
  );
}

/** Label, count and a bar as wide as its share of the first row. */
function Bars({ rows }: { rows: { label: string; count: number }[] }) {
  const top = Math.max(1, rows[0]?.count ?? 1, ...rows.map((row) => row.count));
  return (
    <ul className="space-y-2 text-sm">
      {rows.map((row) => (
        <li key={row.label}>
          <div className="flex justify-between gap-2">
            <span>{row.label}</span>
            <span className="tabular-nums">{row.count}</span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2 rounded bg-muted">
            <div className="h-2 rounded bg-primary" style={{ width: `${(row.count / top) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Retention({ cohorts }: { cohorts: Analytics['retention'] }) {
  const { t, i18n } = useTranslation('admin');
  const percent = new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent', maximumFractionDigits: 0 });
  const width = Math.max(0, ...cohorts.map((cohort) => cohort.active.length));
  if (cohorts.length === 0) return <p className="text-sm text-muted-foreground">{t('analytics.noCohorts')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="text-sm tabular-nums">
        <caption className="sr-only">{t('analytics.retention')}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-2 py-1 text-left font-medium">
              {t('analytics.cohort')}
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              {t('analytics.size')}
            </th>
            {Array.from({ length: width }, (_, week) => (
              <th key={week} scope="col" className="px-2 py-1 font-medium">
                {t('analytics.weekN', { week })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cohorts.map((cohort) => (
            <tr key={cohort.week}>
              <th scope="row" className="px-2 py-1 text-left font-normal whitespace-nowrap">
                {cohort.week}
              </th>
              <td className="px-2 py-1 text-center">{cohort.size}</td>
              {cohort.active.map((share, week) => (
                <td key={week} className="px-2 py-1 text-center" style={{ backgroundColor: `color-mix(in oklch, var(--primary) ${Math.round(share * 40)}%, transparent)` }}>
                  {percent.format(share)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /admin/analytics: how founders arrive, activate, use Rumbo and come back (decision 204). */
export function AnalyticsPage() {
  const { t } = useTranslation('admin');
  const [today] = useState(() => Date.now());
  const [range, setRange] = useState({ from: isoDay(today - 29 * DAY_MS), to: isoDay(today) });
  // The days are checked as the server checks them (in order, at most 366): the problem shows under its day.
  const form = useSchemaForm(AnalyticsQuery, range, { onSubmit: setRange });
  const query = new URLSearchParams(range).toString();
  const analytics = useQuery({
    queryKey: ['admin', 'analytics', query],
    queryFn: () => api('GET /api/admin/analytics', { query: range }),
    placeholderData: keepPreviousData,
  });
  return (
    <AdminSection id="admin-analytics" title={t('analytics.title')} intro={t('analytics.intro')}>
      <form noValidate onSubmit={form.handleSubmit} className="mt-4 flex flex-wrap items-end gap-3">
        {RANGE_FIELDS.map((name) => (
          <div key={name}>
            <label htmlFor={form.id(name)} className="text-sm font-medium">
              {t(`analytics.${name}`)}
            </label>
            <input {...form.field(name)} type="date" className={cn(inputClass, 'h-11')} />
            {form.errors[name] && (
              <p id={form.errorId(name)} className="mt-1 text-sm text-destructive">
                {form.errors[name]}
              </p>
            )}
          </div>
        ))}
        <button type="submit" className={buttonClass.secondary}>
          {t('analytics.apply')}
        </button>
      </form>
      <ListState query={analytics} area="analytics" isEmpty={() => false}>
        {(data) => (
          <div className="grid gap-4 lg:grid-cols-2">
            <Panel title={t('analytics.signUps')} summary={t('analytics.total', { count: data.signUps.reduce((sum, day) => sum + day.count, 0) })}>
              <DayChart data={data.signUps} kind="bar" label={t('analytics.signUps')} />
            </Panel>
            <Panel title={t('analytics.dailyActive')}>
              <DayChart data={data.dailyActive} kind="line" label={t('analytics.dailyActive')} />
            </Panel>
            <Panel title={t('analytics.weeklyActive')}>
              <Bars rows={data.weeklyActive.map((week) => ({ label: week.week, count: week.count }))} />
            </Panel>
            <Panel title={t('analytics.funnel')}>
              <Bars rows={FUNNEL_STEPS.map((step) => ({ label: t(`analytics.steps.${step}`), count: data.funnel[step] }))} />
            </Panel>
            <Panel title={t('analytics.tiers')}>
              <Bars rows={data.tiers.map((tier) => ({ label: t(`usersSection.filters.tier.${tier.tier}`), count: tier.count }))} />
            </Panel>
            <Panel
              title={t('analytics.support.title')}
              summary={
                data.support.medianHoursToFirstReply === null
                  ? t('analytics.support.noReplies')
                  : t('analytics.support.median', { hours: data.support.medianHoursToFirstReply })
              }
            >
              <Bars
                rows={(['priorityItems', 'answered', 'withinTarget', 'overdue'] as const).map((key) => ({ label: t(`analytics.support.${key}`), count: data.support[key] }))}
              />
            </Panel>
            <Panel title={t('analytics.features')}>
              <Bars rows={FEATURES.map((feature) => ({ label: t(`analytics.featureNames.${feature}`), count: data.features[feature] }))} />
            </Panel>
            <div className="lg:col-span-2">
              <Panel title={t('analytics.retention')} summary={t('analytics.retentionHint')}>
                <Retention cohorts={data.retention} />
              </Panel>
            </div>
          </div>
        )}
      </ListState>
    </AdminSection>
  );
}
