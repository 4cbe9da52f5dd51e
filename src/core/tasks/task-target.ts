import { METRIC_UNITS } from '../metrics/metric-units.ts';
import type { NumberConvention } from '../numbers/convention.ts';
import { formatField } from '../numbers/format-number.ts';
import { type FieldNumber, type NumberKind, readField, type SeparatorAnswers } from '../numbers/read-number.ts';
import type { TaskMetricKey } from './task-metrics.ts';

/**
 * A task's target as the founder types it (decision 252): in the metric's own unit, read
 * by the one number reader (core/numbers) in either convention, never by `Number()`.
 * Money in the founder's currency (`65.000` CLP is 65 000), weeks and multiples with up
 * to 2 decimals, people whole. A percentage metric is stored as a share (a churn of 3 %
 * is 0.03), and typed so: `0,03` is 3 %, while a `%` sign means percent (`12,5 %` is 0.125).
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

const round = (value: number) => Math.round(value * 1e10) / 1e10;

/**
 * The stored target for the typed text. For a percentage metric, a bare number above 1
 * (`3`, `1,1`) is asked about: the share the hint asks for (300 %, an NDR of 110 %) or the
 * percentage itself (3 %, 1,1 %); the readings are in percent, the share's first.
 */
export function readTarget(text: string, metric: TaskMetricKey, currency: string, convention: NumberConvention, answers: SeparatorAnswers = {}): TargetReading {
  const kind = targetKind(metric, currency);
  const percentSign = text.includes('%');
  // A share takes any decimals (0,005 is half a percent); only a `%` reads as a percentage.
  const read = readField(text, kind.unit === 'percent' && !percentSign ? { unit: 'rate' } : kind, convention, answers);
  if (kind.unit !== 'percent' || read.status !== 'value') return read;
  if (percentSign) return { status: 'value', value: round(read.value / 100) };
  if (Math.abs(read.value) > 1) return { status: 'share', readings: [round(read.value * 100), read.value] };
  return read;
}

/**
 * A stored target as the field shows it, in the founder's convention, so that it reads back
 * as itself without a question: `65.000` CLP, a churn of 0.025 as `0,025`, an NDR of 1.1 as `110 %`.
 */
export function targetText(value: number, metric: TaskMetricKey, currency: string, convention: NumberConvention): string {
  const kind = targetKind(metric, currency);
  if (kind.unit !== 'percent') return formatField(value, kind, convention);
  return Math.abs(value) > 1 ? `${formatField(round(value * 100), { unit: 'rate' }, convention)} %` : formatField(value, { unit: 'rate' }, convention);
}
