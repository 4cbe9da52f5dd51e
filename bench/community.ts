/**
 * The community's reads at scale on PostgreSQL (goal: each under 50 ms median,
 * docs/benchmarks.md): 100,000 founders, 5 million points-ledger rows over a year and
 * 300,000 achievements. Prints the seeding time, then the median and p99 of the service
 * calls for the leaderboard of each period (which carries the founder's own rank), one
 * phase's board and two pages of the milestones feed; beside each board, the baseline of
 * the same run: the same board summed from the ledger at read time with its index, as it
 * was read before the per-period totals (decision 192). Then the plans of the largest board.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node bench/community.ts [--founders 100000] [--rows-per-founder 50]
 *
 * It works in a new database beside DATABASE_URL's and drops it afterwards. Rows are
 * seeded with generate_series in SQL, a batch of founders at a time; the ledger's triggers
 * keep the totals as they do in the app.
 */
import { sql } from 'drizzle-orm';
import { createThrowawayDatabase } from '../scripts/lib/throwaway-database.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { feedPage, leaderboard, leaderboardQuery, ownRankQuery, periodStart } from '../src/server/features/community/service.ts';
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

/** The board as it was read before the per-period totals: the ledger's rows summed at read time. */
function ledgerBoard(userId: string, since: string, phase?: string) {
  const phaseFilter = phase ? sql`and u.startup_phase = ${phase}` : sql``;
  return sql`
    with totals as (
      select user_id, sum(points)::integer as points from points_ledger
      where revoked_at is null and created_at >= ${since}::timestamptz group by user_id having sum(points) > 0
    ), ranked as (
      select t.user_id, t.points, u.full_name, u.startup_name, rank() over (order by t.points desc)::integer as rank,
        row_number() over (order by t.points desc, t.user_id) as position
      from totals t join users u on u.id = t.user_id left join community_members m on m.user_id = t.user_id
      where u.status = 'active' and coalesce(m.visibility, 'anonymous') <> 'hidden' ${phaseFilter}
    )
    select * from ranked where position <= 50 or user_id = ${userId} order by position`;
}
const LEDGER_INDEX = sql`create index if not exists bench_points_ledger_period_idx on points_ledger (created_at, user_id, points) where revoked_at is null`;

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

const BOARDS = [
  { label: 'week', period: 'week' },
  { label: 'month', period: 'month' },
  { label: 'month, phase mvp', period: 'month', phase: 'mvp' },
  { label: 'all time', period: 'all' },
] as const;

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
  console.log(`seeded ${FOUNDERS * ROWS_PER_FOUNDER} ledger rows (and their per-period totals) in ${seconds(start)}`);
  start = performance.now();
  await db.execute(sql`
    insert into user_achievements (user_id, achievement, unlocked_at)
    select 'u' || i, (array['first-task','strategy-master','streak-master'])[a], now() - make_interval(mins => ((i::bigint * 31 + a * 977) % (365 * 24 * 60))::int)
    from generate_series(1, ${FOUNDERS}) i, generate_series(1, 3) a`);
  console.log(`seeded ${FOUNDERS * 3} achievements in ${seconds(start)}`);
  await db.execute(sql`vacuum analyze`);

  start = performance.now();
  await db.execute(LEDGER_INDEX);
  await db.execute(sql`vacuum analyze`);
  console.log(`the ledger's period index (for the baseline) built in ${seconds(start)}`);

  const now = new Date();
  console.log(`\n${RUNS} runs each; goal < ${GOAL_MS} ms median:`);
  const summary: string[] = [];
  for (const board of BOARDS) {
    const phase = 'phase' in board ? board.phase : undefined;
    const before = await time(`ledger summed at read time: ${board.label}`, () => db.execute(ledgerBoard(me, periodStart(board.period, now).toISOString(), phase)));
    const after = await time(`leaderboard ${board.label} (top 50 + own rank)`, () => leaderboard(db, me, { period: board.period, phase }, tier));
    summary.push(`  ${board.label.padEnd(18)} ${before.toFixed(1)} → ${after.toFixed(1)} ms (${(before / after).toFixed(0)}× faster)`);
  }
  await time('feed page 1', () => feedPage(db, me, 1, tier));
  await time('feed page 50', () => feedPage(db, me, 50, tier));

  const allStart = periodStart('all', now).toISOString().slice(0, 10);
  await explain('leaderboard, all time: the top 50', leaderboardQuery('all', allStart));
  await explain('leaderboard, all time: a rank far down the board', ownRankQuery('all', allStart, 1));

  console.log('\nsummary (median, ledger at read time → per-period totals):');
  for (const line of summary) console.log(line);
} finally {
  await handle.close();
  await database.drop();
}
