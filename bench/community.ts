/**
 * The community's reads at scale on PostgreSQL (goal: each under 50 ms median,
 * docs/benchmarks.md): 100,000 founders, 5 million points-ledger rows over a year and
 * 300,000 achievements. Prints the seeding time, then for the leaderboard of each period
 * (which carries the founder's own rank), one phase's board and two pages of the milestones
 * feed the median and p99 of the service calls, first without the two indexes the community
 * reads need and then with them, and the plans of the largest board.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/community.ts [--founders 100000] [--rows-per-founder 50]
 *
 * It works in a new database beside DATABASE_URL's and drops it afterwards. Rows are
 * seeded with generate_series in SQL, a batch of founders at a time.
 */
import { sql } from 'drizzle-orm';
import { createThrowawayDatabase } from '../scripts/lib/throwaway-database.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { feedPage, leaderboard, leaderboardQuery, periodStart } from '../src/server/features/community/service.ts';
import { percentile } from './lib/metrics-server.ts';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const FOUNDERS = arg('founders', 100_000);
const ROWS_PER_FOUNDER = arg('rows-per-founder', 50);
const RUNS = 15;
const GOAL_MS = 50;
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const database = await createThrowawayDatabase(baseUrl, 'rumbo_bench');
const handle = await openDatabase({ url: database.url });
const { db } = handle;
const seconds = (start: number) => `${((performance.now() - start) / 1000).toFixed(1)} s`;
const tier = { trialDays: 14 };
const me = `u${Math.min(4242, FOUNDERS)}`;

/** The indexes the community's reads use (src/server/db/schema/tasks.ts), dropped for the "before" figures. */
const INDEXES = [
  { name: 'points_ledger_period_idx', create: sql`create index points_ledger_period_idx on points_ledger (created_at, user_id, points) where revoked_at is null` },
  { name: 'user_achievements_unlocked_idx', create: sql`create index user_achievements_unlocked_idx on user_achievements (unlocked_at, user_id, achievement)` },
];

async function time(label: string, run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  console.log(`  ${label.padEnd(44)} median ${median.toFixed(1).padStart(7)} ms, p99 ${percentile(times, 99).toFixed(1).padStart(7)} ms ${median < GOAL_MS ? '✓' : '✗'}`);
  return median;
}

async function measure() {
  const figures: Record<string, number> = {};
  for (const period of ['week', 'month', 'all'] as const) {
    figures[period] = await time(`leaderboard ${period} (top 50 + own rank)`, () => leaderboard(db, me, { period }, tier));
  }
  figures.phase = await time('leaderboard month, phase mvp', () => leaderboard(db, me, { period: 'month', phase: 'mvp' }, tier));
  figures.feed1 = await time('feed page 1', () => feedPage(db, me, 1, tier));
  figures.feed50 = await time('feed page 50', () => feedPage(db, me, 50, tier));
  return figures;
}

async function explain(label: string, query: ReturnType<typeof sql>) {
  const plan = await db.execute(sql`explain (analyze, buffers, costs off) ${query}`);
  console.log(`\nplan: ${label}`);
  for (const row of (plan as unknown as { rows: { 'QUERY PLAN': string }[] }).rows) console.log(`  ${row['QUERY PLAN']}`);
}

try {
  let start = performance.now();
  await db.execute(sql`
    insert into auth_users (id, name, email)
    select 'u' || i, 'Founder ' || i, 'f' || i || '@bench.example' from generate_series(1, ${FOUNDERS}) i`);
  await db.execute(sql`
    insert into users (id, email, full_name, startup_name, startup_phase, industry, user_tier)
    select 'u' || i, 'f' || i || '@bench.example', 'Founder ' || i, 'Startup ' || i,
      (array['mvp','early-growth','scaling'])[1 + i % 3], 'Fintech', 1 + (i % 2)
    from generate_series(1, ${FOUNDERS}) i`);
  // One in ten hidden, two in ten public, the rest anonymous; pseudonyms are simply distinct here.
  await db.execute(sql`
    insert into community_members (user_id, visibility, pseudonym)
    select 'u' || i, case when i % 10 = 0 then 'hidden' when i % 10 < 3 then 'public' else 'anonymous' end, 1000 + i
    from generate_series(1, ${FOUNDERS}) i`);
  console.log(`seeded ${FOUNDERS} founders in ${seconds(start)}`);

  for (const index of INDEXES) await db.execute(sql.raw(`drop index if exists ${index.name}`));
  start = performance.now();
  const batch = 10_000;
  const events = ['task-created', 'task-completed', 'strategy-saved', 'context-added', 'metrics-recorded', 'mentor-chat'];
  for (let from = 1; from <= FOUNDERS; from += batch) {
    // Spread over the last 365 days; one row in a hundred revoked.
    await db.execute(sql`
      insert into points_ledger (user_id, event, source_id, points, created_at, revoked_at)
      select 'u' || i, (${sql.raw(`array[${events.map((event) => `'${event}'`).join(',')}]`)})[1 + (i + j) % ${events.length}], 's' || j, 1 + (i * 7 + j * 13) % 50,
        now() - make_interval(mins => ((i::bigint * 7919 + j * 104729) % (365 * 24 * 60))::int),
        case when (i + j) % 100 = 0 then now() end
      from generate_series(${from}::int, ${Math.min(from + batch - 1, FOUNDERS)}::int) i, generate_series(1, ${ROWS_PER_FOUNDER}) j`);
  }
  console.log(`seeded ${FOUNDERS * ROWS_PER_FOUNDER} ledger rows in ${seconds(start)}`);
  start = performance.now();
  await db.execute(sql`
    insert into user_achievements (user_id, achievement, unlocked_at)
    select 'u' || i, (array['first-task','strategy-master','streak-master'])[a], now() - make_interval(mins => ((i::bigint * 31 + a * 977) % (365 * 24 * 60))::int)
    from generate_series(1, ${FOUNDERS}) i, generate_series(1, 3) a`);
  console.log(`seeded ${FOUNDERS * 3} achievements in ${seconds(start)}`);
  await db.execute(sql`vacuum analyze`);

  console.log(`\nwithout the community indexes (${RUNS} runs each; goal < ${GOAL_MS} ms median):`);
  const before = await measure();

  start = performance.now();
  for (const index of INDEXES) await db.execute(index.create);
  await db.execute(sql`vacuum analyze`);
  console.log(`\nindexes built in ${seconds(start)}; with them:`);
  const after = await measure();

  const now = new Date();
  await explain('leaderboard, all time', leaderboardQuery(me, periodStart('all', now).toISOString()));
  await explain('leaderboard, this week', leaderboardQuery(me, periodStart('week', now).toISOString()));

  console.log('\nsummary (median ms, before → after):');
  for (const key of Object.keys(after)) console.log(`  ${key.padEnd(7)} ${before[key]!.toFixed(1)} → ${after[key]!.toFixed(1)}`);
} finally {
  await handle.close();
  await database.drop();
}
