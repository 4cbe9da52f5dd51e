import { type SQL, sql } from 'drizzle-orm';
import { type AnalyticsQuery, type Feature, FEATURES, FUNNEL_STEPS, type FunnelStep, RETENTION_WEEKS } from '../../../core/admin/admin-analytics.ts';
import type { Database } from '../../db/client.ts';

/** GET /api/admin/analytics: how founders arrive, activate, use Rumbo and come back over the range (decision 204). */
export type Analytics = {
  signUps: { day: string; count: number }[];
  dailyActive: { day: string; count: number }[];
  weeklyActive: { week: string; count: number }[];
  funnel: Record<FunnelStep, number>;
  tiers: { tier: number; count: number }[];
  features: Record<Feature, number>;
  /** Each signup week (its Monday), its size, and the share active in each following week (0 = the signup week). */
  retention: { week: string; size: number; active: number[] }[];
  /**
   * Priority support (decision 273): Premium founders' feedback sent in the range, how many got
   * an answer, how many are waiting past their target, and the hours to the first answer.
   */
  support: { priorityItems: number; answered: number; overdue: number; medianHoursToFirstReply: number | null; withinTarget: number };
};

type Row = Record<string, unknown>;
async function rows<T extends Row>(db: Database, query: SQL): Promise<T[]> {
  return (((await db.execute(query)) as unknown as { rows: T[] }).rows ?? []) as T[];
}
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const asNumber = (value: unknown) => Number(value ?? 0);
const asDay = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

/** The Monday of a date's ISO week, in date arithmetic (no time zone involved). */
const mondayOf = (day: SQL) => sql`(${day} - (extract(isodow from ${day})::int - 1))`;

/**
 * The admin analytics' statements (decision 204), one per panel, for the UTC days [from, to].
 * Every panel but tiers reads the rollups the database keeps of the real tables (decision 227):
 * per day, per week and per founder, with the figures the tables themselves give. Deleted
 * accounts are left out of every count over founders.
 */
export function analyticsStatements(query: AnalyticsQuery) {
  const start = `${query.from}T00:00:00Z`;
  const end = sql`(${query.to}::date + 1)::timestamptz`;
  const live = sql`u.status <> 'deleted'`;
  const from = sql`${query.from}::date`;
  const to = sql`${query.to}::date`;

  return {
    // Laid over every day of the range (days without any show 0).
    signUps: sql`select d::date as day, coalesce(c.signed_up, 0)::int as count
      from generate_series(${query.from}::date, ${query.to}::date, interval '1 day') d
      left join funnel_day_counts c on c.day = d::date
      order by d`,
    dailyActive: sql`select d::date as day, coalesce(c.founders, 0)::int as count
      from generate_series(${query.from}::date, ${query.to}::date, interval '1 day') d
      left join activity_day_counts c on c.day = d::date
      order by d`,
    // A week wholly in the range reads its count; the range's first and last weeks, when cut,
    // count the founders active on one of the range's weekdays (a mask over the week's day bits).
    weeklyActive: sql`select week, count from (
        select c.week, c.founders as count from activity_week_counts c where c.week >= ${from} and c.week + 6 <= ${to}
        union all
        select a.week, count(*) from activity_weeks a join (
          select m.week, (1 << (least(${to} - m.week, 6) + 1)) - (1 << greatest(${from} - m.week, 0)) as mask
          from (select distinct unnest(array[${mondayOf(from)}, ${mondayOf(to)}]) as week) m where m.week < ${from} or m.week + 6 > ${to}
        ) cut on a.week = cut.week and a.days & cut.mask <> 0 group by a.week
      ) weeks where count > 0 order by week`,
    funnel: sql`select ${sql.join(
      FUNNEL_STEPS.map((step) => sql`coalesce(sum(c.${sql.identifier(snakeCase(step))}), 0)::int as ${sql.identifier(step)}`),
      sql`, `,
    )} from funnel_day_counts c where c.day between ${from} and ${to}`,
    tiers: sql`select u.user_tier as tier, count(*)::int as count from users u where ${live} group by 1 order by 1`,
    support: sql`select count(*)::int as items, count(f.first_replied_at)::int as answered,
      count(*) filter (where f.first_replied_at is null and f.first_reply_due_at < now())::int as overdue,
      count(*) filter (where f.first_replied_at <= f.first_reply_due_at)::int as within_target,
      percentile_cont(0.5) within group (order by extract(epoch from (f.first_replied_at - f.created_at)) / 3600) as median_hours
      from feedback f where f.priority and f.created_at >= ${start}::timestamptz and f.created_at < ${end}`,
    features: sql`select ${sql.join(
      FEATURES.map((feature) => sql`coalesce(sum(f.count) filter (where f.feature = ${feature}), 0)::int as ${sql.identifier(feature)}`),
      sql`, `,
    )} from feature_day_counts f where f.day between ${from} and ${to}`,
    // The newest RETENTION_WEEKS signup weeks of the range; for each, the founders active in each following week.
    // A sign-up week wholly in the range reads the rollups; one cut by the range (or by the
    // newest weeks' start) counts its own founders and their weeks.
    // Weeks come from a fixed series and the parts are grouped apart: small estimates, so PostgreSQL does not JIT-compile a 1 ms query.
    retention: sql`with lower as (
        select greatest(${start}::timestamptz, date_trunc('week', ${query.to}::date) - interval '${sql.raw(String(RETENTION_WEEKS - 1))} weeks') as at
      ), weeks as (
        select w.week, (w.week::timestamp at time zone 'UTC') >= lower.at and ((w.week + 7)::timestamp at time zone 'UTC') <= ${end} as whole
        from lower, lateral (select date_trunc('week', lower.at at time zone 'UTC')::date + 7 * n as week from generate_series(0, ${RETENTION_WEEKS}::int) n) w
        where w.week <= ${to}
      ), cut_cohort as (
        select m.user_id, w.week from weeks w join founder_milestones m on m.live
          and m.signed_up_at >= greatest((select at from lower), (w.week::timestamp at time zone 'UTC')) and m.signed_up_at < least(${end}, ((w.week + 7)::timestamp at time zone 'UTC'))
        where not w.whole
      ), cut_active as (
        select x.week, (a.week - x.week) / 7 as offset_weeks, count(*) as n from cut_cohort x
        join activity_weeks a on a.user_id = x.user_id and a.week >= x.week and a.week < x.week + ${7 * RETENTION_WEEKS}::int
        group by 1, 2
      ), cohorts as (
        select w.week, (select sum(f.signed_up) from funnel_day_counts f where f.day between w.week and w.week + 6) as size,
          (select json_agg(json_build_array((r.week - w.week) / 7, r.founders)) from retention_week_counts r
            where r.cohort_week = w.week and r.week < w.week + ${7 * RETENTION_WEEKS}::int and r.founders > 0) as active
        from weeks w where w.whole
        union all
        select c.week, count(*) as size, (select json_agg(json_build_array(y.offset_weeks, y.n)) from cut_active y where y.week = c.week) as active
        from cut_cohort c group by c.week
      )
      select week, size::int as size, coalesce(active, '[]'::json) as active from cohorts where size > 0 order by week`,
  };
}

/** Every panel for the range, the statements run side by side. */
export async function adminAnalytics(db: Database, query: AnalyticsQuery): Promise<Analytics> {
  const statements = analyticsStatements(query);
  const [signUps, dailyActive, weeklyActive, funnel, tiers, features, retention, support] = await Promise.all([
    rows(db, statements.signUps),
    rows(db, statements.dailyActive),
    rows(db, statements.weeklyActive),
    rows(db, statements.funnel),
    rows(db, statements.tiers),
    rows(db, statements.features),
    rows(db, statements.retention),
    rows(db, statements.support),
  ]);
  const supportRow = support[0] ?? {};

  const funnelRow = funnel[0] ?? {};
  const featureRow = features[0] ?? {};
  return {
    signUps: signUps.map((row) => ({ day: asDay(row.day), count: asNumber(row.count) })),
    dailyActive: dailyActive.map((row) => ({ day: asDay(row.day), count: asNumber(row.count) })),
    weeklyActive: weeklyActive.map((row) => ({ week: asDay(row.week), count: asNumber(row.count) })),
    funnel: Object.fromEntries(FUNNEL_STEPS.map((step) => [step, asNumber(funnelRow[step])])) as Analytics['funnel'],
    tiers: tiers.map((row) => ({ tier: asNumber(row.tier), count: asNumber(row.count) })),
    features: Object.fromEntries(FEATURES.map((feature) => [feature, asNumber(featureRow[feature])])) as Analytics['features'],
    support: {
      priorityItems: asNumber(supportRow.items),
      answered: asNumber(supportRow.answered),
      overdue: asNumber(supportRow.overdue),
      withinTarget: asNumber(supportRow.within_target),
      medianHoursToFirstReply: supportRow.median_hours === null || supportRow.median_hours === undefined ? null : Math.round(asNumber(supportRow.median_hours) * 10) / 10,
    },
    retention: retention.map((row) => {
      const counts = new Map((typeof row.active === 'string' ? JSON.parse(row.active) : row.active) as [number, number][]);
      const size = asNumber(row.size);
      const weeksSince = Math.max(0, Math.floor((Date.parse(query.to) - Date.parse(asDay(row.week))) / (7 * 24 * 60 * 60 * 1000)));
      const weeks = Math.min(RETENTION_WEEKS, weeksSince + 1);
      return { week: asDay(row.week), size, active: Array.from({ length: weeks }, (_, offset) => (size === 0 ? 0 : (counts.get(offset) ?? 0) / size)) };
    }),
  };
}
