import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  BENCHMARK_METRIC_KEYS,
  type BenchmarkScope,
  benchmarkFor,
  type MetricBenchmark,
  MIN_PEERS,
} from '../../../core/metrics/benchmarks.ts';
import { type CsvRowError, parseWeeksCsv, weeksToCsv } from '../../../core/metrics/csv.ts';
import { computeMetrics, computeSeries, METRIC_KEYS, type MetricKey, type MetricsSnapshot } from '../../../core/metrics/formulas.ts';
import { isFutureWeek, isHistoricalWeek, latestRecordableWeek } from '../../../core/metrics/editing-window.ts';
import { weeksStillNeeded } from '../../../core/metrics/history-needs.ts';
import { formatWeek, type WeekKey } from '../../../core/metrics/iso-week.ts';
import { TARGETS, targetStatuses } from '../../../core/metrics/targets.ts';
import type { WeekRecord, WeekRecordInput } from '../../../core/metrics/week-record.ts';
import type { Database, Executor } from '../../db/client.ts';
import { dailyMetricSnapshots, metricSnapshots, metricWeeks, users } from '../../db/schema/index.ts';
import { awardPointsForEach } from '../gamification/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { requirePremium } from '../../platform/premium.ts';

const weekColumns = {
  year: metricWeeks.year,
  week: metricWeeks.week,
  newCustomers: metricWeeks.newCustomers,
  marketingCosts: metricWeeks.marketingCosts,
  startingCustomers: metricWeeks.startingCustomers,
  lostCustomers: metricWeeks.lostCustomers,
  startingRevenue: metricWeeks.startingRevenue,
  churnedRevenue: metricWeeks.churnedRevenue,
  expansions: metricWeeks.expansions,
  downgrades: metricWeeks.downgrades,
  weeklyCosts: metricWeeks.weeklyCosts,
  weeklyRevenue: metricWeeks.weeklyRevenue,
  cashBalance: metricWeeks.cashBalance,
  dailyActiveUsers: metricWeeks.dailyActiveUsers,
  weeklyActiveUsers: metricWeeks.weeklyActiveUsers,
  monthlyActiveUsers: metricWeeks.monthlyActiveUsers,
  grossMarginPct: metricWeeks.grossMarginPct,
  arpu: metricWeeks.arpu,
  monthlyRevenue: metricWeeks.monthlyRevenue,
};

export type TierContext = { trialDays: number; now?: Date };

export async function listWeeks(
  db: Executor,
  userId: string,
  order: 'newest' | 'oldest' = 'newest',
  limit?: number,
): Promise<WeekRecord[]> {
  const direction = order === 'newest' ? desc : asc;
  const query = db
    .select(weekColumns)
    .from(metricWeeks)
    .where(eq(metricWeeks.userId, userId))
    .orderBy(direction(metricWeeks.year), direction(metricWeeks.week));
  return limit === undefined ? query : query.limit(limit);
}

/** The latest metrics look back at most 52 weeks with revenue plus two 4-week windows; 120 covers gaps. */
const SNAPSHOT_LOOKBACK_WEEKS = 120;

function snapshotRow(userId: string, m: MetricsSnapshot) {
  return {
    userId,
    year: m.year,
    week: m.week,
    mrr: m.mrr,
    cac: m.cac,
    ndr: m.ndr,
    churnRate: m.churnRate,
    ltv: m.ltv,
    arpc: m.arpc,
    ltvToCac: m.ltvToCac,
    paybackWeeks: m.paybackWeeks,
    runwayWeeks: m.runwayWeeks,
    weeklyBurnRate: m.weeklyBurnRate,
    activeUsers: m.activeUsers,
    revenueGrowth: m.revenueGrowth,
    userGrowth: m.userGrowth,
    revision: randomUUID(),
    updatedAt: new Date(),
  };
}

/** Rewrites the founder's benchmark row from their latest weeks (or removes it when none are left). */
export async function refreshSnapshot(tx: Executor, userId: string) {
  const recent = (await listWeeks(tx, userId, 'newest', SNAPSHOT_LOOKBACK_WEEKS)).reverse();
  if (recent.length === 0) {
    await tx.delete(metricSnapshots).where(eq(metricSnapshots.userId, userId));
    return;
  }
  const row = snapshotRow(userId, computeMetrics(recent));
  const { userId: _id, ...changes } = row;
  await tx.insert(metricSnapshots).values(row).onConflictDoUpdate({ target: metricSnapshots.userId, set: changes });
}

const WEEK_KEYS = Object.keys(weekColumns) as (keyof typeof weekColumns)[];
const weekColumnList = sql.join(WEEK_KEYS.map((key) => sql.identifier(weekColumns[key].name)), sql`, `);
const weekFieldList = sql.join(WEEK_KEYS.map((key) => sql`r.${sql.identifier(key)}`), sql`, `);
const weekRecordShape = sql.join(WEEK_KEYS.map((key) => sql`${sql.identifier(key)} ${sql.raw(weekColumns[key].getSQLType())}`), sql`, `);
const weekReplacements = sql.join(
  WEEK_KEYS.filter((key) => key !== 'year' && key !== 'week').map((key) => {
    const column = sql.identifier(weekColumns[key].name);
    return sql`${column} = excluded.${column}`;
  }),
  sql`, `,
);

/**
 * Creates or replaces whole weeks in one statement whatever their number. The records
 * travel as one JSON parameter read by `jsonb_to_recordset`, not 18 parameters a row:
 * ten years of weeks bind and plan in a fraction of the time, and JSON numbers reach
 * the numeric columns exactly.
 */
export async function upsertWeeks(tx: Executor, userId: string, records: readonly WeekRecord[]) {
  if (records.length === 0) return;
  const rows = JSON.stringify(records.map((record) => Object.fromEntries(WEEK_KEYS.map((key) => [key, record[key]]))));
  await tx.execute(sql`
    insert into ${metricWeeks} (user_id, ${weekColumnList}, created_at, updated_at)
    select ${userId}, ${weekFieldList}, now(), now()
    from jsonb_to_recordset(${rows}::jsonb) as r(${weekRecordShape})
    on conflict (user_id, year, week) do update set ${weekReplacements}, updated_at = excluded.updated_at`);
}

/**
 * The one place that hears about recorded weeks (a save or an import), inside the
 * transaction that writes them, so weeks and their awards commit or fail together:
 * each week goes into the points ledger once (7 consecutive ISO weeks earn Metrics
 * Master) and the day counts as activity for the streak. A week still recent (the ones
 * any tier may edit) earns the weekly habit's points; an older one is recorded for 0,
 * so an import earns exactly what typing the same weeks would (decision 142). One
 * statement per kind and one refresh of achievements, however many weeks were written.
 */
async function afterWeeksRecorded(tx: Executor, userId: string, weeks: readonly WeekRecord[], now: Date): Promise<void> {
  const sourceIds = (history: boolean) => weeks.filter((week) => isHistoricalWeek(week, now) === history).map((week) => formatWeek(week));
  await awardPointsForEach(tx, { userId, event: 'metrics-saved', sourceIds: sourceIds(true), at: now, points: 0 });
  await awardPointsForEach(tx, { userId, event: 'metrics-saved', sourceIds: sourceIds(false), at: now, activity: true });
}

/** Writes whole weeks, the founder's snapshot and the weeks' ledger rows in one transaction (decision 048). */
export async function recordWeeks(db: Database, userId: string, records: readonly WeekRecord[], now: Date = new Date()) {
  await db.transaction(async (tx) => {
    await upsertWeeks(tx, userId, records);
    await refreshSnapshot(tx, userId);
    await afterWeeksRecorded(tx, userId, records, now);
  });
}

/**
 * PUT a week: creates it or replaces it whole. Weeks before the last 4 need
 * tier 2 (the trial counts); weeks in the future are refused.
 */
export async function saveWeek(db: Database, userId: string, key: WeekKey, input: WeekRecordInput, tier: TierContext) {
  const now = tier.now ?? new Date();
  if (isFutureWeek(key, now)) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'week', message: 'validation:metrics.futureWeek' }] });
  }
  if (isHistoricalWeek(key, now)) await requirePremium(db, userId, tier.trialDays, now);
  const record: WeekRecord = { ...key, ...input };
  await recordWeeks(db, userId, [record], now);
  return record;
}

export async function deleteWeek(db: Database, userId: string, key: WeekKey, tier: TierContext) {
  const now = tier.now ?? new Date();
  if (isHistoricalWeek(key, now)) await requirePremium(db, userId, tier.trialDays, now);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(metricWeeks)
      .where(and(eq(metricWeeks.userId, userId), eq(metricWeeks.year, key.year), eq(metricWeeks.week, key.week)))
      .returning({ year: metricWeeks.year });
    if (deleted.length === 0) throw new AppError('NOT_FOUND');
    await refreshSnapshot(tx, userId);
  });
}

/** Chart points need 6 significant digits, not 17: ten years of series stay small on the wire. */
function toSignificant(value: number | null): number | null {
  return value === null ? null : Number(value.toPrecision(6));
}

/** One week of the series: every metric, at a few significant digits. */
export type SeriesPoint = WeekKey & Record<MetricKey, number | null>;

/**
 * Every metric now, as it stood each week, the targets it is judged against, and how many
 * more weeks the metrics that need history still need (decision 112).
 */
export async function metricsSummary(db: Database, userId: string) {
  const records = await listWeeks(db, userId, 'oldest');
  const series = computeSeries(records);
  const latest = series.at(-1) ?? null;
  return {
    latest,
    statuses: latest ? targetStatuses(latest) : null,
    needsWeeks: weeksStillNeeded(records),
    series: series.map((snapshot) => {
      // Filled in by the loop below: every key of METRIC_KEYS.
      const point = { year: snapshot.year, week: snapshot.week } as SeriesPoint;
      for (const key of METRIC_KEYS) point[key] = toSignificant(snapshot[key]);
      return point;
    }),
    targets: TARGETS,
  };
}
export type MetricsSummary = Awaited<ReturnType<typeof metricsSummary>>;

export async function exportCsv(db: Database, userId: string): Promise<string> {
  return weeksToCsv(await listWeeks(db, userId, 'oldest'));
}

/** What a CSV import or a Stripe apply answers: how many weeks were written. */
export type WeeksImported = { imported: number };

/**
 * Imports a CSV all-or-nothing: every row is validated first; one bad row and
 * nothing is written, the answer lists each row and reason. Existing weeks are
 * replaced. Import is historical data management: tier 2 (trial included), checked by
 * the route's premiumOnly guard.
 */
export async function importCsv(db: Database, userId: string, text: string, now: Date = new Date()): Promise<WeeksImported> {
  const parsed = parseWeeksCsv(text, { notAfter: latestRecordableWeek(now) });
  if (parsed.errors.length > 0) {
    throw new AppError('VALIDATION_FAILED', { message: 'Error importing CSV', details: parsed.errors satisfies CsvRowError[] });
  }
  await recordWeeks(db, userId, parsed.records, now);
  return { imported: parsed.records.length };
}

type BenchmarkCounts = Record<string, number | string | null>;

/**
 * One pass over the peers' rows of the daily snapshot: per metric, how many peers have
 * a value and how many are below and equal to the founder's. Only these counts leave
 * the database. Exported for bench/metrics-peers.ts, which prints its plan.
 */
export function peerCountsQuery(userId: string, mine: Record<string, number | null>, filter: { phase: string; industry?: string }) {
  const columns = BENCHMARK_METRIC_KEYS.map((key) => {
    const column = dailyMetricSnapshots[key];
    const value = mine[key];
    const n = sql`count(${column})`;
    if (value === null || value === undefined) return sql`${n} as "${sql.raw(key)}_n", 0 as "${sql.raw(key)}_below", 0 as "${sql.raw(key)}_equal"`;
    return sql`${n} as "${sql.raw(key)}_n",
      count(*) filter (where ${column} < ${value}) as "${sql.raw(key)}_below",
      count(*) filter (where ${column} = ${value}) as "${sql.raw(key)}_equal"`;
  });
  const industry = filter.industry === undefined ? sql`` : sql` and lower(${users.industry}) = lower(${filter.industry})`;
  // Who counts is read now (opting out or closing the account takes effect at once);
  // what they count with is the daily snapshot.
  return sql`
    select count(*) as peers, ${sql.join(columns, sql`, `)}
    from ${dailyMetricSnapshots} join ${users} on ${users.id} = ${dailyMetricSnapshots.userId}
    where ${users.benchmarkSharing} and ${users.status} = 'active'
      and ${users.startupPhase} = ${filter.phase} and ${dailyMetricSnapshots.userId} <> ${userId}${industry}`;
}

async function countPeers(db: Database, userId: string, mine: Record<string, number | null>, filter: { phase: string; industry?: string }) {
  const result = await db.execute(peerCountsQuery(userId, mine, filter));
  return (result as unknown as { rows: BenchmarkCounts[] }).rows[0] ?? { peers: 0 };
}

export type BenchmarkReason = 'no-phase' | 'no-weeks' | 'pending' | 'too-few-peers';

/**
 * Peer benchmarks (tier 2; decisions 043 and 046): per metric, the band (bottom quarter,
 * middle half, top quarter) the founder falls in among peers of the same phase (and
 * industry, when that alone has enough peers) who share benchmarks. Both the founder's
 * values and the peers' come from the daily snapshot, so an edit shows after the next
 * refresh; only counts leave the database and only bands leave the server.
 */
export async function peerBenchmarks(db: Database, userId: string) {
  const [profile] = await db
    .select({ phase: users.startupPhase, industry: users.industry })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const [[recorded], [snapshot]] = await Promise.all([
    db.select({ userId: metricSnapshots.userId }).from(metricSnapshots).where(eq(metricSnapshots.userId, userId)).limit(1),
    db.select().from(dailyMetricSnapshots).where(eq(dailyMetricSnapshots.userId, userId)).limit(1),
  ]);
  const empty = { minPeers: MIN_PEERS, scope: null, peers: null, metrics: null, asOf: snapshot?.takenAt.toISOString() ?? null };
  const reason: BenchmarkReason | null = !profile?.phase ? 'no-phase' : !recorded ? 'no-weeks' : !snapshot ? 'pending' : null;
  if (reason || !profile?.phase || !snapshot) return { ...empty, reason };

  const mine = snapshot as unknown as Record<string, number | null>;
  let scope: BenchmarkScope = 'phase';
  let counts: BenchmarkCounts | null = null;
  if (profile.industry) {
    counts = await countPeers(db, userId, mine, { phase: profile.phase, industry: profile.industry });
    if (Number(counts.peers) >= MIN_PEERS) scope = 'industry';
    else counts = null;
  }
  counts ??= await countPeers(db, userId, mine, { phase: profile.phase });
  const peers = Number(counts.peers);
  if (peers < MIN_PEERS) return { ...empty, reason: 'too-few-peers' as const };

  const metrics: Record<string, MetricBenchmark | null> = {};
  for (const key of BENCHMARK_METRIC_KEYS) {
    metrics[key] =
      mine[key] === null ? null : benchmarkFor(key, Number(counts[`${key}_below`]), Number(counts[`${key}_equal`]), Number(counts[`${key}_n`]));
  }
  return { ...empty, scope, peers, metrics, reason: null };
}
export type PeerBenchmarks = Awaited<ReturnType<typeof peerBenchmarks>>;
