import { eq } from 'drizzle-orm';
import { DEFAULT_SUMMARY_RANGE, type SummaryRange, withinRange } from '../../../core/metrics/summary-range.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { metricSnapshots } from '../../db/schema/index.ts';
import { type MetricsSummary, metricsSummary } from './service.ts';
import { type JsonText, toJsonText } from '../../http/json-text.ts';

/**
 * Summaries cached per founder, keyed by their snapshot's revision, which every save,
 * import and delete rewrites in the same transaction as the weeks: checking it costs one
 * primary-key lookup instead of reading and recomputing up to ten years of weeks, and
 * stays right with several instances. Each range's JSON body is kept beside the summary,
 * so a repeated request is not serialised again.
 *
 * With a bus (GET /api/metrics/summary), an entry is trusted without that lookup for
 * `trustMs` after its last check: every write the founder makes publishes
 * `user-invalidated`, which drops their entry on every instance (this one at once), the
 * way the profile behind GET /api/me is cached (decision 044). Without a bus every read
 * checks the revision.
 */
export type SummaryCache = {
  summary: (db: Database, userId: string) => Promise<MetricsSummary>;
  /** GET /api/metrics/summary's body: the summary with the series cut to the range. */
  body: (db: Database, userId: string, range?: SummaryRange) => Promise<JsonText<MetricsSummary>>;
};

type Entry = { revision: string; checkedAt: number; summary: MetricsSummary; bodies: Map<SummaryRange, JsonText<MetricsSummary>> };

const MAX_ENTRIES = 1_000;
const DEFAULT_TRUST_MS = 5_000;

export function createSummaryCache(options: { bus?: SessionEventBus; trustMs?: number; now?: () => number } = {}): SummaryCache {
  const trustMs = options.bus ? (options.trustMs ?? DEFAULT_TRUST_MS) : 0;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** Per-founder invalidation counter, so a read that raced a write is not kept. */
  const versions = new Map<string, number>();

  options.bus?.subscribe((event) => {
    // News may have been missed: every summary is checked against the database again.
    if (event.type === 'resync') return void entries.clear();
    if (event.type !== 'user-invalidated') return;
    entries.delete(event.userId);
    versions.set(event.userId, (versions.get(event.userId) ?? 0) + 1);
  });

  async function entryFor(db: Database, userId: string): Promise<Entry> {
    const cached = entries.get(userId);
    if (cached && now() - cached.checkedAt < trustMs) return cached;
    const version = versions.get(userId) ?? 0;
    const [snapshot] = await db
      .select({ revision: metricSnapshots.revision })
      .from(metricSnapshots)
      .where(eq(metricSnapshots.userId, userId))
      .limit(1);
    // No snapshot means no weeks: the empty summary is always right for that.
    const revision = snapshot?.revision ?? 'none';
    const entry =
      cached?.revision === revision
        ? { ...cached, checkedAt: now() }
        : { revision, checkedAt: now(), summary: await metricsSummary(db, userId), bodies: new Map<SummaryRange, JsonText<MetricsSummary>>() };
    if ((versions.get(userId) ?? 0) === version) {
      entries.delete(userId);
      entries.set(userId, entry);
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    }
    return entry;
  }

  return {
    summary: async (db, userId) => (await entryFor(db, userId)).summary,
    body: async (db, userId, range = DEFAULT_SUMMARY_RANGE) => {
      const entry = await entryFor(db, userId);
      let body = entry.bodies.get(range);
      if (body === undefined) {
        body = toJsonText({ ...entry.summary, series: withinRange(entry.summary.series, range) });
        entry.bodies.set(range, body);
      }
      return body;
    },
  };
}

const strictSummaries = createSummaryCache();

/** The founder's summary with every week, always current (the mentor's and the tasks' view). */
export function summaryOf(db: Database, userId: string): Promise<MetricsSummary> {
  return strictSummaries.summary(db, userId);
}
