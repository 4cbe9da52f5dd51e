/**
 * The peer benchmark query with 100,000 startups × 52 weeks seeded on PostgreSQL
 * (goal: under 200 ms, docs/benchmarks.md). Prints the seeding time, the daily snapshot's refresh
 * (decision 046), the query's plan (EXPLAIN ANALYZE) and the time of
 * GET /api/metrics/benchmarks' service call.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/metrics-peers.ts [--startups 100000] [--weeks 52]
 *
 * It works in a new database beside DATABASE_URL's and drops it afterwards.
 * Weeks are seeded with SQL; each startup's snapshot (what the app's refreshSnapshot
 * writes after every save) is seeded with synthetic values in the same pass, then
 * copied into the daily snapshot as the midnight job does: benchmarks read only that
 * copy, and that materialisation is what keeps them fast.
 */
import { eq, sql } from 'drizzle-orm';
import { createThrowawayDatabase } from '../scripts/lib/throwaway-database.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { dailyMetricSnapshots } from '../src/server/db/schema/index.ts';
import { refreshPeerSnapshot } from '../src/server/features/metrics/peer-snapshot.ts';
import { peerBenchmarks, peerCountsQuery } from '../src/server/features/metrics/service.ts';
import { percentile } from './lib/metrics-server.ts';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const STARTUPS = arg('startups', 100_000);
const WEEKS = arg('weeks', 52);
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const database = await createThrowawayDatabase(baseUrl, 'rumbo_bench');
const handle = await openDatabase({ url: database.url });
const { db } = handle;
const seconds = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;

try {
  let start = performance.now();
  await db.execute(sql`
    insert into auth_users (id, name, email)
    select 'u' || i, 'Founder ' || i, 'f' || i || '@bench.example' from generate_series(1, ${STARTUPS}) i`);
  await db.execute(sql`
    insert into users (id, email, startup_phase, industry, benchmark_sharing, user_tier)
    select 'u' || i, 'f' || i || '@bench.example',
      (array['mvp','early-growth','scaling'])[1 + i % 3],
      (array['Fintech','Health','Retail','EdTech','Logistics','AI tools','Marketplaces','Climate'])[1 + i % 8],
      i % 10 <> 0, 1 + (i % 2)
    from generate_series(1, ${STARTUPS}) i`);
  console.log(`seeded ${STARTUPS} founders in ${seconds(start)}`);

  start = performance.now();
  const batch = 10_000;
  for (let from = 1; from <= STARTUPS; from += batch) {
    await db.execute(sql`
      insert into metric_weeks (user_id, year, week, new_customers, marketing_costs, starting_customers, lost_customers,
        starting_revenue, churned_revenue, expansions, downgrades, weekly_costs, weekly_revenue, cash_balance,
        weekly_active_users, gross_margin_pct)
      select 'u' || i, 2025, w, 5 + (i + w) % 9, 1000 + (i * 7) % 3000, 50 + i % 400 + w, (i + w) % 4,
        2000 + (i * 13) % 20000 + w * 10, (i + w) % 50, (i * 3 + w) % 120, 5, 8000 + (i * 11) % 9000,
        2010 + (i * 13) % 20000 + w * 10, 50000 + (i * 37) % 2000000, 100 + (i * 5) % 5000, 60 + i % 35
      from generate_series(${from}::int, ${Math.min(from + batch - 1, STARTUPS)}::int) i, generate_series(1, ${WEEKS}) w`);
  }
  console.log(`seeded ${STARTUPS * WEEKS} weekly records in ${seconds(start)}`);

  start = performance.now();
  await db.execute(sql`
    insert into metric_snapshots (user_id, year, week, mrr, cac, ndr, churn_rate, ltv, arpc, ltv_to_cac, payback_weeks,
      runway_weeks, weekly_burn_rate, active_users, revenue_growth, user_growth, revision)
    select 'u' || i, 2025, ${WEEKS}, 8000 + (i * 13) % 90000, 100 + (i * 7) % 900, 0.8 + (i % 50) / 100.0, ((i * 3) % 100) / 1000.0,
      case when i % 20 = 0 then null else 500 + (i * 17) % 20000 end, 50 + (i * 11) % 500, case when i % 20 = 0 then null else ((i * 19) % 120) / 10.0 end,
      (i * 23) % 120, case when i % 7 = 0 then null else (i * 29) % 200 end, (i * 31) % 20000 - 5000, 100 + (i * 5) % 5000,
      ((i * 41) % 60 - 10) / 100.0, ((i * 43) % 30 - 5) / 100.0, md5(i::text)
    from generate_series(1, ${STARTUPS}) i`);
  console.log(`seeded ${STARTUPS} snapshots in ${seconds(start)}`);

  start = performance.now();
  const refreshed = await refreshPeerSnapshot(db);
  console.log(`daily snapshot (the midnight job): ${refreshed?.founders} founders copied in ${seconds(start)}`);
  await db.execute(sql`analyze`);

  const me = 'u42';
  const [snapshot] = await db.select().from(dailyMetricSnapshots).where(eq(dailyMetricSnapshots.userId, me));
  const plan = await db.execute(
    sql`explain (analyze, buffers, costs off) ${peerCountsQuery(me, snapshot as unknown as Record<string, number | null>, { phase: 'mvp' })}`,
  );
  console.log('\nplan of the phase-wide count (the larger of the two queries):');
  for (const row of (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows) console.log(`  ${row['QUERY PLAN']}`);

  const times: number[] = [];
  let answer: Awaited<ReturnType<typeof peerBenchmarks>> | undefined;
  for (let i = 0; i < 20; i++) {
    start = performance.now();
    answer = await peerBenchmarks(db, me);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`\npeerBenchmarks (profile + own rows + industry count + phase count when needed), 20 runs:`);
  console.log(`  median ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (goal < 200 ms)`);
  console.log(`  scope ${answer?.scope}, ${answer?.peers} peers, MRR band ${answer?.metrics?.mrr?.band}`);
  console.log('\nWhat makes it so: one row per startup in daily_metric_snapshots (metric_snapshots, rewritten with each');
  console.log('save, import and delete, copied once a day), hash-joined to the sharing peers of one phase in users; one aggregate');
  console.log('with FILTER clauses counts every metric in a single pass. No per-peer history is read, only counts leave the');
  console.log('database and only bands leave the server.');
} finally {
  await handle.close();
  await database.drop();
}
