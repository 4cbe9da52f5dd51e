import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Line, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { isoWeekOf } from '../../../../core/metrics/iso-week.ts';
import { type MovementGrouping, type MrrMovement, mrrMovements } from '../../../../core/metrics/mrr-movements.ts';
import type { WeekRecord } from '../../../../core/metrics/week-record.ts';
import { cn } from '../../../lib/cn.ts';
import { useDates } from '../dates.ts';
import { metricFormatter } from '../../../lib/metric-format.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { AXIS_TICK, TOOLTIP_STYLE } from '../../../components/chart-style.ts';
import { ChartSection, tooltipLabel } from './chart-section.tsx';
import { ToggleGroup } from './toggle-group.tsx';

/** Gains up, losses down, net as a line; each a theme colour with its name in the legend and table. */
const SERIES = [
  { key: 'newMrr', colour: 'var(--primary)', sign: 1 },
  // A lighter tint of the same hue: both are gains, told apart by lightness as well as the legend.
  { key: 'expansion', colour: 'color-mix(in oklch, var(--primary) 45%, var(--card))', sign: 1 },
  { key: 'contraction', colour: 'var(--warning)', sign: -1 },
  { key: 'churned', colour: 'var(--destructive)', sign: -1 },
] as const satisfies readonly { key: keyof MrrMovement; colour: string; sign: 1 | -1 }[];
const NET_LINE = { key: 'net', colour: 'var(--foreground)' } as const;
const LEGEND = [...SERIES, NET_LINE];
/** The table's columns: each movement, then the net. */
const COLUMNS = LEGEND.map(({ key }) => key);
const GROUPINGS: readonly MovementGrouping[] = ['week', 'month'];
/** Weeks or months shown. */
const PERIODS = 12;

type Props = { records: readonly WeekRecord[]; numbers: NumberStyle };

/**
 * MRR movements (decision 112): what new customers and expansions added and what
 * contractions and churn took, per week or per month, with the net change; a table
 * holds the same figures for screen readers.
 */
export function MrrMovementsChart({ records, numbers }: Props) {
  const { t } = useTranslation('metrics');
  const dates = useDates();
  const [by, setBy] = useState<MovementGrouping>('week');
  const oldestFirst = [...records].reverse();
  const all = mrrMovements(oldestFirst, by, PERIODS);
  // A founder's first weeks start the chart: no empty months before there was anything to record.
  const first = all.findIndex((period) => period.movement !== null);
  const periods = all.slice(Math.max(0, first)).map((period) => ({
    ...period,
    label: by === 'week' ? dates.week(isoWeekOf(period.start)) : dates.month(period.start),
    /** The period inside a sentence: "the week of 2 Nov 2026", "Nov 2026". */
    inSentence: by === 'week' ? dates.theWeek(isoWeekOf(period.start)) : dates.month(period.start),
    tick: by === 'week' ? dates.shortDay(period.start) : dates.month(period.start),
  }));
  const money = metricFormatter('money', numbers);
  const axisMoney = metricFormatter('money', numbers, true);
  const chartData = periods.map((period) => ({
    tick: period.tick,
    label: period.label,
    ...Object.fromEntries(SERIES.map(({ key, sign }) => [key, period.movement ? sign * period.movement[key] : null])),
    net: period.movement?.net ?? null,
  }));
  const latest = periods.findLast((period) => period.movement !== null);

  return (
    <ChartSection
      title={t('movements.title')}
      controls={<ToggleGroup label={t('movements.grouping')} options={GROUPINGS} value={by} onChange={setBy} optionLabel={(option) => t(`movements.by.${option}`)} />}
    >
      <p className="mt-1 text-sm text-muted-foreground">{t('movements.hint')}</p>
      <figure className="mt-4">
        <div className="h-64 w-full" data-testid="mrr-movements-chart" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            {/* Hidden from screen readers, which read the table below: so no keyboard layer either. */}
            <ComposedChart data={chartData} stackOffset="sign" accessibilityLayer={false} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
              <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
              <XAxis dataKey="tick" tick={AXIS_TICK} minTickGap={16} />
              <YAxis tickFormatter={(value: number) => axisMoney(value)} tick={AXIS_TICK} width={64} />
              <ReferenceLine y={0} stroke="var(--muted-foreground)" />
              <Tooltip
                labelFormatter={tooltipLabel}
                formatter={(value, name) => [money(typeof value === 'number' ? Math.abs(value) : null), t(`movements.series.${String(name)}`)]}
                contentStyle={TOOLTIP_STYLE}
              />
              {SERIES.map(({ key, colour }) => (
                <Bar key={key} dataKey={key} name={key} stackId="movement" fill={colour} maxBarSize={48} isAnimationActive={false} />
              ))}
              <Line type="monotone" dataKey="net" name="net" stroke="var(--foreground)" strokeWidth={2} dot connectNulls={false} isAnimationActive={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </div>
        <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
          {LEGEND.map(({ key, colour }) => (
            <li key={key} className="inline-flex items-center gap-1.5">
              <span className={cn('inline-block size-2.5', key === NET_LINE.key ? 'h-0.5 w-3' : 'rounded-sm')} style={{ background: colour }} />
              {t(`movements.series.${key}`)}
            </li>
          ))}
        </ul>
        <figcaption className="mt-2 text-sm text-muted-foreground">
          {latest?.movement ? t('movements.caption', { period: latest.inSentence, net: metricFormatter('money', numbers, false, true)(latest.movement.net) }) : t('movements.noData')}
        </figcaption>
      </figure>
      {/* A table ignores the 1 px width of .sr-only: the wrapper clips it, so it cannot widen the page. */}
      <div className="sr-only">
        <table>
          <caption>{t('movements.tableCaption', { by: t(`movements.by.${by}`) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t(`movements.period.${by}`)}</th>
              {COLUMNS.map((key) => (
                <th key={key} scope="col">
                  {t(`movements.series.${key}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period.label}>
                <th scope="row">{period.label}</th>
                {COLUMNS.map((key) => (
                  <td key={key}>{period.movement ? money(period.movement[key]) : t('movements.notRecorded')}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </ChartSection>
  );
}
