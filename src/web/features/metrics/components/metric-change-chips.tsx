import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MetricKey } from '../../../../core/metrics/formulas.ts';
import { CHANGE_SPANS, type ChangeSpan, type ChangeTone, type MetricChange, metricChange } from '../../../../core/metrics/metric-change.ts';
import { inConvention } from '../../../../core/numbers/format-number.ts';
import { cn } from '../../../lib/cn.ts';
import type { SeriesPoint } from '../metrics-api.ts';
import { METRIC_UNITS, metricFormatter } from '../../../lib/metric-format.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';

/** Green for better, red for worse, whichever way the number went (decision 112); words say it too. */
const TONE_TEXT: Record<ChangeTone, string> = {
  good: 'text-success-foreground',
  bad: 'text-destructive',
  flat: 'text-muted-foreground',
};

function useChangeText(metric: MetricKey, numbers: NumberStyle) {
  const { t } = useTranslation('metrics');
  const unit = METRIC_UNITS[metric];
  const percent = inConvention(new Intl.NumberFormat(numbers.locale, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }), numbers.convention);
  const points = inConvention(new Intl.NumberFormat(numbers.locale, { maximumFractionDigits: 2, signDisplay: 'exceptZero' }), numbers.convention);
  const difference = metricFormatter(unit, numbers, false, true);
  return (change: MetricChange) => {
    if (change.tone === 'flat') return t('change.flat');
    if (unit === 'percent') return t('change.points', { value: points(change.difference * 100) });
    return change.relative === null ? difference(change.difference) : percent(change.relative);
  };
}

/**
 * "▲ +12.5 % vs last week · ▼ −3 % vs 4 weeks ago" under a card's value (Metrics; the Overview
 * shows the week's change alone); nothing before there is a week to compare.
 */
export function ChangeChips({
  metric,
  series,
  numbers,
  spans = CHANGE_SPANS,
}: {
  metric: MetricKey;
  series: readonly SeriesPoint[];
  numbers: NumberStyle;
  spans?: readonly ChangeSpan[];
}) {
  const { t } = useTranslation('metrics');
  const text = useChangeText(metric, numbers);
  const changes = spans.flatMap((span) => {
    const change = metricChange(series, metric, span);
    return change ? [{ span, change }] : [];
  });
  if (changes.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label={t('change.label')}>
      {changes.map(({ span, change }) => {
        const Arrow = change.tone === 'flat' ? ArrowRight : change.difference > 0 ? ArrowUpRight : ArrowDownRight;
        return (
          <li key={span} className="inline-flex items-center gap-1" data-change={span} data-tone={change.tone}>
            <Arrow aria-hidden="true" className={cn('size-3.5', TONE_TEXT[change.tone])} />
            <span className={cn('font-medium tabular-nums', TONE_TEXT[change.tone])}>{text(change)}</span>{' '}
            <span className="text-muted-foreground">{t(`change.span${span}`)}</span>
            {change.tone !== 'flat' && <span className="sr-only">{` ${t(`change.verdict.${change.tone}`)}`}</span>}
          </li>
        );
      })}
    </ul>
  );
}
