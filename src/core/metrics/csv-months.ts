import type { WeekKey } from './iso-week.ts';
import { weeklyFromMonthly } from './revenue-period.ts';
import type { WeekInputField } from './week-record.ts';

/**
 * One month of figures spread over its ISO weeks (decision 117; the import dialog writes
 * the same rule out for the founder):
 * - customers gained and lost and the month's costs are divided among its weeks as evenly
 *   as whole customers and cents allow, the first weeks taking the remainder, so the weeks
 *   add up to the month exactly;
 * - revenue is monthly recurring revenue (MRR): each week records it as weekly revenue
 *   × 12 ÷ 52 (revenue-period.ts) and keeps the month's figure; the MRR that churned,
 *   expanded or contracted becomes weekly revenue the same way, divided among the weeks;
 * - cash, active users, gross margin and ARPU are the month's figure in each of its weeks;
 * - customers and revenue at the start are the month's on its first week (converted the
 *   same way), and each later week starts where the one before ended (csv-import.ts).
 */

/** A row's figures by what they are, null for an empty cell. */
export type RowValues = Partial<Record<WeekInputField | 'monthlyRevenue' | 'endingCustomers', number | null>>;

/** `total` whole units in `parts` shares as equal as possible, the first shares one larger. */
export function splitEvenly(total: number, parts: number): number[] {
  const sign = total < 0 ? -1 : 1;
  const base = Math.floor(Math.abs(total) / parts);
  const rest = Math.abs(total) - base * parts;
  return Array.from({ length: parts }, (_, index) => sign * (base + (index < rest ? 1 : 0)));
}

const splitMoney = (amount: number, parts: number) => splitEvenly(Math.round(amount * 100), parts).map((cents) => cents / 100);

const SPLIT_COUNTS = ['newCustomers', 'lostCustomers'] as const;
const SPLIT_COSTS = ['weeklyCosts', 'marketingCosts'] as const;
const SPLIT_MRR_CHANGES = ['churnedRevenue', 'expansions', 'downgrades'] as const;
const HELD = ['cashBalance', 'dailyActiveUsers', 'weeklyActiveUsers', 'monthlyActiveUsers', 'grossMarginPct', 'arpu'] as const;

/** The month's row as one row per week, in the weeks' order. */
export function spreadMonth(month: RowValues, weeks: readonly WeekKey[]): RowValues[] {
  const parts = weeks.length;
  const shares = (field: keyof RowValues, split: (value: number, parts: number) => number[]) => {
    const value = month[field];
    return value === null || value === undefined ? null : split(value, parts);
  };
  const counts = SPLIT_COUNTS.map((field) => [field, shares(field, splitEvenly)] as const);
  const costs = SPLIT_COSTS.map((field) => [field, shares(field, splitMoney)] as const);
  const changes = SPLIT_MRR_CHANGES.map((field) => [field, shares(field, (value, n) => splitMoney(weeklyFromMonthly(value), n))] as const);
  const monthly = month.monthlyRevenue ?? null;
  return weeks.map((_, index) => {
    const week: RowValues = {};
    for (const [field, split] of [...counts, ...costs, ...changes]) week[field] = split ? split[index]! : null;
    for (const field of HELD) week[field] = month[field] ?? null;
    week.monthlyRevenue = monthly;
    // A file that gave weekly revenue in a month's row keeps it as the weekly level.
    week.weeklyRevenue = monthly === null ? (month.weeklyRevenue ?? null) : weeklyFromMonthly(monthly);
    if (index === 0) {
      const startingRevenue = month.startingRevenue;
      week.startingRevenue = startingRevenue === null || startingRevenue === undefined ? null : weeklyFromMonthly(startingRevenue);
      week.startingCustomers = month.startingCustomers ?? null;
      // Customers at the month's end are those at its first week's start plus the month's net.
      if (month.endingCustomers !== null && month.endingCustomers !== undefined) {
        week.endingCustomers = month.endingCustomers - (month.newCustomers ?? 0) + (month.lostCustomers ?? 0) + (week.newCustomers ?? 0) - (week.lostCustomers ?? 0);
      }
    }
    return week;
  });
}
