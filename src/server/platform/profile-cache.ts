import { eq } from 'drizzle-orm';
import type { SessionEventBus } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { users } from '../db/schema/index.ts';

export type ProfileRow = typeof users.$inferSelect;

/**
 * The profile row behind GET /api/me, kept a few seconds per user so the most frequent
 * authenticated read costs no query. Dropped on every instance when the user changes:
 * any write request the user makes (app.ts), role changes, Better Auth user updates,
 * and anything that publishes `user-invalidated` (decision 020). The TTL bounds what
 * a change made behind the app's back (SQL by hand) can leave stale.
 */
export type ProfileCache = {
  get: (db: Database, userId: string) => Promise<ProfileRow | undefined>;
};

const DEFAULT_TTL_MS = 5_000;
const MAX_ENTRIES = 50_000;

export function createProfileCache(bus: SessionEventBus, options: { ttlMs?: number; now?: () => number } = {}): ProfileCache {
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const rows = new Map<string, { row: ProfileRow; loadedAt: number }>();
  /** Per-user invalidation counter, so a read that raced a change is not kept. */
  const versions = new Map<string, number>();

  bus.subscribe((event) => {
    if (event.type === 'resync' || event.type === 'settings-changed') {
      // News may have been missed, or the trial's length changed: forget everything (the bumped versions are kept, still right).
      rows.clear();
      return;
    }
    if (event.type !== 'user-invalidated') return;
    rows.delete(event.userId);
    versions.set(event.userId, (versions.get(event.userId) ?? 0) + 1);
  });

  return {
    get: async (db, userId) => {
      const cached = rows.get(userId);
      if (cached && now() - cached.loadedAt < ttl) return cached.row;
      const version = versions.get(userId) ?? 0;
      const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (row && (versions.get(userId) ?? 0) === version) {
        if (rows.size >= MAX_ENTRIES) {
          const oldest = rows.keys().next().value;
          if (oldest !== undefined) rows.delete(oldest);
        }
        rows.set(userId, { row, loadedAt: now() });
      }
      return row;
    },
  };
}
