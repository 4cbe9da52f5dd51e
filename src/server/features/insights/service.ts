import { type Insight, weeklyInsights } from '../../../core/insights/weekly-insights.ts';
import { isoWeekOf, type WeekKey } from '../../../core/metrics/iso-week.ts';
import type { Database } from '../../db/client.ts';
import { summaryOf } from '../metrics/index.ts';
import { listTasks } from '../tasks/index.ts';

/**
 * The founder's insights this week (docs/decisions/212-weekly-insights.md), worked out on
 * read from their own weeks and completed tasks: nothing is stored, so an edited or deleted
 * week changes them at once, and the Overview and the Monday e-mail never disagree.
 */
export async function founderInsights(db: Database, userId: string, when: { now?: Date; thisWeek?: WeekKey } = {}): Promise<Insight[]> {
  const now = when.now ?? new Date();
  const [summary, doneTasks] = await Promise.all([summaryOf(db, userId), listTasks(db, userId, 'done')]);
  return weeklyInsights({
    series: summary.series,
    notBurning: summary.latest?.runwayStatus === 'not-burning',
    doneTasks,
    now,
    thisWeek: when.thisWeek ?? isoWeekOf(now),
  });
}

export type InsightsAnswer = { insights: Insight[] };
