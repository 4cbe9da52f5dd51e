import { weekIndex } from './iso-week.ts';
import type { WeekRecord } from './week-record.ts';

/**
 * Every metric of docs/product.md#metric-formulas as pure functions over a founder's weekly records,
 * shared by the server (which never trusts numbers a client computed) and the
 * dashboard. A metric whose denominator is 0 or whose inputs are missing is null.
 */
export const WEEKS_PER_MONTH = 52 / 12;
/** Trailing window for rates and unit costs, in recorded weeks. */
export const TRAILING_WEEKS = 4;
/** NDR compounds a year of weekly net retention. */
export const NDR_WEEKS = 52;
/** Below this many weeks of revenue the projected NDR is flagged low confidence. */
export const NDR_MIN_CONFIDENT_WEEKS = 13;

export type NdrConfidence = 'measured' | 'projected' | 'low';
export type RunwayStatus = 'burning' | 'not-burning';

export type MetricsSnapshot = {
  year: number;
  week: number;
  cac: number | null;
  ndr: number | null;
  ndrConfidence: NdrConfidence | null;
  mrr: number;
  arr: number;
  weeklyRecurringRevenue: number;
  weeklyBurnRate: number;
  runwayWeeks: number | null;
  runwayStatus: RunwayStatus;
  churnRate: number | null;
  monthlyChurnRate: number | null;
  revenueChurnRate: number | null;
  ltv: number | null;
  arpc: number | null;
  activeUsers: number;
  dailyActiveUsers: number | null;
  monthlyActiveUsers: number | null;
  cashBalance: number;
  paybackWeeks: number | null;
  ltvToCac: number | null;
  grossMargin: number | null;
  /** LTV and payback were computed without a gross margin (none recorded): they say so. */
  withoutMargin: boolean;
  endingCustomers: number;
  revenueGrowth: number | null;
  userGrowth: number | null;
  burnMultiple: number | null;
  quickRatio: number | null;
};

/** The metric keys a task or a chart can refer to (the numeric keys of the summary's `latest`). */
export const METRIC_KEYS = [
  'cac',
  'ndr',
  'mrr',
  'arr',
  'weeklyRecurringRevenue',
  'weeklyBurnRate',
  'runwayWeeks',
  'churnRate',
  'monthlyChurnRate',
  'revenueChurnRate',
  'ltv',
  'arpc',
  'activeUsers',
  'cashBalance',
  'paybackWeeks',
  'ltvToCac',
  'revenueGrowth',
  'userGrowth',
  'burnMultiple',
  'quickRatio',
] as const satisfies readonly (keyof MetricsSnapshot)[];
export type MetricKey = (typeof METRIC_KEYS)[number];

/** a / b, or null when b is 0 (or either side is missing): never Infinity or NaN. */
export function ratio(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || denominator === 0) return null;
  const value = numerator / denominator;
  return Number.isFinite(value) ? value : null;
}

const sum = (records: readonly WeekRecord[], pick: (record: WeekRecord) => number) =>
  records.reduce((total, record) => total + pick(record), 0);

export function endingCustomers(record: WeekRecord): number {
  return record.startingCustomers + record.newCustomers - record.lostCustomers;
}

/** Revenue kept from the week's starting revenue, with expansions: 1.02 = 102 %. */
export function netRetention(record: WeekRecord): number | null {
  return ratio(record.startingRevenue - record.churnedRevenue - record.downgrades + record.expansions, record.startingRevenue);
}

export function monthlyRecurringRevenue(weeklyRevenue: number): number {
  return weeklyRevenue * WEEKS_PER_MONTH;
}

/** Compounds a weekly rate into a monthly one: 1 − (1 − weekly)^(52/12), never weekly × 4.33. */
export function monthlyFromWeeklyChurn(weeklyChurn: number | null): number | null {
  if (weeklyChurn === null) return null;
  return 1 - (1 - weeklyChurn) ** WEEKS_PER_MONTH;
}

export function weeklyChurnRate(window: readonly WeekRecord[]): number | null {
  const churn = ratio(sum(window, (w) => w.lostCustomers), sum(window, (w) => w.startingCustomers));
  return churn === null ? null : Math.min(churn, 1);
}

export function revenueChurnRate(window: readonly WeekRecord[]): number | null {
  const churn = ratio(
    sum(window, (w) => w.churnedRevenue + w.downgrades),
    sum(window, (w) => w.startingRevenue),
  );
  return churn === null ? null : Math.min(churn, 1);
}

export function customerAcquisitionCost(window: readonly WeekRecord[]): number | null {
  return ratio(sum(window, (w) => w.marketingCosts), sum(window, (w) => w.newCustomers));
}

/** Net burn per week averaged over the window; negative when revenue beats costs. */
export function weeklyBurnRate(window: readonly WeekRecord[]): number {
  if (window.length === 0) return 0;
  return sum(window, (w) => w.weeklyCosts - w.weeklyRevenue) / window.length;
}

/** Weeks of cash left at the current burn; null (not burning) when burn ≤ 0. */
export function runway(cashBalance: number, burn: number): { weeks: number | null; status: RunwayStatus } {
  if (burn <= 0) return { weeks: null, status: 'not-burning' };
  return { weeks: Math.max(0, cashBalance / burn), status: 'burning' };
}

/** LTV = ARPC × margin / monthly churn; null when no churn has been observed yet. */
export function lifetimeValue(arpc: number | null, grossMargin: number, monthlyChurn: number | null): number | null {
  if (arpc === null) return null;
  return ratio(arpc * grossMargin, monthlyChurn);
}

/** Weeks of a customer's gross profit that pay back their acquisition cost. */
export function paybackWeeks(cac: number | null, arpc: number | null, grossMargin: number): number | null {
  if (cac === null || arpc === null) return null;
  return ratio(cac, (arpc / WEEKS_PER_MONTH) * grossMargin);
}

/**
 * Net dollar retention over the last 52 weeks that had revenue; with fewer weeks
 * the product is annualised and flagged projected (below 13, low confidence).
 */
export function netDollarRetention(records: readonly WeekRecord[]): { value: number | null; confidence: NdrConfidence | null } {
  const withRevenue = records.filter((record) => record.startingRevenue > 0).slice(-NDR_WEEKS);
  const n = withRevenue.length;
  if (n === 0) return { value: null, confidence: null };
  const product = withRevenue.reduce((total, record) => total * (netRetention(record) ?? 1), 1);
  const value = n === NDR_WEEKS ? product : product ** (NDR_WEEKS / n);
  // Annualising a few weeks of tiny revenue can overflow: no number beats a wrong one.
  if (!Number.isFinite(value)) return { value: null, confidence: null };
  return { value, confidence: n === NDR_WEEKS ? 'measured' : n < NDR_MIN_CONFIDENT_WEEKS ? 'low' : 'projected' };
}

/**
 * The record of the calendar week `back` weeks before the latest one, or null when
 * that week was not recorded. Growth compares two points in time, so it is read by
 * calendar week: a gap is a missing figure, not a longer week (decision 047).
 */
function weeksBack(records: readonly WeekRecord[], back: number): WeekRecord | null {
  const latest = records.at(-1);
  if (!latest) return null;
  const wanted = weekIndex(latest) - back;
  // Recorded weeks are unique and sorted, so the week `back` calendar weeks ago, if
  // recorded, is at most `back` records before the latest.
  for (let index = records.length - 2; index >= Math.max(0, records.length - 1 - back); index--) {
    const candidate = weekIndex(records[index]!);
    if (candidate === wanted) return records[index]!;
    if (candidate < wanted) return null;
  }
  return null;
}

/** The last `count` calendar weeks ending at the latest, oldest first, or null if any is missing. */
function calendarWeeks(records: readonly WeekRecord[], count: number): WeekRecord[] | null {
  const span = records.slice(-count);
  if (span.length < count) return null;
  return weekIndex(span.at(-1)!) - weekIndex(span[0]!) === count - 1 ? span : null;
}

/**
 * Monthly revenue growth: the last 4 calendar weeks' revenue over the 4 before, minus 1.
 * Needs all 8 weeks recorded; with a gap the two sums would not cover equal spans.
 */
export function revenueGrowth(records: readonly WeekRecord[]): number | null {
  const span = calendarWeeks(records, 2 * TRAILING_WEEKS);
  if (!span) return null;
  const recent = sum(span.slice(TRAILING_WEEKS), (w) => w.weeklyRevenue);
  const before = sum(span.slice(0, TRAILING_WEEKS), (w) => w.weeklyRevenue);
  const growth = ratio(recent, before);
  return growth === null ? null : growth - 1;
}

/** Weekly user growth: WAU of the latest week over WAU of the calendar week before it, minus 1. */
export function userGrowth(records: readonly WeekRecord[]): number | null {
  const previous = weeksBack(records, 1);
  if (!previous) return null;
  const growth = ratio(records.at(-1)!.weeklyActiveUsers, previous.weeklyActiveUsers);
  return growth === null ? null : growth - 1;
}

/** Monthly burn per dollar of MRR added since the calendar week 4 weeks earlier; null unless MRR grew. */
export function burnMultiple(records: readonly WeekRecord[], burn: number): number | null {
  const monthAgo = weeksBack(records, TRAILING_WEEKS);
  if (!monthAgo) return null;
  const netNewMrr = monthlyRecurringRevenue(records.at(-1)!.weeklyRevenue) - monthlyRecurringRevenue(monthAgo.weeklyRevenue);
  if (netNewMrr <= 0) return null;
  return (burn * WEEKS_PER_MONTH) / netNewMrr;
}

/**
 * Weekly revenue from new customers: what the week ended with beyond the starting revenue
 * kept and expanded. Never negative: a drop the records do not explain is not "new".
 */
export function newRevenue(w: WeekRecord): number {
  return Math.max(0, w.weeklyRevenue - (w.startingRevenue - w.churnedRevenue - w.downgrades + w.expansions));
}

/** Revenue gained (new + expansion) per dollar lost (churn + downgrades). */
export function quickRatio(window: readonly WeekRecord[]): number | null {
  return ratio(
    sum(window, (w) => newRevenue(w) + w.expansions),
    sum(window, (w) => w.churnedRevenue + w.downgrades),
  );
}

/**
 * Every metric as of the last record. `records` must be sorted oldest first and
 * not be empty; the window is the last 4 recorded weeks.
 */
export function computeMetrics(records: readonly WeekRecord[]): MetricsSnapshot {
  const latest = records.at(-1);
  if (!latest) throw new Error('computeMetrics needs at least one week');
  const window = records.slice(-TRAILING_WEEKS);

  const mrr = monthlyRecurringRevenue(latest.weeklyRevenue);
  const customers = endingCustomers(latest);
  const arpc = ratio(mrr, customers);
  const churnRate = weeklyChurnRate(window);
  const monthlyChurnRate = monthlyFromWeeklyChurn(churnRate);
  const cac = customerAcquisitionCost(window);
  const grossMargin = latest.grossMarginPct === null ? null : latest.grossMarginPct / 100;
  const margin = grossMargin ?? 1;
  const ltv = lifetimeValue(arpc, margin, monthlyChurnRate);
  const burn = weeklyBurnRate(window);
  const runwayResult = runway(latest.cashBalance, burn);
  const ndr = netDollarRetention(records);

  return {
    year: latest.year,
    week: latest.week,
    cac,
    ndr: ndr.value,
    ndrConfidence: ndr.confidence,
    mrr,
    arr: mrr * 12,
    weeklyRecurringRevenue: latest.weeklyRevenue,
    weeklyBurnRate: burn,
    runwayWeeks: runwayResult.weeks,
    runwayStatus: runwayResult.status,
    churnRate,
    monthlyChurnRate,
    revenueChurnRate: revenueChurnRate(window),
    ltv,
    arpc,
    activeUsers: latest.weeklyActiveUsers,
    dailyActiveUsers: latest.dailyActiveUsers,
    monthlyActiveUsers: latest.monthlyActiveUsers,
    cashBalance: latest.cashBalance,
    paybackWeeks: paybackWeeks(cac, arpc, margin),
    ltvToCac: ratio(ltv, cac),
    grossMargin,
    withoutMargin: grossMargin === null,
    endingCustomers: customers,
    revenueGrowth: revenueGrowth(records),
    userGrowth: userGrowth(records),
    burnMultiple: burnMultiple(records, burn),
    quickRatio: quickRatio(window),
  };
}

/** The metrics as they stood at every recorded week, oldest first (the charts' data). */
export function computeSeries(records: readonly WeekRecord[]): MetricsSnapshot[] {
  // Each week needs at most its last 8 records, plus its last 52 weeks with revenue
  // for NDR: slicing just that keeps a 10-year history linear instead of quadratic.
  const revenueWeeks: number[] = [];
  return records.map((record, index) => {
    if (record.startingRevenue > 0) revenueWeeks.push(index);
    const ndrStart = revenueWeeks.length > NDR_WEEKS ? revenueWeeks[revenueWeeks.length - NDR_WEEKS]! : 0;
    const start = Math.min(ndrStart, Math.max(0, index + 1 - 2 * TRAILING_WEEKS));
    return computeMetrics(records.slice(start, index + 1));
  });
}
