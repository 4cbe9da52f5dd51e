import { cashOutDate } from '../metrics/cash-out.ts';
import { runway } from '../metrics/formulas.ts';
import type { WeekKey } from '../metrics/iso-week.ts';

/**
 * What a change in weekly costs or revenue does to the runway (the mentor's arithmetic for
 * "should I hire two engineers?"): the same runway formula as the dashboard (cash over net
 * burn, src/core/metrics/formulas.ts), before and after, and the week the cash would run
 * out, counted from the end of the latest recorded week.
 */
export type RunwayState = {
  weeklyBurn: number;
  /** null: not burning cash, so it never runs out at this pace. */
  runwayWeeks: number | null;
  /** The day the cash runs out, in days since 1970-01-01 (UTC); null when not burning. */
  cashOutDay: number | null;
};

export type RunwayProjection = { now: RunwayState; after: RunwayState; change: RunwayChange };

/** Added to the weekly costs (payroll +) and revenue (a price rise +); negative to cut them. */
export type RunwayChange = { weeklyCosts: number; weeklyRevenue: number };

const DAY_MS = 86_400_000;

/** The dashboard's runway and cash-out date (src/core/metrics/cash-out.ts), so the mentor names the Overview's day. */
function stateOf(cashBalance: number, weeklyBurn: number, week: WeekKey): RunwayState {
  const { weeks } = runway(cashBalance, weeklyBurn);
  const cashOut = cashOutDate(week, weeks);
  return { weeklyBurn, runwayWeeks: weeks, cashOutDay: cashOut === null ? null : Math.round(cashOut.date.getTime() / DAY_MS) };
}

export function projectRunway(latest: { cashBalance: number; weeklyBurn: number; week: WeekKey }, change: Partial<RunwayChange>): RunwayProjection {
  const applied = { weeklyCosts: change.weeklyCosts ?? 0, weeklyRevenue: change.weeklyRevenue ?? 0 };
  return {
    now: stateOf(latest.cashBalance, latest.weeklyBurn, latest.week),
    after: stateOf(latest.cashBalance, latest.weeklyBurn + applied.weeklyCosts - applied.weeklyRevenue, latest.week),
    change: applied,
  };
}

/** `2027-06-21`: a day number as an ISO date. */
export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
