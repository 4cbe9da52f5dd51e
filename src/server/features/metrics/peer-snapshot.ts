import { type Telemetry, timedJob } from '../../platform/telemetry.ts';
import { Cron } from 'croner';
import { max, sql } from 'drizzle-orm';
import { BENCHMARK_METRIC_KEYS } from '../../../core/metrics/benchmarks.ts';
import type { Database } from '../../db/client.ts';
import { dailyMetricSnapshots, metricSnapshots } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';

/**
 * The daily snapshot behind peer benchmarks (decision 046): every founder's latest
 * metrics, copied from metric_snapshots once a day. Benchmarks rank a founder's copy
 * against their peers' copies, so nothing a founder edits shows in a comparison
 * before the next refresh, and a day gives at most one probe of the peers.
 */

/** pg_try_advisory_xact_lock key: one refresh at a time across instances. */
const REFRESH_LOCK = 4_604_602;

const copiedColumns = sql.join(
  BENCHMARK_METRIC_KEYS.map((key) => sql.identifier(dailyMetricSnapshots[key].name)),
  sql`, `,
);

/**
 * Replaces the snapshot with metric_snapshots as they are now, in one transaction:
 * readers keep seeing the previous copy until it commits. Returns null when another
 * instance is refreshing at the same moment (its copy is as good).
 */
export async function refreshPeerSnapshot(db: Database, at: Date = new Date()): Promise<{ founders: number } | null> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${REFRESH_LOCK}) as locked`);
    if (!(lock as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return null;
    await tx.delete(dailyMetricSnapshots);
    await tx.execute(sql`
      insert into ${dailyMetricSnapshots} (user_id, ${copiedColumns}, taken_at)
      select user_id, ${copiedColumns}, ${at.toISOString()}::timestamptz from ${metricSnapshots}`);
    const [row] = await tx.select({ founders: sql<number>`count(*)::integer` }).from(dailyMetricSnapshots);
    return { founders: Number(row?.founders ?? 0) };
  });
}

/** When the snapshot was last taken, or null before the first one. */
export async function peerSnapshotTakenAt(db: Database): Promise<Date | null> {
  const [row] = await db.select({ takenAt: max(dailyMetricSnapshots.takenAt) }).from(dailyMetricSnapshots);
  return row?.takenAt ?? null;
}

/**
 * Refreshes the snapshot on `pattern` (cron, UTC; BENCHMARK_SNAPSHOT_CRON, daily at
 * midnight by default), and at start when a scheduled refresh was missed while no
 * server ran (awaited, so a server never answers from a snapshot it knows is stale).
 * Every instance runs it; the advisory lock lets one copy at a time.
 */
export async function startPeerSnapshotJob(db: Database, logger: Logger, pattern: string, onRun?: Telemetry['observeJob']): Promise<{ stop: () => void }> {
  const refresh = async () => {
    const started = performance.now();
    const result = await timedJob(onRun, 'peer-snapshot', () => refreshPeerSnapshot(db));
    if (result) logger.info({ founders: result.founders, ms: Math.round(performance.now() - started) }, 'peer benchmark snapshot refreshed');
  };
  const fail = (error: unknown) => logger.error({ err: error }, 'peer benchmark snapshot failed');
  const job = new Cron(pattern, { timezone: 'UTC', protect: true, catch: fail }, refresh);
  try {
    const takenAt = await peerSnapshotTakenAt(db);
    const due = takenAt === null ? new Date(0) : job.nextRun(takenAt);
    if (due !== null && due <= new Date()) await refresh();
  } catch (error) {
    fail(error);
  }
  return { stop: () => job.stop() };
}
