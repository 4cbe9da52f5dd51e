/**
 * Premium's plans and prices (docs/product.md#pricing): $30 a month or $360 a year. The
 * local provider charges nothing and shows these; with Stripe, the configured prices must
 * match them (docs/billing.md).
 */
export const PLANS = ['monthly', 'annual'] as const;
export type Plan = (typeof PLANS)[number];

/** How many calendar months one paid period of each plan lasts. */
export const PLAN_MONTHS: Record<Plan, number> = { monthly: 1, annual: 12 };

export const PRICE_CURRENCY = 'USD';
/** Whole US dollars per period. */
export const PLAN_PRICES: Record<Plan, number> = { monthly: 30, annual: 360 };

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}
