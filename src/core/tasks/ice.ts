import { DECIMAL_COMMA, DECIMAL_POINT, type NumberConvention } from '../numbers/convention.ts';
import { inConvention } from '../numbers/format-number.ts';

/**
 * ICE scoring (docs/product.md#forms): impact, confidence and ease are whole numbers 1–10;
 * the total is impact × confidence × ease / 100, so it runs from 0.01 to 10.
 */
export const ICE_MIN = 1;
export const ICE_MAX = 10;

export type IceScores = { impact: number; confidence: number; ease: number };

export function isIceValue(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= ICE_MIN && value <= ICE_MAX;
}

/** The exact total, rounded to cents only to shed floating-point noise (5×5×5/100 = 1.25). */
export function iceTotal({ impact, confidence, ease }: IceScores): number {
  for (const value of [impact, confidence, ease]) {
    if (!isIceValue(value)) throw new RangeError(`ICE values are whole numbers from ${ICE_MIN} to ${ICE_MAX}`);
  }
  return Math.round(impact * confidence * ease) / 100;
}

/**
 * The total as the app shows it: one decimal, in the founder's convention (`5,0` for a
 * decimal-comma founder; decision 110). A locale string still works and picks the
 * language's convention (Spanish: decimal comma), never Intl's es-419 marks (`5.0`).
 */
export function formatIceTotal(total: number, convention: NumberConvention | string = DECIMAL_POINT): string {
  const marks = typeof convention === 'string' ? (convention.startsWith('es') ? DECIMAL_COMMA : DECIMAL_POINT) : convention;
  return inConvention(new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 }), marks)(total);
}
