import { monthlyRecurringRevenue, newRevenue } from './formulas.ts';
import { isoWeekStart, type WeekKey, weekFromIndex, weekIndex } from './iso-week.ts';
import type { WeekRecord } from './week-record.ts';

/**
 * Where MRR came from and went (decision 112): new customers, expansions, contractions
 * (downgrades) and churn, each in MRR terms (a week's revenue × 52 ÷ 12, as MRR itself),
 * and the net change. Net is the real change of MRR over the period (revenue at its end
 * against revenue at its start), so a drop the records do not explain still shows.
 */
export type MrrMovement = { newMrr: number; expansion: number; contraction: number; churned: number; net: number };
export type MovementGrouping = 'week' | 'month';
/** One bar of the chart: the week's Monday or the month's first day, how many recorded weeks fell in it, their movement. */
export type MovementPeriod = { start: Date; weeks: number; movement: MrrMovement | null };

const DAY_MS = 24 * 60 * 60 * 1000;

export function weekMovement(record: WeekRecord): MrrMovement {
  return {
    newMrr: monthlyRecurringRevenue(newRevenue(record)),
    expansion: monthlyRecurringRevenue(record.expansions),
    contraction: monthlyRecurringRevenue(record.downgrades),
    churned: monthlyRecurringRevenue(record.churnedRevenue),
    net: monthlyRecurringRevenue(record.weeklyRevenue - record.startingRevenue),
  };
}

function add(total: MrrMovement | null, movement: MrrMovement): MrrMovement {
  if (!total) return movement;
  return {
    newMrr: total.newMrr + movement.newMrr,
    expansion: total.expansion + movement.expansion,
    contraction: total.contraction + movement.contraction,
    churned: total.churned + movement.churned,
    net: total.net + movement.net,
  };
}

/** A week belongs to the month of its Thursday, the day that also decides its ISO year. */
function monthOf(key: WeekKey): number {
  const thursday = new Date(isoWeekStart(key).getTime() + 3 * DAY_MS);
  return thursday.getUTCFullYear() * 12 + thursday.getUTCMonth();
}

/**
 * The last `count` weeks or months ending at the latest record, oldest first: a week not
 * recorded is a gap (null), a month sums the weeks recorded in it. `records` oldest first.
 */
export function mrrMovements(records: readonly WeekRecord[], by: MovementGrouping, count = 12): MovementPeriod[] {
  const latest = records.at(-1);
  if (!latest) return [];
  const slotOf = by === 'week' ? weekIndex : monthOf;
  const last = slotOf(latest);
  const periods: MovementPeriod[] = Array.from({ length: count }, (_, index) => {
    const slot = last - count + 1 + index;
    const start = by === 'week' ? isoWeekStart(weekFromIndex(slot)) : new Date(Date.UTC(Math.floor(slot / 12), slot % 12, 1));
    return { start, weeks: 0, movement: null };
  });
  for (const record of records) {
    const period = periods[slotOf(record) - last + count - 1];
    if (!period) continue;
    period.weeks += 1;
    period.movement = add(period.movement, weekMovement(record));
  }
  return periods;
}
