import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { isoWeekStart } from '../../../../core/metrics/iso-week.ts';
import { SUMMARY_RANGES, type SummaryRange } from '../../../../core/metrics/summary-range.ts';
import { TARGETS } from '../../../../core/metrics/targets.ts';
import { DASHBOARD_METRICS, type DashboardMetric } from '../../../../core/metrics/metric-units.ts';
import { useSummarySeries } from '../metrics-api.ts';
import { useDates } from '../dates.ts';
import { METRIC_UNITS, metricFormatter } from '../../../lib/metric-format.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { AXIS_TICK, TOOLTIP_STYLE } from '../../../components/chart-style.ts';
import { ChartSection, tooltipLabel } from './chart-section.tsx';
import { ToggleGroup } from './toggle-group.tsx';

const RANGES = Object.keys(SUMMARY_RANGES) as SummaryRange[];

type Props = { numbers: NumberStyle };

/** A metric's trend over the chosen range (calendar weeks, cut by the server), with its target drawn in when it has one. */
export function TrendChart({ numbers }: Props) {
  const { t } = useTranslation('metrics');
  const id = useId();
  const [metric, setMetric] = useState<DashboardMetric>('mrr');
  const [range, setRange] = useState<SummaryRange>('12w');
  const summary = useSummarySeries(range);
  const dates = useDates();
  // The axis names each week's Monday ("2 Nov"), or its month over a year or more; the tooltip and caption the whole week.
  const tick = range === '12w' || range === '6m' ? dates.shortDay : dates.month;
  const points = (summary.data?.series ?? []).map((point) => ({ ...point, tick: tick(isoWeekStart(point)), label: dates.week(point), day: dates.weekStart(point) }));
  const unit = METRIC_UNITS[metric];
  const axisFormat = metricFormatter(unit, numbers, true);
  const valueFormat = metricFormatter(unit, numbers);
  const target = Object.hasOwn(TARGETS, metric) ? TARGETS[metric as keyof typeof TARGETS] : null;
  const last = points.at(-1);

  return (
    <ChartSection
      title={t('charts.title')}
      controls={<ToggleGroup label={t('charts.range')} options={RANGES} value={range} onChange={setRange} optionLabel={(key) => t(`charts.ranges.${key}`)} />}
    >
      <label htmlFor={`${id}-metric`} className="mt-4 block text-sm font-medium">
        {t('charts.metric')}
      </label>
      <select
        id={`${id}-metric`}
        value={metric}
        onChange={(event) => setMetric(event.target.value as DashboardMetric)}
        className="mt-1 h-10 w-full max-w-xs rounded-md border border-input bg-background px-2 text-sm"
      >
        {DASHBOARD_METRICS.map((key) => (
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
              <XAxis dataKey="tick" tick={AXIS_TICK} minTickGap={24} />
              <YAxis tickFormatter={(value: number) => axisFormat(value)} tick={AXIS_TICK} width={64} />
              <Tooltip
                labelFormatter={tooltipLabel}
                formatter={(value) => [valueFormat(typeof value === 'number' ? value : null), t(`metrics.${metric}`)]}
                contentStyle={TOOLTIP_STYLE}
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
            ? t('charts.caption', { metric: t(`metrics.${metric}`), count: points.length, value: valueFormat(last[metric]), week: last.day })
            : t('charts.noData')}
        </figcaption>
      </figure>
    </ChartSection>
  );
}
