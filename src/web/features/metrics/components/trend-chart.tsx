import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { MetricKey } from '../../../../core/metrics/formulas.ts';
import { formatWeek } from '../../../../core/metrics/iso-week.ts';
import { SUMMARY_RANGES, type SummaryRange } from '../../../../core/metrics/summary-range.ts';
import { TARGETS } from '../../../../core/metrics/targets.ts';
import { cn } from '../../../lib/cn.ts';
import { useSummarySeries } from '../../../lib/api/metrics-api.ts';
import { METRIC_UNITS, metricFormatter } from '../format.ts';
import type { NumberStyle } from '../number-style.ts';

export const CHART_METRICS = [
  'mrr',
  'weeklyRecurringRevenue',
  'revenueGrowth',
  'cashBalance',
  'weeklyBurnRate',
  'runwayWeeks',
  'churnRate',
  'ndr',
  'cac',
  'ltv',
  'arpc',
  'ltvToCac',
  'paybackWeeks',
  'activeUsers',
  'userGrowth',
] as const satisfies readonly MetricKey[];
type ChartMetric = (typeof CHART_METRICS)[number];

type Props = { numbers: NumberStyle };

/** A metric's trend over the chosen range (calendar weeks, cut by the server), with its target drawn in when it has one. */
export function TrendChart({ numbers }: Props) {
  const { t } = useTranslation('metrics');
  const id = useId();
  const [metric, setMetric] = useState<ChartMetric>('mrr');
  const [range, setRange] = useState<SummaryRange>('12w');
  const summary = useSummarySeries(range);
  const points = (summary.data?.series ?? []).map((point) => ({ ...point, label: formatWeek(point) }));
  const unit = METRIC_UNITS[metric];
  const axisFormat = metricFormatter(unit, numbers, true);
  const valueFormat = metricFormatter(unit, numbers);
  const target = Object.hasOwn(TARGETS, metric) ? TARGETS[metric as keyof typeof TARGETS] : null;
  const last = points.at(-1);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t('charts.title')}
        </h2>
        <div role="group" aria-label={t('charts.range')} className="inline-flex rounded-md border border-border p-0.5">
          {(Object.keys(SUMMARY_RANGES) as SummaryRange[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={range === key}
              onClick={() => setRange(key)}
              className={cn('rounded px-2.5 py-1 text-sm', range === key ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted')}
            >
              {t(`charts.ranges.${key}`)}
            </button>
          ))}
        </div>
      </div>
      <label htmlFor={`${id}-metric`} className="mt-4 block text-sm font-medium">
        {t('charts.metric')}
      </label>
      <select
        id={`${id}-metric`}
        value={metric}
        onChange={(event) => setMetric(event.target.value as ChartMetric)}
        className="mt-1 h-10 w-full max-w-xs rounded-md border border-input bg-background px-2 text-sm"
      >
        {CHART_METRICS.map((key) => (
          <option key={key} value={key}>
            {t(`metrics.${key}`)}
          </option>
        ))}
      </select>
      <figure className="mt-4">
        <div className="h-64 w-full" data-testid="trend-chart">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
              <XAxis dataKey="label" tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} minTickGap={24} />
              <YAxis tickFormatter={(value: number) => axisFormat(value)} tick={{ fill: 'var(--muted-foreground)', fontSize: 12 }} width={64} />
              <Tooltip
                formatter={(value) => [valueFormat(typeof value === 'number' ? value : null), t(`metrics.${metric}`)]}
                contentStyle={{ background: 'var(--card)', border: '1px solid var(--border)', color: 'var(--card-foreground)' }}
              />
              {target && (
                <ReferenceLine
                  y={target.threshold}
                  stroke="var(--highlight)"
                  strokeDasharray="6 4"
                  label={{ value: t('charts.target'), fill: 'var(--muted-foreground)', fontSize: 12, position: 'insideTopRight' }}
                />
              )}
              <Line type="monotone" dataKey={metric} stroke="var(--primary)" strokeWidth={2} dot={points.length < 30} connectNulls={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <figcaption className="mt-2 text-sm text-muted-foreground">
          {last
            ? t('charts.caption', { metric: t(`metrics.${metric}`), count: points.length, value: valueFormat(last[metric]), week: last.label })
            : t('charts.noData')}
        </figcaption>
      </figure>
    </section>
  );
}
