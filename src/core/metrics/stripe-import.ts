import { z } from 'zod';
import { compareWeeks } from './iso-week.ts';
import type { StripeWeek } from './stripe-weeks.ts';
import { count, money, signedMoney, type WeekInputField, type WeekRecord } from './week-record.ts';

/**
 * What a founder sends to import from Stripe (decision 118), checked alike in the browser
 * and by the routes. Messages are `validation:` keys (decision 236).
 */

/**
 * A restricted key (`rk_live_…`, `rk_test_…`), which the founder creates with read access
 * only. A secret key (`sk_…`) can move money and change everything in the account:
 * refused before anything is stored or sent anywhere.
 */
export const StripeKeyInput = z
  .object({
    key: z
      .string({ error: 'validation:metrics.stripeKeyFormat' })
      .trim()
      .superRefine((key, context) => {
        if (/^sk_(live|test)_/.test(key)) context.addIssue({ code: 'custom', message: 'validation:metrics.stripeFullKey' });
        else if (!/^rk_(live|test)_[A-Za-z0-9]{10,250}$/.test(key)) context.addIssue({ code: 'custom', message: 'validation:metrics.stripeKeyFormat' });
      }),
  })
  .strict();
export type StripeKeyInput = z.infer<typeof StripeKeyInput>;

/** `rk_live_…a1b2`: what the founder sees of their key once it is stored. */
export const stripeKeyHint = (key: string) => `${key.slice(0, 8)}…${key.slice(-4)}`;
export const isLiveKey = (key: string) => key.startsWith('rk_live_');

/**
 * Stripe knows customers and revenue, not costs, cash or active users: a founder with no
 * week recorded yet gives today's, and the weeks Stripe adds use them until edited.
 */
export const StripeBaseline = z
  .object({ weeklyCosts: money, marketingCosts: money, cashBalance: signedMoney, weeklyActiveUsers: count })
  .strict();
export type StripeBaseline = z.infer<typeof StripeBaseline>;

export const StripeApplyInput = z.object({ baseline: StripeBaseline.optional() }).strict();
export type StripeApplyInput = z.infer<typeof StripeApplyInput>;

/** The inputs Stripe fills in a week; the rest (costs, cash, active users…) stay the founder's. */
export const STRIPE_FIELDS = ['startingCustomers', 'newCustomers', 'lostCustomers', 'startingRevenue', 'weeklyRevenue', 'churnedRevenue', 'expansions', 'downgrades'] as const satisfies readonly WeekInputField[];

type StripeField = (typeof STRIPE_FIELDS)[number];
const stripeFigures = (week: StripeWeek) => Object.fromEntries(STRIPE_FIELDS.map((field) => [field, week[field]])) as Pick<WeekRecord, StripeField>;

/**
 * Stripe's weeks as records to save. A week the founder recorded keeps everything but
 * Stripe's figures (and loses the monthly revenue it was typed with: the weekly figure is
 * Stripe's now). A week they did not record takes the rest from the closest week they
 * recorded before it, else after it, else from the baseline; null when it needs a
 * baseline that was not given.
 */
export function mergeStripeWeeks(found: readonly StripeWeek[], recorded: readonly WeekRecord[], baseline?: StripeBaseline): WeekRecord[] | null {
  const sorted = [...recorded].sort(compareWeeks);
  const merged: WeekRecord[] = [];
  for (const week of found) {
    const key = { year: week.year, week: week.week };
    const same = sorted.find((record) => compareWeeks(record, key) === 0);
    const donor = same ?? sorted.findLast((record) => compareWeeks(record, key) < 0) ?? sorted.find((record) => compareWeeks(record, key) > 0);
    const rest: Omit<WeekRecord, StripeField | 'monthlyRevenue' | 'year' | 'week'> | undefined = donor ?? (baseline && { ...baseline, dailyActiveUsers: null, monthlyActiveUsers: null, grossMarginPct: null, arpu: null });
    if (!rest) return null;
    const { weeklyCosts, marketingCosts, cashBalance, dailyActiveUsers, weeklyActiveUsers, monthlyActiveUsers, grossMarginPct, arpu } = rest;
    merged.push({ ...key, weeklyCosts, marketingCosts, cashBalance, dailyActiveUsers, weeklyActiveUsers, monthlyActiveUsers, grossMarginPct, arpu, ...stripeFigures(week), monthlyRevenue: null });
  }
  return merged;
}
