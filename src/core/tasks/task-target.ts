import { METRIC_UNITS } from '../metrics/metric-units.ts';
import type { NumberConvention } from '../numbers/convention.ts';
import { formatField } from '../numbers/format-number.ts';
import { type FieldNumber, type NumberKind, readField, readNumber, type SeparatorAnswers } from '../numbers/read-number.ts';
import type { TaskMetricKey } from './task-metrics.ts';

/**
 * A task's target as the founder types it (decision 252): in the metric's own unit, read
 * by the one number reader (core/numbers) in either convention, never by `Number()`.
 * Money in the founder's currency (`65.000` CLP is 65 000), percentages in percent
 * (`2,5` or `2,5 %` is a churn of 2.5 %, stored as the share 0.025 the metrics use),
 * weeks and multiples with up to 2 decimals, people whole.
 */
export function targetKind(metric: TaskMetricKey, currency: string): NumberKind {
  const unit = METRIC_UNITS[metric];
  if (unit === 'money' || unit === 'moneyPerWeek') return { unit: 'money', currency };
  if (unit === 'percent') return { unit: 'percent' };
  if (unit === 'count') return { unit: 'count' };
  return { unit: 'quantity' };
}

/** What the target field reads: a stored value, a question, or why it is no number. */
export type TargetReading = FieldNumber | { status: 'share'; readings: [number, number] };

const toShare = (percent: number) => Math.round(percent * 1e8) / 1e10;

/**
 * The stored target for the typed text. A bare percentage below 1 (`0,01`) is asked about:
 * the founder may have typed the share (1 %) the way Rumbo stores it, or 0.01 %; the
 * readings are in percent, the share first.
 */
export function readTarget(text: string, metric: TaskMetricKey, currency: string, convention: NumberConvention, answers: SeparatorAnswers = {}): TargetReading {
  const kind = targetKind(metric, currency);
  const read = readField(text, kind, convention, answers);
  if (kind.unit !== 'percent' || read.status !== 'value') return read;
  const typed = readNumber(text, kind);
  const bareFraction = !text.includes('%') && typed.kind === 'number' && typed.readings[0]!.fractionDigits > 0 && Math.abs(read.value) < 1 && read.value !== 0;
  if (bareFraction) return { status: 'share', readings: [Math.round(read.value * 1e8) / 1e6, read.value] };
  return { status: 'value', value: toShare(read.value) };
}

/** The percent reading the founder chose, as stored (a share for percentages). */
export const storedTarget = (metric: TaskMetricKey, typedValue: number) => (METRIC_UNITS[metric] === 'percent' ? toShare(typedValue) : typedValue);

/**
 * A typed target (in the field's unit) as the field shows it once settled, in the founder's
 * convention: `65.000` CLP, `2,5 %` (with its sign, so `0,01 %` is not asked about again).
 */
export function typedTargetText(typedValue: number, metric: TaskMetricKey, currency: string, convention: NumberConvention): string {
  const kind = targetKind(metric, currency);
  const text = formatField(typedValue, kind, convention);
  return kind.unit === 'percent' ? `${text} %` : text;
}

/** A stored target as the field shows it: a churn of 0.025 is `2,5 %`. */
export function targetText(value: number, metric: TaskMetricKey, currency: string, convention: NumberConvention): string {
  const typed = METRIC_UNITS[metric] === 'percent' ? Math.round(value * 1e10) / 1e8 : value;
  return typedTargetText(typed, metric, currency, convention);
}
