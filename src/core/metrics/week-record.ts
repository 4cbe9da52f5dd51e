import { z } from 'zod';
import { isValidIsoWeek } from './iso-week.ts';
import { weeklyFromMonthly } from './revenue-period.ts';

/**
 * The historical week record (docs/product.md#week-record), shared by the entry
 * form, the history table, CSV import and PUT /api/metrics/weeks/:year/:week.
 * Messages are `validation:` keys (decision 236).
 */

/** The record's inputs, in the order of the form and of the CSV columns after year and week. */
export const WEEK_INPUT_FIELDS = [
  'newCustomers',
  'marketingCosts',
  'startingCustomers',
  'lostCustomers',
  'startingRevenue',
  'churnedRevenue',
  'expansions',
  'downgrades',
  'weeklyCosts',
  'weeklyRevenue',
  'cashBalance',
  'dailyActiveUsers',
  'weeklyActiveUsers',
  'monthlyActiveUsers',
  'grossMarginPct',
  'arpu',
] as const;
export type WeekInputField = (typeof WEEK_INPUT_FIELDS)[number];

/**
 * Every CSV column, in export order (the round trip depends on it): the key, the inputs,
 * then the monthly revenue a week's revenue was derived from, when it was (decision 116).
 */
export const WEEK_CSV_COLUMNS = ['year', 'week', ...WEEK_INPUT_FIELDS, 'monthlyRevenue'] as const;

/** Counts of people: whole and never negative. */
export const COUNT_FIELDS = [
  'newCustomers',
  'startingCustomers',
  'lostCustomers',
  'dailyActiveUsers',
  'weeklyActiveUsers',
  'monthlyActiveUsers',
] as const satisfies readonly WeekInputField[];

/** Money in the startup's currency, stored exactly to the cent. */
export const MONEY_FIELDS = [
  'marketingCosts',
  'startingRevenue',
  'churnedRevenue',
  'expansions',
  'downgrades',
  'weeklyCosts',
  'weeklyRevenue',
  'cashBalance',
  'arpu',
] as const satisfies readonly WeekInputField[];

/** Fields a founder may leave empty (stored null); every other field is required. */
export const OPTIONAL_FIELDS = [
  'dailyActiveUsers',
  'monthlyActiveUsers',
  'grossMarginPct',
  'arpu',
] as const satisfies readonly WeekInputField[];

/** Money larger than this is a typo, not a startup (and fits numeric(16,2) exactly). */
export const MAX_AMOUNT = 1_000_000_000_000;
/** Counts are stored as PostgreSQL `integer`: anything larger could not be saved. */
export const MAX_COUNT = 2_147_483_647;
export const MIN_YEAR = 2000;
export const MAX_YEAR = 2100;

/**
 * True when the number is exactly what its 2-decimal rendering says, so a `numeric(…, 2)`
 * column stores it as typed and reads it back unchanged (money and the gross margin).
 */
const hasAtMostCents = (value: number) => Number(value.toFixed(2)) === value;

export const count = z
  .number({ error: 'validation:metrics.number' })
  .int('validation:metrics.integer')
  .min(0, 'validation:metrics.nonNegative')
  .max(MAX_COUNT, 'validation:metrics.tooLarge');

export const money = z
  .number({ error: 'validation:metrics.number' })
  .min(0, 'validation:metrics.nonNegative')
  .max(MAX_AMOUNT, 'validation:metrics.tooLarge')
  .refine(hasAtMostCents, 'validation:metrics.cents');

/** Cash can dip below zero (an overdraft); everything else is a count or an amount ≥ 0. */
export const signedMoney = z
  .number({ error: 'validation:metrics.number' })
  .min(-MAX_AMOUNT, 'validation:metrics.tooLarge')
  .max(MAX_AMOUNT, 'validation:metrics.tooLarge')
  .refine(hasAtMostCents, 'validation:metrics.cents');

/** Stored as numeric(5,2): 0–100 with at most 2 decimals (62.25 %, not 62.255 %). */
const percent = z
  .number({ error: 'validation:metrics.number' })
  .min(0, 'validation:metrics.percent')
  .max(100, 'validation:metrics.percent')
  .refine(hasAtMostCents, 'validation:metrics.percentDecimals');

const WeekRecordFields = z
  .object({
    newCustomers: count,
    marketingCosts: money,
    startingCustomers: count,
    lostCustomers: count,
    startingRevenue: money,
    churnedRevenue: money,
    expansions: money,
    downgrades: money,
    weeklyCosts: money,
    /** Required, unless `monthlyRevenue` is given: then it is derived (or must agree). */
    weeklyRevenue: money.optional(),
    cashBalance: signedMoney,
    dailyActiveUsers: count.nullable().default(null),
    weeklyActiveUsers: count,
    monthlyActiveUsers: count.nullable().default(null),
    grossMarginPct: percent.nullable().default(null),
    arpu: money.nullable().default(null),
    /**
     * The monthly revenue (MRR) the founder typed, when they typed it monthly: the week's
     * revenue is derived from it (× 12 ÷ 52, to the cent) and it is kept so the form shows
     * back exactly what was typed (decision 116).
     */
    monthlyRevenue: money.nullable().default(null),
  })
  .strict()
  .superRefine((record, context) => {
    if (record.weeklyRevenue === undefined) {
      if (record.monthlyRevenue === null) context.addIssue({ code: 'custom', path: ['weeklyRevenue'], message: 'validation:metrics.required' });
    } else if (record.monthlyRevenue !== null && record.weeklyRevenue !== weeklyFromMonthly(record.monthlyRevenue)) {
      context.addIssue({ code: 'custom', path: ['weeklyRevenue'], message: 'validation:metrics.monthlyMismatch' });
    }
    // Revenue that left cannot exceed the revenue the week started with.
    if (record.churnedRevenue + record.downgrades > record.startingRevenue + 1e-9) {
      context.addIssue({ code: 'custom', path: ['churnedRevenue'], message: 'validation:metrics.churnAboveStart' });
    }
    // A customer lost this week was a customer at the start or joined during it.
    if (record.lostCustomers > record.startingCustomers + record.newCustomers) {
      context.addIssue({ code: 'custom', path: ['lostCustomers'], message: 'validation:metrics.lostAboveCustomers' });
    }
  });

/**
 * A week's inputs (PUT body, CSV row, form). Sent with `monthlyRevenue` and without
 * `weeklyRevenue`, the weekly figure is derived from the monthly one.
 */
export const WeekRecordInput = WeekRecordFields.transform((record) => ({
  ...record,
  weeklyRevenue: record.weeklyRevenue ?? weeklyFromMonthly(record.monthlyRevenue ?? 0),
}));
export type WeekRecordInput = z.infer<typeof WeekRecordInput>;

/**
 * A year or week from a URL or a CSV cell: plain digits only. `Number()` would also read
 * `2026.0`, `1e1` and `0x10`, spellings of a week nobody types.
 */
const digitsOnly = (value: unknown) => (typeof value === 'string' ? (/^\d{1,6}$/.test(value) ? Number(value) : Number.NaN) : value);

export const WeekKeySchema = z
  .object({
    year: z.preprocess(digitsOnly, z.number({ error: 'validation:metrics.year' }).int('validation:metrics.year').min(MIN_YEAR, 'validation:metrics.year').max(MAX_YEAR, 'validation:metrics.year')),
    week: z.preprocess(digitsOnly, z.number({ error: 'validation:metrics.week' }).int('validation:metrics.week').min(1, 'validation:metrics.week').max(53, 'validation:metrics.week')),
  })
  .refine(isValidIsoWeek, { path: ['week'], message: 'validation:metrics.week' });

/** A stored week: its key and its inputs. */
export type WeekRecord = { year: number; week: number } & WeekRecordInput;
