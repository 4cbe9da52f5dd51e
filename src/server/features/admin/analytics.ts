import { type SQL, sql } from 'drizzle-orm';
import { type Analytics, type AnalyticsQuery, FEATURES, FUNNEL_STEPS, RETENTION_WEEKS } from '../../../core/admin/admin-analytics.ts';
import type { Database } from '../../db/client.ts';

type Row = Record<string, unknown>;
async function rows<T extends Row>(db: Database, query: SQL): Promise<T[]> {
  return (((await db.execute(query)) as unknown as { rows: T[] }).rows ?? []) as T[];
}
const asNumber = (value: unknown) => Number(value ?? 0);
const asDay = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/**
 * The admin analytics' statements (decision 204), one per panel, over the real tables for
 * the UTC days [from, to]. Deleted accounts are left out of every count.
 */
export function analyticsStatements(query: AnalyticsQuery) {
  const start = `${query.from}T00:00:00Z`;
  const end = sql`(${query.to}::date + 1)::timestamptz`;
  const inRange = (column: SQL) => sql`${column} >= ${start}::timestamptz and ${column} < ${end}`;
  const live = sql`u.status <> 'deleted'`;

  return {
    // Counted per day first, then laid over every day of the range (days without any show 0).
    signUps: sql`select d::date as day, coalesce(c.count, 0)::int as count
      from generate_series(${query.from}::date, ${query.to}::date, interval '1 day') d
      left join (select (u.created_at at time zone 'UTC')::date as day, count(*) as count from users u
        where ${live} and ${inRange(sql`u.created_at`)} group by 1) c on c.day = d::date
      order by d`,
    dailyActive: sql`select d::date as day, coalesce(c.count, 0)::int as count
      from generate_series(${query.from}::date, ${query.to}::date, interval '1 day') d
      left join (select a.day, count(*) as count from activity_days a where a.day between ${query.from}::date and ${query.to}::date group by 1) c on c.day = d::date
      order by d`,
    weeklyActive: sql`select date_trunc('week', a.day)::date as week, count(distinct a.user_id)::int as count
      from activity_days a where a.day between ${query.from}::date and ${query.to}::date
      group by 1 order by 1`,
    funnel: sql`select count(*)::int as "signedUp",
        count(*) filter (where au.email_verified)::int as "confirmedEmail",
        count(*) filter (where u.onboarding_completed)::int as "onboarded",
        count(*) filter (where exists (select 1 from metric_weeks w where w.user_id = u.id))::int as "firstWeek",
        count(*) filter (where exists (select 1 from tasks t where t.user_id = u.id))::int as "firstTask",
        count(*) filter (where exists (select 1 from mentor_messages m where m.user_id = u.id and m.role = 'user'))::int as "firstMentorQuestion"
      from users u join auth_users au on au.id = u.id
      where ${live} and ${inRange(sql`u.created_at`)}`,
    tiers: sql`select u.user_tier as tier, count(*)::int as count from users u where ${live} group by 1 order by 1`,
    features: sql`select
        (select count(*) from metric_weeks w where ${inRange(sql`w.created_at`)})::int as "weeksRecorded",
        (select count(*) from tasks t where ${inRange(sql`t.created_at`)})::int as "tasksCreated",
        (select count(*) from tasks t where t.completed_at is not null and ${inRange(sql`t.completed_at`)})::int as "tasksCompleted",
        (select count(*) from strategy_versions s where ${inRange(sql`s.created_at`)})::int as "strategySaves",
        (select count(*) from mentor_conversations c where ${inRange(sql`c.created_at`)})::int as "mentorConversations",
        (select count(*) from ai_context_entries e where ${inRange(sql`e.created_at`)})::int as "contextEntries"`,
    // The newest RETENTION_WEEKS signup weeks of the range; for each, the founders active in each following week.
    retention: sql`with cohort as (
        select u.id, date_trunc('week', u.created_at at time zone 'UTC')::date as week
        from users u where ${live} and ${inRange(sql`u.created_at`)}
          and u.created_at >= (date_trunc('week', ${query.to}::date) - interval '${sql.raw(String(RETENTION_WEEKS - 1))} weeks')
      ), activity as (
        select distinct c.week, c.id, ((date_trunc('week', a.day)::date - c.week) / 7) as offset_weeks
        from cohort c join activity_days a on a.user_id = c.id and a.day >= c.week
      )
      select c.week, count(distinct c.id)::int as size,
        coalesce((select json_agg(json_build_array(o.offset_weeks, o.n)) from (select offset_weeks, count(*)::int as n from activity x where x.week = c.week and offset_weeks < ${RETENTION_WEEKS} group by 1) o), '[]'::json) as active
      from cohort c group by c.week order by c.week`,
  };
}

/** Every panel for the range, the statements run side by side. */
export async function adminAnalytics(db: Database, query: AnalyticsQuery): Promise<Analytics> {
  const statements = analyticsStatements(query);
  const [signUps, dailyActive, weeklyActive, funnel, tiers, features, retention] = await Promise.all([
    rows(db, statements.signUps),
    rows(db, statements.dailyActive),
    rows(db, statements.weeklyActive),
    rows(db, statements.funnel),
    rows(db, statements.tiers),
    rows(db, statements.features),
    rows(db, statements.retention),
  ]);

  const funnelRow = funnel[0] ?? {};
  const featureRow = features[0] ?? {};
  return {
    signUps: signUps.map((row) => ({ day: asDay(row.day), count: asNumber(row.count) })),
    dailyActive: dailyActive.map((row) => ({ day: asDay(row.day), count: asNumber(row.count) })),
    weeklyActive: weeklyActive.map((row) => ({ week: asDay(row.week), count: asNumber(row.count) })),
    funnel: Object.fromEntries(FUNNEL_STEPS.map((step) => [step, asNumber(funnelRow[step])])) as Analytics['funnel'],
    tiers: tiers.map((row) => ({ tier: asNumber(row.tier), count: asNumber(row.count) })),
    features: Object.fromEntries(FEATURES.map((feature) => [feature, asNumber(featureRow[feature])])) as Analytics['features'],
    retention: retention.map((row) => {
      const counts = new Map((typeof row.active === 'string' ? JSON.parse(row.active) : row.active) as [number, number][]);
      const size = asNumber(row.size);
      const weeksSince = Math.max(0, Math.floor((Date.parse(query.to) - Date.parse(asDay(row.week))) / (7 * 24 * 60 * 60 * 1000)));
      const weeks = Math.min(RETENTION_WEEKS, weeksSince + 1);
      return { week: asDay(row.week), size, active: Array.from({ length: weeks }, (_, offset) => (size === 0 ? 0 : (counts.get(offset) ?? 0) / size)) };
    }),
  };
}
