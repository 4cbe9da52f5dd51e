import type { TFunction } from 'i18next';
import type { KnownNumber } from '../../../core/mentor/number-check.ts';
import type { NumberConvention } from '../../../core/numbers/convention.ts';
import { inConvention } from '../../../core/numbers/format-number.ts';

/** How the founder reads numbers: their language's words, their marks and currency (decision 110). */
export type NumberStyle = { locale: string; convention: NumberConvention; currency: string };

const DAY_MS = 86_400_000;

/** A known number's value, written in its unit as the dashboard would. */
export function formatKnownValue(t: TFunction<'mentor'>, known: KnownNumber, style: NumberStyle): string {
  const number = (options: Intl.NumberFormatOptions) => inConvention(new Intl.NumberFormat(style.locale, options), style.convention)(known.value);
  switch (known.unit) {
    case 'money':
    case 'moneyPerWeek':
      return number({ style: 'currency', currency: style.currency, minimumFractionDigits: 0, maximumFractionDigits: 2 });
    case 'percent':
      return number({ style: 'percent', maximumFractionDigits: 2 });
    case 'weeks':
      return t('numbers.weeks', { count: known.value, value: number({ maximumFractionDigits: 1 }) });
    case 'multiple':
      return `${number({ maximumFractionDigits: 1 })}:1`;
    case 'score':
      return number({ minimumFractionDigits: 1, maximumFractionDigits: 1 });
    case 'date':
      return new Intl.DateTimeFormat(style.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(known.value * DAY_MS));
    default:
      return number({ maximumFractionDigits: 2 });
  }
}

/**
 * Where a number of an answer comes from, in a sentence: the metric and the week it was
 * recorded for with its value, the founder's own note or question, or the mentor's
 * calculation. Metric and field names are the dashboard's own (the metrics texts).
 */
export function describeSource(t: TFunction<['mentor', 'metrics']>, known: KnownNumber, style: NumberStyle): string {
  const value = formatKnownValue(t as TFunction<'mentor'>, known, style);
  const metric = t(`metrics:metrics.${known.key}`, { defaultValue: known.key });
  const week = known.week ?? '';
  switch (known.kind) {
    case 'metric':
      return t('mentor:numbers.source.metric', { metric, week, value });
    case 'input':
      return t('mentor:numbers.source.input', { field: t(`metrics:fields.${known.key}.label`, { defaultValue: known.key }), week, value });
    case 'target':
      return t('mentor:numbers.source.target', { metric, value });
    case 'task':
      return t(`mentor:numbers.source.task.${known.key}`, { value, task: known.detail ?? '', defaultValue: t('mentor:numbers.source.task.other', { value, task: known.detail ?? '' }) });
    case 'note':
      return t(known.key === 'strategy' ? 'mentor:numbers.source.strategy' : known.key === 'task' ? 'mentor:numbers.source.taskWords' : 'mentor:numbers.source.note', { line: known.detail ?? '' });
    case 'question':
      return t('mentor:numbers.source.question', { line: known.detail ?? '' });
    case 'derived':
      return t('mentor:numbers.source.derived', { detail: known.detail ?? '', value });
    case 'proposal':
      return t('mentor:numbers.source.proposal', { detail: known.detail ?? '' });
  }
}

export { useNumberStyle } from '../../lib/use-number-style.ts';
