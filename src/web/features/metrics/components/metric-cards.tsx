import { Hourglass } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cashOutDate } from '../../../../core/metrics/cash-out.ts';
import type { MetricKey, MetricsSnapshot } from '../../../../core/metrics/formulas.ts';
import type { WeeksNeeded } from '../../../../core/metrics/history-needs.ts';
import { recentValues } from '../../../../core/metrics/metric-change.ts';
import { TARGETS, type TargetStatus, type TargetedMetric } from '../../../../core/metrics/targets.ts';
import { cn } from '../../../lib/cn.ts';
import type { SeriesPoint } from '../metrics-api.ts';
import { useDates } from '../dates.ts';
import { METRIC_UNITS, metricFormatter, targetSign } from '../../../lib/metric-format.ts';
import { useMetricText } from '../../../lib/metric-text.ts';
import { DASHBOARD_METRICS } from '../../../../core/metrics/metric-units.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { ChangeChips } from './metric-change-chips.tsx';
import { Sparkline } from './sparkline.tsx';
import { StatusBadge, STATUS_STYLES } from './status-badge.tsx';


/** A sparkline covers the last 12 calendar weeks. */
const SPARKLINE_WEEKS = 12;

const isTargeted = (key: MetricKey): key is TargetedMetric => Object.hasOwn(TARGETS, key);

/** The line under a value that says what kind of number it is (projected, without margin…). */
function noteFor(key: MetricKey, snapshot: MetricsSnapshot): string | null {
  if (key === 'ndr' && snapshot.ndrConfidence && snapshot.ndrConfidence !== 'measured') return `notes.ndr.${snapshot.ndrConfidence}`;
  if (key === 'runwayWeeks' && snapshot.runwayStatus === 'not-burning') return 'notes.notBurning';
  if ((key === 'ltv' || key === 'paybackWeeks' || key === 'ltvToCac') && snapshot.withoutMargin && snapshot[key] !== null) return 'notes.withoutMargin';
  if (key === 'ltv' && snapshot.ltv === null && snapshot.churnRate === 0) return 'notes.noChurn';
  if ((key === 'cac' || key === 'paybackWeeks' || key === 'ltvToCac') && snapshot.cac === null) return 'notes.noNewCustomers';
  if (key === 'activeUsers' && (snapshot.dailyActiveUsers !== null || snapshot.monthlyActiveUsers !== null)) return 'notes.activeUsers';
  // Growth is read by calendar week (decision 047): say which weeks are missing.
  if ((key === 'revenueGrowth' || key === 'userGrowth') && snapshot[key] === null) return `notes.${key}`;
  return null;
}

type Props = {
  snapshot: MetricsSnapshot;
  statuses: Record<TargetedMetric, TargetStatus | null> | null;
  /** The last weeks' metrics, oldest first: each card's changes and sparkline. */
  series: readonly SeriesPoint[];
  /** Metrics still short of the history they need: grey, with how many weeks, instead of a badge. */
  needsWeeks: WeeksNeeded | undefined;
  numbers: NumberStyle;
  /** Sample data in the empty state: shown, but marked as not the founder's. */
  sample?: boolean;
  /** Some of the cards only, in their dashboard order (the landing page's showcase), and their grid. */
  only?: readonly MetricKey[];
  className?: string;
};

/** A card's value as words and numbers: "50 weeks", "4.1 : 1", "$5,000 / wk". */
function useValueText(numbers: NumberStyle) {
  const { t } = useTranslation('metrics');
  const metricText = useMetricText(numbers);
  return (key: MetricKey, snapshot: MetricsSnapshot) => {
    if (key === 'runwayWeeks' && snapshot.runwayStatus === 'not-burning') return t('notes.profitable');
    return metricText(key, snapshot[key]);
  };
}

/** What the sparkline says to a screen reader: where the 12 weeks started and ended. */
function useSparklineLabel() {
  const { t } = useTranslation('metrics');
  return (values: (number | null)[], format: (value: number | null) => string) => {
    const known = values.filter((value) => value !== null);
    return t('cards.sparkline', { count: SPARKLINE_WEEKS, first: format(known[0] ?? null), last: format(known.at(-1) ?? null) });
  };
}

/**
 * Fifteen cards with their chips and sparklines: the Metrics page's largest render. Memoised, so
 * that the page's own state (the form appearing after the first paint, a dialog opening) does
 * not draw them again when their data has not changed (decision 311).
 */
export const MetricCards = memo(function MetricCards({ snapshot, statuses, series, needsWeeks, numbers, sample = false, only, className }: Props) {
  const { t } = useTranslation('metrics');
  const dates = useDates();
  const valueText = useValueText(numbers);
  const sparklineLabel = useSparklineLabel();
  const count = metricFormatter('count', numbers);
  const cashOut = cashOutDate(snapshot, snapshot.runwayWeeks);
  return (
    <ul className={className ?? 'grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4'} aria-label={t(sample ? 'empty.sampleCards' : 'cards.label')}>
      {DASHBOARD_METRICS.filter((key) => !only || only.includes(key)).map((key) => {
        const unit = METRIC_UNITS[key];
        const missingWeeks = (needsWeeks as Partial<Record<MetricKey, number>> | undefined)?.[key];
        const status = isTargeted(key) && !missingWeeks ? (statuses?.[key] ?? null) : null;
        const note = noteFor(key, snapshot);
        const target = isTargeted(key) ? TARGETS[key] : null;
        const recent = recentValues(series, key, SPARKLINE_WEEKS);
        return (
          <li
            key={key}
            className={cn('flex flex-col rounded-xl border border-border border-l-4 bg-card p-4', status ? STATUS_STYLES[status].border : 'border-l-border')}
            data-metric={key}
            data-pending={missingWeeks ? 'true' : undefined}
          >
            <div className="flex items-start justify-between gap-2">
              <h3 className="text-sm font-medium text-muted-foreground">{t(`metrics.${key}`)}</h3>
              {status && <StatusBadge status={status} />}
              {missingWeeks ? (
                <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium whitespace-nowrap text-muted-foreground">
                  <Hourglass aria-hidden="true" className="size-3.5" />
                  {t('cards.needsWeeks', { count: missingWeeks })}
                </span>
              ) : null}
            </div>
            <p className={cn('mt-2 text-2xl font-semibold tabular-nums', missingWeeks && 'text-muted-foreground')}>{valueText(key, snapshot)}</p>
            <Sparkline values={recent} label={sparklineLabel(recent, metricFormatter(unit, numbers))} />
            <ChangeChips metric={key} series={series} numbers={numbers} />
            {key === 'runwayWeeks' && cashOut && (
              <p className="mt-1 text-sm font-medium" data-testid="cash-out">
                {t(cashOut.beyondHorizon ? 'cards.cashOutBeyond' : 'cards.cashOut', { date: dates.day(cashOut.date) })}
              </p>
            )}
            {target && (
              <p className="mt-1 text-xs text-muted-foreground">
                {t('cards.target', { sign: targetSign(target), value: metricFormatter(unit, numbers)(target.threshold) })}
              </p>
            )}
            {note && (
              <p className="mt-1 text-xs text-muted-foreground">
                {t(note, { dau: count(snapshot.dailyActiveUsers), mau: count(snapshot.monthlyActiveUsers) })}
              </p>
            )}
            <details className="mt-2 text-xs">
              <summary className="cursor-pointer text-muted-foreground underline-offset-2 hover:underline">
                {t('explain.summary')}
                <span className="sr-only">{`: ${t(`metrics.${key}`)}`}</span>
              </summary>
              <p className="mt-1">{t(`explain.${key}`)}</p>
            </details>
          </li>
        );
      })}
    </ul>
  );
});
