import type { LeaderboardPeriod, StartupPhase } from '../../../core/community/community.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import { type JsonText, toJsonText } from '../../http/json-text.ts';
import type { Leaderboard } from './service.ts';

/**
 * GET /api/community/leaderboard's answers, each kept a few seconds for the founder who
 * asked (their own rank, their contacts), as JSON text (decision 302). A board changes with
 * anyone's points, visibility, name, tier or account: every one of those comes from a write
 * request (which publishes `user-invalidated` for its author, app.ts), an admin's action or a
 * job that publishes it too (decision 020). So any news on the bus but chat drops every
 * board on every instance; the TTL bounds what a change made behind the app's back leaves.
 * The reader's own premium check is not cached (the route makes it on every request).
 */
export type LeaderboardCache = {
  body: (readerId: string, query: { period: LeaderboardPeriod; phase?: StartupPhase }, startsOn: string, load: () => Promise<Leaderboard>) => Promise<JsonText<Leaderboard>>;
};

const DEFAULT_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export function createLeaderboardCache(bus: SessionEventBus, options: { ttlMs?: number; now?: () => number } = {}): LeaderboardCache {
  const ttl = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new Map<string, { body: JsonText<Leaderboard>; loadedAt: number }>();
  /** Bumped by every change, so a board read while one was made is not kept. */
  let generation = 0;

  bus.subscribe((event) => {
    if (event.type === 'chat-changed') return;
    generation += 1;
    entries.clear();
  });

  return {
    body: async (readerId, query, startsOn, load) => {
      // The period's first day is in the key: a new week or month is a new board.
      const key = `${readerId}|${query.period}|${startsOn}|${query.phase ?? ''}`;
      const cached = entries.get(key);
      if (cached && now() - cached.loadedAt < ttl) return cached.body;
      const startedAt = generation;
      const body = toJsonText(await load());
      if (startedAt === generation) {
        entries.delete(key);
        if (entries.size >= MAX_ENTRIES) {
          const oldest = entries.keys().next().value;
          if (oldest !== undefined) entries.delete(oldest);
        }
        entries.set(key, { body, loadedAt: now() });
      }
      return body;
    },
  };
}
