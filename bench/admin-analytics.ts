/**
 * The admin analytics panels (decision 204) on 100,000 founders with a year of activity,
 * on PostgreSQL (goal: every panel under 200 ms median, docs/benchmarks.md). Prints each panel's
 * median and p95 over the runs, for the full year's range.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/admin-analytics.ts [--founders 100000] [--runs 7]
 *
 * It works in a new database beside DATABASE_URL's and drops it afterwards. Founders sign up
 * evenly over the year; each is active about twice a week from sign-up on (a third stop after
 * a month), records a week in five and creates two tasks, one done. The rows go in through the
 * tables' own inserts, so the triggers build the rollups the panels read (decision 227).
 */
import { sql } from 'drizzle-orm';
import { createThrowawayDatabase } from '../scripts/lib/throwaway-database.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { analyticsStatements } from '../src/server/features/admin/analytics.ts';
import { percentile } from './lib/metrics-server.ts';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const FOUNDERS = arg('founders', 100_000);
const RUNS = arg('runs', 7);
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const END = '2026-11-22';
const START = '2025-11-23';

const database = await createThrowawayDatabase(baseUrl, 'rumbo_bench');
const handle = await openDatabase({ url: database.url });
const { db } = handle;
const seconds = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

try {
  let start = performance.now();
  // Sign-up i is on day (i mod 364) of the year.
  const signedUp = sql`(${START}::date + (i % 364))::timestamptz + interval '10 hours'`;
  await db.execute(sql`insert into auth_users (id, name, email, email_verified, created_at)
    select 'u' || i, 'Founder ' || i, 'f' || i || '@bench.example', i % 5 <> 0, ${signedUp} from generate_series(1, ${FOUNDERS}) i`);
  await db.execute(sql`insert into users (id, email, user_tier, onboarding_completed, created_at)
    select 'u' || i, 'f' || i || '@bench.example', 1 + (i % 7 = 0)::int, i % 4 <> 0, ${signedUp} from generate_series(1, ${FOUNDERS}) i`);
  console.log(`seeded ${FOUNDERS} founders in ${seconds(start)}`);

  start = performance.now();
  const batch = 10_000;
  for (let from = 1; from <= FOUNDERS; from += batch) {
    const to = Math.min(from + batch - 1, FOUNDERS);
    await db.execute(sql`insert into activity_days (user_id, day)
      select 'u' || i, ${START}::date + (i % 364) + d
      from generate_series(${from}::int, ${to}::int) i, generate_series(0, 363) d
      where (i % 364) + d <= 363 and (d + i) % 7 in (0, 3) and (i % 3 <> 0 or d < 30)
      on conflict do nothing`);
    await db.execute(sql`insert into metric_weeks (user_id, year, week, new_customers, marketing_costs, starting_customers, lost_customers,
        starting_revenue, churned_revenue, expansions, downgrades, weekly_costs, weekly_revenue, cash_balance, weekly_active_users, created_at)
      select 'u' || i, 2026, w, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ${START}::date + ((i + w * 7) % 364)
      from generate_series(${from}::int, ${to}::int) i, generate_series(1, 52) w where i % 5 = 0`);
    await db.execute(sql`insert into tasks (user_id, status, hypothesis, why_relevant, target_value, metric, impact, confidence, ease, ice_total, created_at, completed_at)
      select 'u' || i, case when n = 1 then 'done' else 'active' end, 'h', 'w', 1, 'newCustomers', 5, 5, 5, 125,
        ${START}::date + (i % 364), case when n = 1 then ${START}::date + least(363, i % 364 + 3) end
      from generate_series(${from}::int, ${to}::int) i, generate_series(1, 2) n`);
  }
  // As autovacuum leaves a table in use: statistics, and pages marked all-visible for index-only scans.
  await db.execute(sql`vacuum analyze`);
  const [counts] = (
    (await db.execute(sql`select (select count(*) from activity_days)::int as days, (select count(*) from metric_weeks)::int as weeks, (select count(*) from tasks)::int as tasks`)) as unknown as {
      rows: { days: number; weeks: number; tasks: number }[];
    }
  ).rows;
  console.log(`seeded ${counts?.days} activity days, ${counts?.weeks} weeks, ${counts?.tasks} tasks in ${seconds(start)}`);

  const statements = analyticsStatements({ from: START, to: END });
  console.log(`\npanel            median    p95   (${RUNS} runs, range ${START} … ${END})`);
  for (const [panel, statement] of Object.entries(statements)) {
    await db.execute(statement); // warm
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const began = performance.now();
      await db.execute(statement);
      times.push(performance.now() - began);
    }
    times.sort((a, b) => a - b);
    const median = percentile(times, 50);
    console.log(`${panel.padEnd(16)} ${median.toFixed(0).padStart(6)} ms ${percentile(times, 95).toFixed(0).padStart(5)} ms ${median < 200 ? '✓' : '✗ over 200 ms'}`);
  }
} finally {
  await handle.close();
  await database.drop();
}
