import { isoWeekStart, type WeekKey, weekFromIndex, weekIndex } from './iso-week.ts';
import { MAX_IMPORT_ROWS } from './csv-table.ts';

/**
 * A founder's weeks from their Stripe subscriptions and paid invoices (decision 118): the
 * figures Stripe knows (customers at the start, new, lost, revenue at the start and at the
 * end, churned revenue, expansions and downgrades), for every completed ISO week since the
 * first paying customer. Pure: the server reads Stripe, this turns what it read into weeks.
 *
 * Each subscription is worth, at any moment, the weekly share of what its last paid
 * invoice charged for the period covering that moment (× 12 ÷ 52 for a month, ÷ 52 for a
 * year, net of discounts, prorations left out), until it ended; without a paid invoice
 * yet, its current prices from the end of any trial. A customer is worth the sum of their
 * subscriptions. Each week compares every customer as it starts (Monday 00:00 UTC) and as
 * it ends (the next Monday): worth nothing then something is new, something then nothing
 * is lost (their starting worth is churned revenue), more is an expansion, less a
 * downgrade. Amounts are rounded to the cent per customer, so the week's figures add up:
 * revenue at the end = at the start − churned − downgrades + expansions + new customers'.
 */

type Recurring = { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number };
type Price = { currency: string; unit_amount: number | null; recurring: Recurring | null };

/** The fields of a Stripe subscription (API version 2024-06-20) this reads. */
export type StripeSubscription = {
  id: string;
  customer: string;
  status: string;
  currency: string;
  start_date: number;
  ended_at: number | null;
  trial_end: number | null;
  items: { data: { price: Price; quantity?: number | null }[] };
};

/** The fields of a paid Stripe invoice (API version 2024-06-20) this reads. */
export type StripeInvoice = {
  id: string;
  subscription: string | null;
  currency: string;
  lines: {
    data: {
      type: string;
      subscription?: string | null;
      proration: boolean;
      amount: number;
      discount_amounts?: { amount: number }[] | null;
      period: { start: number; end: number };
      price: Price | null;
    }[];
  };
};

export type StripeWeek = WeekKey & {
  startingCustomers: number;
  newCustomers: number;
  lostCustomers: number;
  startingRevenue: number;
  weeklyRevenue: number;
  churnedRevenue: number;
  expansions: number;
  downgrades: number;
};

export type StripeWeeks = {
  weeks: StripeWeek[];
  /** Subscriptions charged in another currency than the founder's: left out, and said so. */
  otherCurrency: number;
};

/** Stripe's currencies without minor units, whose amounts are whole units (stripe.com/docs/currencies). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
/** Stripe's currencies with three decimals (their amounts are in thousandths). */
const THREE_DECIMAL = new Set(['bhd', 'jod', 'kwd', 'omr', 'tnd']);
const centsPerMinorUnit = (currency: string) => (ZERO_DECIMAL.has(currency) ? 100 : THREE_DECIMAL.has(currency) ? 0.1 : 1);

const WEEKS_PER: Record<Recurring['interval'], number> = { day: 1 / 7, week: 1, month: 52 / 12, year: 52 };
/** An amount charged per `recurring` period, as cents per week (not yet rounded). */
const weeklyCents = (amount: number, recurring: Recurring, cents: number) => (amount * cents) / (WEEKS_PER[recurring.interval] * recurring.interval_count);

const SECONDS_PER_WEEK = 7 * 24 * 3600;

/** A subscription's worth over time: from each `start`, `cents` a week, until `end`. */
type Worth = { customer: string; steps: { start: number; cents: number }[]; end: number };

/** The paid periods of each subscription, summed over its items, from the invoices' subscription lines. */
function paidPeriods(invoices: readonly StripeInvoice[], currency: string, cents: number): Map<string, Map<number, number>> {
  const periods = new Map<string, Map<number, number>>();
  for (const invoice of invoices) {
    if (invoice.currency !== currency) continue;
    for (const line of invoice.lines.data) {
      const subscription = line.subscription ?? invoice.subscription;
      const recurring = line.price?.recurring;
      if (line.type !== 'subscription' || line.proration || !subscription || !recurring) continue;
      const discounts = (line.discount_amounts ?? []).reduce((sum, discount) => sum + discount.amount, 0);
      const byStart = periods.get(subscription) ?? new Map<number, number>();
      byStart.set(line.period.start, (byStart.get(line.period.start) ?? 0) + weeklyCents(line.amount - discounts, recurring, cents));
      periods.set(subscription, byStart);
    }
  }
  return periods;
}

/** What never paid is not revenue: incomplete subscriptions, and ended ones with no paid invoice. */
const UNPAID = new Set(['incomplete', 'incomplete_expired']);

function worthOf(subscription: StripeSubscription, paid: Map<number, number> | undefined, cents: number): Worth | null {
  const end = subscription.ended_at ?? Number.POSITIVE_INFINITY;
  if (paid && paid.size > 0) {
    const steps = [...paid].sort(([a], [b]) => a - b).map(([start, value]) => ({ start, cents: value }));
    return { customer: subscription.customer, steps, end };
  }
  if (UNPAID.has(subscription.status) || subscription.ended_at !== null) return null;
  const value = subscription.items.data.reduce((sum, item) => {
    const { unit_amount: amount, recurring } = item.price;
    return amount === null || !recurring ? sum : sum + weeklyCents(amount * (item.quantity ?? 1), recurring, cents);
  }, 0);
  const start = Math.max(subscription.start_date, subscription.trial_end ?? 0);
  return value > 0 ? { customer: subscription.customer, steps: [{ start, cents: value }], end } : null;
}

type Totals = Omit<StripeWeek, 'year' | 'week'>;
const emptyTotals = (): Totals => ({ startingCustomers: 0, newCustomers: 0, lostCustomers: 0, startingRevenue: 0, weeklyRevenue: 0, churnedRevenue: 0, expansions: 0, downgrades: 0 });

/**
 * The weeks Stripe's records describe, in the founder's currency, every completed week
 * through `through` (at most the last 530, ten years), from the first one with a paying customer.
 */
export function stripeWeeks(subscriptions: readonly StripeSubscription[], invoices: readonly StripeInvoice[], founderCurrency: string, through: WeekKey): StripeWeeks {
  const currency = founderCurrency.toLowerCase();
  const cents = centsPerMinorUnit(currency);
  const paid = paidPeriods(invoices, currency, cents);
  const byCustomer = new Map<string, Worth[]>();
  let otherCurrency = 0;
  for (const subscription of subscriptions) {
    if (subscription.currency !== currency) {
      otherCurrency += 1;
      continue;
    }
    const worth = worthOf(subscription, paid.get(subscription.id), cents);
    if (!worth) continue;
    const worths = byCustomer.get(worth.customer);
    if (worths) worths.push(worth);
    else byCustomer.set(worth.customer, [worth]);
  }

  const lastIndex = weekIndex(through);
  const firstIndex = lastIndex - MAX_IMPORT_ROWS + 1;
  // Week starts in Stripe's seconds: the Monday 00:00 UTC of week `index`, and the week a moment falls in.
  const firstStart = isoWeekStart(weekFromIndex(firstIndex)).getTime() / 1000;
  const weekStartSeconds = (index: number) => firstStart + (index - firstIndex) * SECONDS_PER_WEEK;
  const weekOfSeconds = (seconds: number) => firstIndex + Math.floor((seconds - firstStart) / SECONDS_PER_WEEK);
  const totals = new Map<number, Totals>();
  let earliest = lastIndex + 1;
  for (const worths of byCustomer.values()) {
    const from = Math.max(firstIndex, Math.min(...worths.map((worth) => weekOfSeconds(worth.steps[0]!.start))));
    const until = Math.min(lastIndex, Math.max(...worths.map((worth) => weekOfSeconds(worth.end))));
    // The customer's worth at each Monday from the start of `from` to the end of `until`.
    const pointers = worths.map(() => -1);
    const worthAt = (seconds: number) =>
      Math.round(
        worths.reduce((sum, worth, index) => {
          while (pointers[index]! + 1 < worth.steps.length && worth.steps[pointers[index]! + 1]!.start <= seconds) pointers[index]! += 1;
          return seconds < worth.end && pointers[index]! >= 0 ? sum + worth.steps[pointers[index]!]!.cents : sum;
        }, 0),
      );
    // A week's edges are the last second before its Monday and before the next one: what
    // starts at Monday 00:00 is new that week, what ends then was lost that week.
    let before = worthAt(weekStartSeconds(from) - 1);
    for (let index = from; index <= until; index++) {
      const after = worthAt(weekStartSeconds(index + 1) - 1);
      if (before > 0 || after > 0) {
        const week = totals.get(index) ?? emptyTotals();
        totals.set(index, week);
        earliest = Math.min(earliest, index);
        if (before > 0) {
          week.startingCustomers += 1;
          week.startingRevenue += before;
        }
        if (after > 0) week.weeklyRevenue += after;
        if (before === 0) week.newCustomers += 1;
        else if (after === 0) {
          week.lostCustomers += 1;
          week.churnedRevenue += before;
        } else if (after > before) week.expansions += after - before;
        else week.downgrades += before - after;
      }
      before = after;
    }
  }

  const weeks: StripeWeek[] = [];
  for (let index = earliest; index <= lastIndex; index++) {
    const week = totals.get(index) ?? emptyTotals();
    const money = (value: number) => value / 100;
    weeks.push({
      ...weekFromIndex(index),
      ...week,
      startingRevenue: money(week.startingRevenue),
      weeklyRevenue: money(week.weeklyRevenue),
      churnedRevenue: money(week.churnedRevenue),
      expansions: money(week.expansions),
      downgrades: money(week.downgrades),
    });
  }
  return { weeks, otherCurrency };
}
