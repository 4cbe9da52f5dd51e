import { parseNumberCell } from '../../../core/metrics/csv.ts';
import { endingCustomers } from '../../../core/metrics/formulas.ts';
import { WEEK_INPUT_FIELDS, type WeekInputField, type WeekRecord, WeekRecordInput } from '../../../core/metrics/week-record.ts';

/** What the form holds: the text the founder typed, per field. */
export type WeekDraft = Record<WeekInputField, string>;

export const emptyDraft = (): WeekDraft =>
  Object.fromEntries(WEEK_INPUT_FIELDS.map((field) => [field, ''])) as WeekDraft;

export function draftFromRecord(record: WeekRecord, format: (value: number | null) => string): WeekDraft {
  return Object.fromEntries(WEEK_INPUT_FIELDS.map((field) => [field, format(record[field])])) as WeekDraft;
}

/**
 * A new week starts where the last one ended: starting customers are last week's
 * ending customers, starting revenue last week's revenue; margin and ARPU carry over.
 * The week's own flows (new, lost, costs…) stay empty for the founder to enter.
 */
export function draftFromPreviousWeek(previous: WeekRecord | undefined, format: (value: number | null) => string): WeekDraft {
  const draft = emptyDraft();
  if (!previous) return draft;
  draft.startingCustomers = format(endingCustomers(previous));
  draft.startingRevenue = format(previous.weeklyRevenue);
  draft.grossMarginPct = format(previous.grossMarginPct);
  draft.arpu = format(previous.arpu);
  return draft;
}

/**
 * Reads the typed numbers (decimal commas in Spanish, `1.234,5`; decimal points in
 * English, `1,234.5`) and validates them with the server's own schema.
 */
export function parseDraft(draft: WeekDraft, decimalComma: boolean) {
  const values: Record<string, number | null | string> = {};
  for (const field of WEEK_INPUT_FIELDS) {
    const text = draft[field].trim();
    if (text === '') values[field] = null;
    else {
      const value = parseNumberCell(text, decimalComma);
      values[field] = Number.isNaN(value) ? text : value;
    }
  }
  const result = WeekRecordInput.safeParse(values);
  if (result.success) return { input: result.data, errors: {} as Partial<Record<WeekInputField, string>> };
  const errors: Partial<Record<WeekInputField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as WeekInputField;
    const missing = values[field] === null;
    errors[field] ??= missing ? 'validation.required' : issue.message;
  }
  return { input: null, errors };
}
