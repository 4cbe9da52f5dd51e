import type { Language } from '../../../core/i18n/language.ts';
import { METRIC_TARGETS, type TargetedMetric, type MetricTarget, type TargetStatus, targetStatus } from '../../../core/mentor/metric-targets.ts';
import type { MentorContext } from '../context/build-context.ts';
import { OFFLINE_TEXT } from './offline-text.ts';

/** A targeted metric of the founder's latest week, judged as the dashboard judges it. */
export type Diagnosis = { target: MetricTarget; value: number; status: TargetStatus };

export function diagnose(context: MentorContext): Diagnosis[] {
  const values = context.facts.metrics?.values ?? {};
  return METRIC_TARGETS.flatMap((target) => {
    const value = values[target.key];
    return typeof value === 'number' && Number.isFinite(value) ? [{ target, value, status: targetStatus(target, value) }] : [];
  });
}

/** The targeted metrics already on target; a founder who is not burning cash has all the runway they need. */
export function onTargetMetrics(context: MentorContext, diagnosis: Diagnosis[]): Set<TargetedMetric> {
  const on = new Set(diagnosis.filter((d) => d.status === 'on').map((d) => d.target.key));
  const values = context.facts.metrics?.values;
  if (values && values.runwayWeeks === null && (values.weeklyBurnRate ?? 0) <= 0) on.add('runwayWeeks');
  return on;
}

/** How far a metric is from its target, as a share of the threshold: the worst comes first. */
export const distance = (d: Diagnosis) => Math.abs(d.value - d.target.threshold) / Math.abs(d.target.threshold);

export function formatValue(target: MetricTarget, value: number, language: Language) {
  const t = OFFLINE_TEXT[language];
  const number = (n: number, digits: number) => n.toLocaleString(language === 'en' ? 'en-US' : 'es-419', { maximumFractionDigits: digits });
  if (target.unit === 'weeks') return t.weeks(number(value, 1));
  if (target.unit === 'percent') return `${number(value * 100, 2)}%`;
  return `${number(value, 1)}:1`;
}
