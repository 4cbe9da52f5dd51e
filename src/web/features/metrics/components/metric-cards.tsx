import { useTranslation } from 'react-i18next';
import type { MetricKey, MetricsSnapshot } from '../../../../core/metrics/formulas.ts';
import { TARGETS, type TargetStatus, type TargetedMetric } from '../../../../core/metrics/targets.ts';
import { cn } from '../../../lib/cn.ts';
import { METRIC_UNITS, metricFormatter, targetSign } from '../format.ts';
import type { NumberStyle } from '../number-style.ts';
import { StatusBadge, STATUS_STYLES } from './status-badge.tsx';

/** The cards of the dashboard, in the order of docs/product.md#metric-formulas. */
export const CARD_METRICS = [
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
  'ltvToCac',
  'paybackWeeks',
  'arpc',
  'activeUsers',
  'userGrowth',
] as const satisfies readonly MetricKey[];

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
  numbers: NumberStyle;
  /** Sample data in the empty state: shown, but marked as not the founder's. */
  sample?: boolean;
};

export function MetricCards({ snapshot, statuses, numbers, sample = false }: Props) {
  const { t } = useTranslation('metrics');
  const count = metricFormatter('count', numbers);
  return (
    <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label={t(sample ? 'empty.sampleCards' : 'cards.label')}>
      {CARD_METRICS.map((key) => {
        const unit = METRIC_UNITS[key];
        const format = metricFormatter(unit, numbers);
        const status = isTargeted(key) ? (statuses?.[key] ?? null) : null;
        const note = noteFor(key, snapshot);
        const target = isTargeted(key) ? TARGETS[key] : null;
        return (
          <li
            key={key}
            className={cn('rounded-xl border border-border border-l-4 bg-card p-4', status ? STATUS_STYLES[status].border : 'border-l-border')}
            data-metric={key}
          >
            <div className="flex items-start justify-between gap-2">
              <h3 className="text-sm font-medium text-muted-foreground">{t(`metrics.${key}`)}</h3>
              {status && <StatusBadge status={status} />}
            </div>
            <p className="mt-2 text-2xl font-semibold tabular-nums">
              {key === 'runwayWeeks' && snapshot.runwayStatus === 'not-burning'
                ? t('notes.profitable')
                : unit === 'weeks'
                  ? t('units.weeks', { value: format(snapshot[key]), count: Math.round(snapshot[key] ?? 0) })
                  : unit === 'multiple'
                    ? t('units.multiple', { value: format(snapshot[key]) })
                    : unit === 'moneyPerWeek'
                      ? t('units.perWeek', { value: format(snapshot[key]) })
                      : format(snapshot[key])}
            </p>
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
}
