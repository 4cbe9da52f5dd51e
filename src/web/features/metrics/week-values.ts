import { endingCustomers } from '../../../core/metrics/formulas.ts';
import { COUNT_FIELDS, WEEK_INPUT_FIELDS, type WeekInputField, type WeekRecord, WeekRecordInput } from '../../../core/metrics/week-record.ts';
import { formatField } from '../../../core/numbers/format-number.ts';
import { type FieldNumber, type NumberKind, readField } from '../../../core/numbers/read-number.ts';
import type { NumberStyle } from '../../lib/number-style.ts';

/** What the form holds: the text the founder typed, per field. */
export type WeekDraft = Record<WeekInputField, string>;
export type FieldErrors = Partial<Record<WeekInputField, string>>;
/** The fields whose text reads two ways, with both readings (the founder's convention first). */
export type FieldQuestions = Partial<Record<WeekInputField, [number, number]>>;

const counts = new Set<string>(COUNT_FIELDS);

/** What a field holds: people, money in the startup's currency, or the gross margin's percentage. */
export function kindOf(field: WeekInputField, currency: string): NumberKind {
  if (field === 'grossMarginPct') return { unit: 'percent' };
  return counts.has(field) ? { unit: 'count' } : { unit: 'money', currency };
}

export const emptyDraft = (): WeekDraft =>
  Object.fromEntries(WEEK_INPUT_FIELDS.map((field) => [field, ''])) as WeekDraft;

/** A field's value as its input shows it, in the founder's convention (`198.900,00`). */
export function formatForField(field: WeekInputField, value: number | null, style: NumberStyle): string {
  return value === null ? '' : formatField(value, kindOf(field, style.currency), style.convention);
}

export function draftFromRecord(record: WeekRecord, style: NumberStyle): WeekDraft {
  return Object.fromEntries(WEEK_INPUT_FIELDS.map((field) => [field, formatForField(field, record[field], style)])) as WeekDraft;
}

/**
 * A new week starts where the last one ended: starting customers are last week's
 * ending customers, starting revenue last week's revenue; margin and ARPU carry over.
 * The week's own flows (new, lost, costs…) stay empty for the founder to enter.
 */
export function draftFromPreviousWeek(previous: WeekRecord | undefined, style: NumberStyle): WeekDraft {
  const draft = emptyDraft();
  if (!previous) return draft;
  draft.startingCustomers = formatForField('startingCustomers', endingCustomers(previous), style);
  draft.startingRevenue = formatForField('startingRevenue', previous.weeklyRevenue, style);
  draft.grossMarginPct = formatForField('grossMarginPct', previous.grossMarginPct, style);
  draft.arpu = formatForField('arpu', previous.arpu, style);
  return draft;
}

export const readDraftField = (draft: WeekDraft, field: WeekInputField, style: NumberStyle): FieldNumber =>
  readField(draft[field], kindOf(field, style.currency), style.convention);

/**
 * The text a field shows once the founder leaves it: their number in their convention
 * (`198900,5` → `198.900,50`), or what they typed when it is not one value yet (a
 * question, a typo) or when writing it out would change it (`1,234` with 3 decimals
 * stays as typed so the error can say so).
 */
export function tidyField(draft: WeekDraft, field: WeekInputField, style: NumberStyle): string {
  const read = readDraftField(draft, field, style);
  if (read.status !== 'value') return draft[field];
  const tidy = formatForField(field, read.value, style);
  const again = readField(tidy, kindOf(field, style.currency), style.convention);
  return again.status === 'value' && again.value === read.value ? tidy : draft[field];
}

/**
 * Reads the typed numbers (either convention, decision 110) and validates them with the
 * server's own schema. Nothing is returned to save while a field still asks which of
 * two readings the founder meant.
 */
export function parseDraft(draft: WeekDraft, style: NumberStyle) {
  const values: Record<string, number | null | string> = {};
  const questions: FieldQuestions = {};
  const errors: FieldErrors = {};
  for (const field of WEEK_INPUT_FIELDS) {
    const read = readDraftField(draft, field, style);
    if (read.status === 'empty') values[field] = null;
    else if (read.status === 'value') values[field] = read.value;
    else if (read.status === 'ambiguous') questions[field] = read.readings;
    else {
      values[field] = draft[field];
      if (read.reason === 'exponent') errors[field] = 'validation.exponent';
    }
  }
  const result = WeekRecordInput.safeParse(values);
  if (result.success && Object.keys(questions).length === 0) return { input: result.data, errors, questions };
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as WeekInputField;
    if (questions[field]) continue;
    const missing = values[field] === null;
    errors[field] ??= missing ? 'validation.required' : issue.message;
  }
  return { input: null, errors, questions };
}
