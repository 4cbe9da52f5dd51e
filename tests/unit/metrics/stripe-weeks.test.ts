import { describe, expect, it } from 'vitest';
import { isoWeekStart } from '../../../src/core/metrics/iso-week.ts';
import { type StripeInvoice, type StripeSubscription, stripeWeeks } from '../../../src/core/metrics/stripe-weeks.ts';

const DAY = 86_400;
/** Stripe's seconds for `days` after the Monday of 2026's ISO week `week`. */
const at = (week: number, days = 0) => isoWeekStart({ year: 2026, week }).getTime() / 1000 + days * DAY;
const price = (amount: number, interval: 'month' | 'year', currency = 'usd') => ({ currency, unit_amount: amount, recurring: { interval, interval_count: 1 } });

function subscription(id: string, customer: string, changes: Partial<StripeSubscription> & { amount?: number; interval?: 'month' | 'year' } = {}): StripeSubscription {
  const { amount = 1000, interval = 'month', ...rest } = changes;
  return { id, customer, status: 'active', currency: 'usd', start_date: at(1), ended_at: null, trial_end: null, items: { data: [{ price: price(amount, interval), quantity: 1 }] }, ...rest };
}
function invoice(subscriptionId: string, amount: number, start: number, end: number, interval: 'month' | 'year' = 'month', changes: { currency?: string; discount?: number; proration?: boolean } = {}): StripeInvoice {
  const currency = changes.currency ?? 'usd';
  return {
    id: `in_${subscriptionId}_${start}`,
    subscription: subscriptionId,
    currency,
    lines: {
      data: [
        {
          type: 'subscription',
          subscription: subscriptionId,
          proration: changes.proration ?? false,
          amount,
          discount_amounts: changes.discount ? [{ amount: changes.discount }] : [],
          period: { start, end },
          price: price(amount, interval, currency),
        },
      ],
    },
  };
}

describe('weeks from Stripe', () => {
  const subscriptions = [
    // A: $100 a month from Tuesday of week 2, $200 from its second month (an upgrade at renewal, Thursday of week 6).
    subscription('sub_a', 'cus_a', { start_date: at(2, 1), amount: 20000 }),
    // B: $520 a year from Monday 00:00 of week 3, ended on Wednesday of week 6.
    subscription('sub_b', 'cus_b', { start_date: at(3), ended_at: at(6, 2), status: 'canceled', amount: 52000, interval: 'year' }),
    // C: charged in euros: left out, and counted as such.
    subscription('sub_c', 'cus_c', { currency: 'eur' }),
    // D: trialing until Thursday of week 8, no invoice yet: 2 × $50 a month from then.
    { ...subscription('sub_d', 'cus_d', { start_date: at(5), status: 'trialing', trial_end: at(8, 3) }), items: { data: [{ price: price(5000, 'month'), quantity: 2 }] } },
    // E: never paid.
    subscription('sub_e', 'cus_e', { status: 'incomplete' }),
  ];
  const invoices = [
    invoice('sub_a', 10000, at(2, 1), at(2, 31)),
    invoice('sub_a', 20000, at(2, 31), at(2, 61)),
    // A proration on the upgrade is not recurring revenue.
    invoice('sub_a', 3000, at(6, 3), at(6, 4), 'month', { proration: true }),
    invoice('sub_b', 52000, at(3), at(3, 365), 'year'),
    invoice('sub_c', 1000, at(1), at(1, 30), 'month', { currency: 'eur' }),
  ];

  it('fills each completed week with customers and recurring revenue as they moved', () => {
    const { weeks, otherCurrency } = stripeWeeks(subscriptions, invoices, 'USD', { year: 2026, week: 10 });
    expect(otherCurrency).toBe(1);
    const row = (week: number) => weeks.find((candidate) => candidate.week === week);
    expect(weeks.map((week) => week.week)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // $100 a month is $23.08 a week (× 12 ÷ 52); $520 a year is $10.
    expect(row(2)).toMatchObject({ startingCustomers: 0, newCustomers: 1, lostCustomers: 0, startingRevenue: 0, weeklyRevenue: 23.08 });
    expect(row(3)).toMatchObject({ startingCustomers: 1, newCustomers: 1, startingRevenue: 23.08, weeklyRevenue: 33.08 });
    expect(row(5)).toMatchObject({ startingCustomers: 2, newCustomers: 0, lostCustomers: 0, startingRevenue: 33.08, weeklyRevenue: 33.08, expansions: 0 });
    expect(row(6)).toEqual({ year: 2026, week: 6, startingCustomers: 2, newCustomers: 0, lostCustomers: 1, startingRevenue: 33.08, weeklyRevenue: 46.15, churnedRevenue: 10, expansions: 23.07, downgrades: 0 });
    expect(row(8)).toMatchObject({ startingCustomers: 1, newCustomers: 1, startingRevenue: 46.15, weeklyRevenue: 69.23 });
    expect(row(10)).toMatchObject({ startingCustomers: 2, newCustomers: 0, lostCustomers: 0, startingRevenue: 69.23, weeklyRevenue: 69.23 });
  });

  it('each week adds up: the end is the start less what left plus what grew and who joined', () => {
    const { weeks } = stripeWeeks(subscriptions, invoices, 'usd', { year: 2026, week: 10 });
    for (const [index, week] of weeks.entries()) {
      const next = weeks[index + 1];
      if (next) {
        expect(next.startingCustomers).toBe(week.startingCustomers + week.newCustomers - week.lostCustomers);
        expect(next.startingRevenue).toBe(week.weeklyRevenue);
      }
      expect(week.churnedRevenue + week.downgrades).toBeLessThanOrEqual(week.startingRevenue);
    }
  });

  it('nets discounts, reads a downgrade, and keeps whole pesos whole', () => {
    const subs = [subscription('sub_x', 'cus_x', { start_date: at(2), currency: 'clp' })];
    const pesos = [invoice('sub_x', 13000, at(2), at(2, 28), 'month', { currency: 'clp', discount: 0 }), invoice('sub_x', 13000, at(2, 28), at(2, 56), 'month', { currency: 'clp', discount: 6500 })];
    const { weeks } = stripeWeeks(subs, pesos, 'CLP', { year: 2026, week: 8 });
    // CLP 13.000 a month is CLP 3.000 a week; half off from week 6 is CLP 1.500.
    expect(weeks.find((week) => week.week === 2)).toMatchObject({ newCustomers: 1, weeklyRevenue: 3000 });
    expect(weeks.find((week) => week.week === 6)).toMatchObject({ startingRevenue: 3000, weeklyRevenue: 1500, downgrades: 1500, expansions: 0 });
  });

  it('keeps at most the last ten years of weeks', () => {
    const old = [subscription('sub_old', 'cus_old', { start_date: at(1) - 20 * 365 * DAY })];
    expect(stripeWeeks(old, [], 'usd', { year: 2026, week: 10 }).weeks).toHaveLength(530);
  });
});
