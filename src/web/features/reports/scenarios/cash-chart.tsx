import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ProjectionWeek } from '../../../../core/reports/runway-projection.ts';
import type { Formatter } from '../../../lib/metric-format.ts';
import { AXIS_TICK, TOOLTIP_STYLE } from '../../../components/chart-style.ts';

/** Cash at the end of each projected week, with the zero line the runway ends on. */
/** `axisMoney` is compact (USD 200K): a full amount with cents does not fit beside a phone-wide chart. */
export function CashChart({ weeks, money, axisMoney, title }: { weeks: readonly ProjectionWeek[]; money: Formatter; axisMoney: Formatter; title: string }) {
  const { t } = useTranslation('reports');
  return (
    <figure className="h-48" aria-label={title}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={weeks as ProjectionWeek[]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
          <XAxis dataKey="week" tick={AXIS_TICK} ticks={[1, 26, 52, 78, 104]} />
          <YAxis tick={AXIS_TICK} width={76} tickFormatter={(value: number) => axisMoney(value)} />
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
            labelFormatter={(week) => t('scenarios.chart.week', { week })}
            formatter={(value) => [money(Number(value)), t('scenarios.chart.cash')]}
          />
          <ReferenceLine y={0} stroke="var(--destructive)" />
          <Line type="monotone" dataKey="cash" stroke="var(--primary)" dot={false} strokeWidth={2} isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
