import { isoWeekStart, type WeekKey } from './iso-week.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Past ten years a date says nothing a founder can plan with, and Date cannot hold every runway. */
export const CASH_OUT_HORIZON_WEEKS = 520;

export type CashOut = { date: Date; beyondHorizon: boolean };

/**
 * The day the cash runs out at the current burn: runway counts from the end of the latest
 * recorded week, whose closing cash balance it divides (decision 112). Null when not
 * burning; past ten years, the horizon's date, flagged.
 */
export function cashOutDate(latest: WeekKey, runwayWeeks: number | null): CashOut | null {
  if (runwayWeeks === null || !Number.isFinite(runwayWeeks)) return null;
  const weekEnd = isoWeekStart(latest).getTime() + 7 * DAY_MS;
  const beyondHorizon = runwayWeeks > CASH_OUT_HORIZON_WEEKS;
  const days = Math.floor(Math.min(runwayWeeks, CASH_OUT_HORIZON_WEEKS) * 7);
  return { date: new Date(weekEnd + days * DAY_MS), beyondHorizon };
}
