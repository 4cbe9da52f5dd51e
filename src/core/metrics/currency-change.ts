import { z } from 'zod';
import { currencyDigits } from '../numbers/convention.ts';
import { currency } from '../profile/profile-fields.ts';
import { weeklyFromMonthly } from './revenue-period.ts';
import { MONEY_FIELDS, type WeekRecord, WeekRecordInput } from './week-record.ts';

/**
 * Changing a startup's currency (decision 114): either the numbers were already in the new
 * currency and only the label changes (`relabel`), or every past amount is converted at
 * the rate the founder enters (`convert`: 1 old = `rate` new). Shared by the profile's
 * dialog and POST /api/metrics/currency; messages are `validation:` keys (decision 236).
 */
export const MAX_RATE = 1_000_000;

export const CurrencyChangeInput = z.discriminatedUnion(
  'mode',
  [
    z.object({ mode: z.literal('relabel'), currency: currency() }).strict(),
    z
      .object({
        mode: z.literal('convert'),
        currency: currency(),
        rate: z
          .number({ error: 'validation:currency.rateNumber' })
          .positive('validation:currency.ratePositive')
          .max(MAX_RATE, 'validation:currency.rateTooLarge'),
      })
      .strict(),
  ],
  { error: 'validation:currency.mode' },
);
export type CurrencyChangeInput = z.infer<typeof CurrencyChangeInput>;

/** The rate as an exact fraction, from its shortest decimal writing (0.055 = 55 / 1000, not the nearest binary fraction). */
function exactRate(rate: number): { numerator: bigint; denominator: bigint } {
  const [mantissa = '0', exponent = '0'] = rate.toExponential().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const power = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return power >= 0 ? { numerator: digits, denominator: 10n ** BigInt(power) } : { numerator: digits * 10n ** BigInt(-power), denominator: 1n };
}

/**
 * An amount (at most 2 decimals, as stored) times the rate, in exact decimal arithmetic,
 * kept to the new currency's cents (whole units for CLP, COP, PYG): `nearest` rounds half
 * away from zero, `down` truncates. No binary rounding error can move a cent.
 */
export function convertAmount(value: number, rate: number, digits: number, rounding: 'nearest' | 'down' = 'nearest'): number {
  const cents = BigInt(Math.round(value * 100));
  const quantum = 10n ** BigInt(2 - Math.min(2, digits)); // in cents
  const { numerator, denominator } = exactRate(rate);
  const product = cents * numerator;
  const divisor = denominator * quantum;
  let units = product / divisor; // truncated toward zero
  const remainder = product % divisor;
  const negative = product < 0n;
  if (rounding === 'nearest' && 2n * (negative ? -remainder : remainder) >= divisor) units += negative ? -1n : 1n;
  return Number(units * quantum) / 100;
}

/** Revenue that left in the week: truncated, so churned + downgrades never exceed the rounded starting revenue. */
const OUTFLOWS: ReadonlySet<string> = new Set(['churnedRevenue', 'downgrades']);

/**
 * A week with every money field converted into `to` at `rate` (the monthly revenue it was
 * typed as too); counts and the gross margin are not money and stay. The result is checked with the week's own schema, so a rate that
 * makes an amount too large is refused rather than stored (null: not valid).
 */
export function convertWeek(record: WeekRecord, rate: number, to: string): WeekRecord | null {
  const digits = currencyDigits(to);
  const converted: WeekRecord = { ...record };
  for (const field of MONEY_FIELDS) {
    const value = record[field];
    if (value !== null) converted[field] = convertAmount(value, rate, digits, OUTFLOWS.has(field) ? 'down' : 'nearest');
  }
  if (record.monthlyRevenue !== null) {
    // Typed per month (decision 116): the month is converted and the week derived from it
    // again, as when it was typed, so the two still agree to the cent.
    converted.monthlyRevenue = convertAmount(record.monthlyRevenue, rate, digits);
    converted.weeklyRevenue = weeklyFromMonthly(converted.monthlyRevenue);
  }
  const { year, week, ...input } = converted;
  return WeekRecordInput.safeParse(input).success ? { year, week, ...input } : null;
}
