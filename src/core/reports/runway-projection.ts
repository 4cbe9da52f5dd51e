import { WEEKS_PER_MONTH } from '../metrics/formulas.ts';

/**
 * Runway scenarios (docs/reports.md#runway-scenarios, decision 180): cash projected week by
 * week from the founder's latest recorded week, with the changes a founder plans. Pure and
 * allocation-light: the page recomputes four scenarios on every keystroke.
 */
export const PROJECTION_WEEKS = 104;

/** Where the projection starts: the latest recorded week's figures. Rates are weekly fractions. */
export type ProjectionBaseline = {
  cash: number;
  weeklyRevenue: number;
  weeklyCosts: number;
  /**
   * Net burn, costs − revenue, when it is known exactly (the dashboard's): weeks in which
   * nothing has changed lose exactly this, so a flat projection runs out on the dashboard's
   * runway to the last digit. Without it, costs − revenue.
   */
  weeklyBurn?: number;
  /** Net weekly revenue growth at today's churn (0.01 = 1 % a week). */
  weeklyGrowth: number;
  /** Weekly revenue churn (0.005 = 0.5 % of revenue lost each week). */
  weeklyChurn: number;
};

/**
 * A planned change, starting in projection week `week` (1 = the week after the latest
 * recorded one). Money is per month as founders budget it; rates are monthly fractions.
 */
export type ProjectionChange =
  | { kind: 'hire'; week: number; monthlyCost: number; count: number }
  | { kind: 'price'; week: number; percent: number }
  | { kind: 'growth'; week: number; monthlyRate: number }
  | { kind: 'churn'; week: number; monthlyRate: number }
  | { kind: 'fundraise'; week: number; amount: number }
  | { kind: 'costCut'; week: number; monthlyAmount: number };

export type ProjectionWeek = { week: number; cash: number; revenue: number; costs: number };

export type Projection = {
  weeks: ProjectionWeek[];
  /** Weeks until cash reaches 0 (fractional, like the dashboard's runway); null when it lasts the horizon. */
  runwayWeeks: number | null;
  /** The first projection week that ends with cash at or below 0; null when none does. */
  cashOutWeek: number | null;
  /** The week from which revenue covers costs to the end of the horizon; null when it never does. */
  breakEvenWeek: number | null;
  /** Profitable before the money runs out (decision 180). */
  defaultAlive: boolean;
};

/** A monthly rate as the weekly rate that compounds to it: (1 + m)^(12/52) − 1. */
export function weeklyRateFromMonthly(monthly: number): number {
  return (1 + monthly) ** (1 / WEEKS_PER_MONTH) - 1;
}

/** A monthly churn as the weekly churn that leaves as much: 1 − (1 − m)^(12/52). */
export function weeklyChurnFromMonthly(monthly: number): number {
  return 1 - (1 - monthly) ** (1 / WEEKS_PER_MONTH);
}

/** A weekly rate as the monthly rate it compounds to. */
export function monthlyRateFromWeekly(weekly: number): number {
  return (1 + weekly) ** WEEKS_PER_MONTH - 1;
}

/**
 * Cash for each of the next 104 weeks. Each week: revenue grows by growth − churn (a
 * price change multiplies it from its week), costs are today's plus hires minus cuts
 * (never below 0), and cash adds revenue − costs plus any money raised that week.
 */
export function projectRunway(baseline: ProjectionBaseline, changes: readonly ProjectionChange[]): Projection {
  const weeks: ProjectionWeek[] = new Array(PROJECTION_WEEKS);
  // Growth is stated at today's churn, so its gross part is growth + today's churn.
  let grossGrowth = baseline.weeklyGrowth + baseline.weeklyChurn;
  let churn = baseline.weeklyChurn;
  let revenue = baseline.weeklyRevenue;
  let extraCosts = 0;
  let cash = baseline.cash;
  let previousCash = cash;
  let cashOutWeek: number | null = baseline.cash <= 0 ? 0 : null;
  let runwayWeeks: number | null = baseline.cash <= 0 ? 0 : null;
  let lastLoss = 0;

  const startBurn = baseline.weeklyBurn ?? baseline.weeklyCosts - baseline.weeklyRevenue;
  // The runway is read off the last stretch of weeks that each lost the same amount: from its
  // start, cash ÷ that loss, the dashboard's own division (decision 256).
  let stretchStart = 0;
  let stretchCash = cash;
  let stretchLoss = Number.NaN;

  for (let week = 1; week <= PROJECTION_WEEKS; week++) {
    let priceFactor = 1;
    let raised = 0;
    for (const change of changes) {
      if (change.week !== week) continue;
      switch (change.kind) {
        case 'hire':
          extraCosts += (change.monthlyCost * change.count) / WEEKS_PER_MONTH;
          break;
        case 'costCut':
          extraCosts -= change.monthlyAmount / WEEKS_PER_MONTH;
          break;
        case 'price':
          priceFactor *= 1 + change.percent / 100;
          break;
        case 'growth':
          grossGrowth = weeklyRateFromMonthly(change.monthlyRate) + baseline.weeklyChurn;
          break;
        case 'churn':
          churn = weeklyChurnFromMonthly(change.monthlyRate);
          break;
        case 'fundraise':
          raised += change.amount;
          break;
      }
    }
    // No growth and no change leaves revenue exactly as it was (no rounding from 1 + g − c).
    const factor = (grossGrowth === churn ? 1 : 1 + grossGrowth - churn) * priceFactor;
    revenue = factor === 1 ? revenue : Math.max(0, revenue * factor);
    const costs = Math.max(0, baseline.weeklyCosts + extraCosts);
    const unchanged = revenue === baseline.weeklyRevenue && extraCosts === 0 && costs === baseline.weeklyCosts;
    const loss = (unchanged ? startBurn : costs - revenue) - raised;
    previousCash = cash;
    cash = cash - loss;
    weeks[week - 1] = { week, cash, revenue, costs };
    if (revenue < costs) lastLoss = week;
    if (loss !== stretchLoss) {
      stretchStart = week - 1;
      stretchCash = previousCash;
      stretchLoss = loss;
    }
    if (cashOutWeek === null && cash <= 0) {
      cashOutWeek = week;
      // Within the stretch the cash falls evenly: the runway ends where the line crosses 0.
      runwayWeeks = stretchStart + stretchCash / stretchLoss;
    }
  }

  const breakEvenWeek = lastLoss < PROJECTION_WEEKS ? lastLoss + 1 : null;
  return {
    weeks,
    runwayWeeks,
    cashOutWeek,
    breakEvenWeek,
    defaultAlive: breakEvenWeek !== null && cashOutWeek === null,
  };
}
