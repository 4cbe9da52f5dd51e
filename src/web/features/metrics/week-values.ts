import { endingCustomers } from '../../../core/metrics/formulas.ts';
import { monthlyFromWeekly, weeklyFromMonthly } from '../../../core/metrics/revenue-period.ts';
import { COUNT_FIELDS, WEEK_INPUT_FIELDS, type WeekInputField, type WeekRecord, WeekRecordInput } from '../../../core/metrics/week-record.ts';
import { formatField } from '../../../core/numbers/format-number.ts';
import { type FieldNumber, type NumberKind, readField } from '../../../core/numbers/read-number.ts';
import type { NumberStyle } from '../../lib/number-style.ts';

/** A field of the form: a week's input, or the monthly revenue its weekly revenue derives from (decision 116). */
export type DraftField = WeekInputField | 'monthlyRevenue';
export const DRAFT_FIELDS: readonly DraftField[] = [...WEEK_INPUT_FIELDS, 'monthlyRevenue'];
/** What the form holds: the text the founder typed, per field. */
export type WeekDraft = Record<DraftField, string>;
export type FieldErrors = Partial<Record<DraftField, string>>;
/** The fields whose text reads two ways, with both readings (the founder's convention first). */
export type FieldQuestions = Partial<Record<DraftField, [number, number]>>;
/** Whether the founder types the week's revenue as it is, or the month's (MRR) for Rumbo to divide. */
export const REVENUE_PERIODS = ['week', 'month'] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];

const counts = new Set<string>(COUNT_FIELDS);

/** What a field holds: people, money in the startup's currency, or the gross margin's percentage. */
export function kindOf(field: DraftField, currency: string): NumberKind {
  if (field === 'grossMarginPct') return { unit: 'percent' };
  return counts.has(field) ? { unit: 'count' } : { unit: 'money', currency };
}

export const emptyDraft = (): WeekDraft => Object.fromEntries(DRAFT_FIELDS.map((field) => [field, ''])) as WeekDraft;

/** A field's value as its input shows it, in the founder's convention (`198.900,00`). */
export function formatForField(field: DraftField, value: number | null, style: NumberStyle): string {
  return value === null ? '' : formatField(value, kindOf(field, style.currency), style.convention);
}

export function draftFromRecord(record: WeekRecord, style: NumberStyle): WeekDraft {
  return Object.fromEntries(DRAFT_FIELDS.map((field) => [field, formatForField(field, record[field] ?? null, style)])) as WeekDraft;
}

/** Figures that usually stay put from one week to the next: carried over, to change only when they moved. */
const CARRIED = ['weeklyRevenue', 'weeklyCosts', 'marketingCosts', 'grossMarginPct', 'arpu', 'monthlyRevenue'] as const satisfies readonly DraftField[];
/** The week's own movements: nothing happened until the founder says so. */
const STARTING_AT_ZERO = ['newCustomers', 'lostCustomers', 'churnedRevenue', 'expansions', 'downgrades'] as const satisfies readonly WeekInputField[];

/**
 * A new week starts where the last one ended (decision 116): starting customers are last
 * week's ending customers and starting revenue last week's revenue; revenue (weekly, or
 * the monthly figure it came from), costs, margin and ARPU carry over; new and lost
 * customers, churned revenue, expansions and downgrades start at 0. Cash and active users,
 * measured afresh every week, stay empty: a stale balance would make the runway lie.
 */
export function draftFromPreviousWeek(previous: WeekRecord | undefined, style: NumberStyle): WeekDraft {
  const draft = emptyDraft();
  if (!previous) return draft;
  draft.startingCustomers = formatForField('startingCustomers', endingCustomers(previous), style);
  draft.startingRevenue = formatForField('startingRevenue', previous.weeklyRevenue, style);
  for (const field of CARRIED) draft[field] = formatForField(field, previous[field] ?? null, style);
  for (const field of STARTING_AT_ZERO) draft[field] = formatForField(field, 0, style);
  return withRevenuePeriod(draft, draft.monthlyRevenue === '' ? 'week' : 'month', style);
}

/** Which period the draft's revenue is typed in: monthly when it holds a monthly figure. */
export const revenuePeriodOf = (draft: WeekDraft): RevenuePeriod => (draft.monthlyRevenue === '' ? 'week' : 'month');

/**
 * The draft with its revenue typed per `period`: switching to months shows the weekly
 * figure as a month (× 52 ÷ 12) and leaves the weekly one to be derived; switching back
 * shows the derived week. A week shown as a month and back is unchanged (revenue-period.ts).
 */
export function withRevenuePeriod(draft: WeekDraft, period: RevenuePeriod, style: NumberStyle): WeekDraft {
  if (period === 'month') {
    if (draft.monthlyRevenue !== '') return { ...draft, weeklyRevenue: '' };
    const weekly = readDraftField(draft, 'weeklyRevenue', style);
    const monthly = weekly.status === 'value' ? formatForField('monthlyRevenue', monthlyFromWeekly(weekly.value), style) : '';
    return { ...draft, weeklyRevenue: '', monthlyRevenue: monthly };
  }
  const monthly = readDraftField(draft, 'monthlyRevenue', style);
  const weekly = monthly.status === 'value' ? formatForField('weeklyRevenue', weeklyFromMonthly(monthly.value), style) : draft.weeklyRevenue;
  return { ...draft, weeklyRevenue: weekly, monthlyRevenue: '' };
}

/** The weekly revenue a monthly draft will record, or null while the monthly text is not one number. */
export function derivedWeeklyRevenue(draft: WeekDraft, style: NumberStyle): number | null {
  const monthly = readDraftField(draft, 'monthlyRevenue', style);
  return monthly.status === 'value' ? weeklyFromMonthly(monthly.value) : null;
}

export const readDraftField = (draft: WeekDraft, field: DraftField, style: NumberStyle): FieldNumber =>
  readField(draft[field], kindOf(field, style.currency), style.convention, style.answers);

/**
 * The text a field shows once the founder leaves it: their number in their convention
 * (`198900,5` → `198.900,50`), or what they typed when it is not one value yet (a
 * question, a typo) or when writing it out would change it (`1,234` with 3 decimals
 * stays as typed so the error can say so).
 */
export function tidyField(draft: WeekDraft, field: DraftField, style: NumberStyle): string {
  const read = readDraftField(draft, field, style);
  if (read.status !== 'value') return draft[field];
  const tidy = formatForField(field, read.value, style);
  const again = readField(tidy, kindOf(field, style.currency), style.convention, style.answers);
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
  for (const field of DRAFT_FIELDS) {
    const read = readDraftField(draft, field, style);
    if (read.status === 'empty') values[field] = null;
    else if (read.status === 'value') values[field] = read.value;
    else if (read.status === 'ambiguous') questions[field] = read.readings;
    else {
      values[field] = draft[field];
      if (read.reason === 'exponent') errors[field] = 'validation:metrics.exponent';
    }
  }
  // A monthly figure gives the week's revenue; a weekly one typed over it (the history
  // table edits the weekly figure only) wins, and the monthly one no longer applies.
  if (typeof values.monthlyRevenue === 'number') {
    if (values.weeklyRevenue === null) delete values.weeklyRevenue;
    else if (typeof values.weeklyRevenue === 'number' && values.weeklyRevenue !== weeklyFromMonthly(values.monthlyRevenue)) values.monthlyRevenue = null;
  }
  const result = WeekRecordInput.safeParse(values);
  if (result.success && Object.keys(questions).length === 0) return { input: result.data, errors, questions };
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as DraftField;
    if (questions[field]) continue;
    const missing = values[field] === null || values[field] === undefined;
    errors[field] ??= missing ? 'validation:metrics.required' : issue.message;
  }
  return { input: null, errors, questions };
}
