import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { type SharedState, SharedStateUnavailableError } from '../cluster/shared-state.ts';
import { RATE_LIMIT_RULES, type RateLimitName, scaledMax } from './rules.ts';

export type ConsumeResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts attempts per key and window in the shared store (memory, Redis or
 * PostgreSQL: cluster/shared-state.ts). One limiter per distinct window and
 * allowance, each under its own key prefix.
 */
export type RateLimiters = {
  /** One of the named rules (rules.ts) for this key. */
  consume: (name: RateLimitName, key: string) => Promise<ConsumeResult>;
  /** Any window/allowance (Better Auth's rules); `prefix` keeps the counters apart. */
  consumeRule: (prefix: string, key: string, rule: { max: number; windowSeconds: number }) => Promise<ConsumeResult>;
  /** How long until the key may try again under this rule, without counting an attempt (0: it may). */
  blockedFor: (prefix: string, key: string, rule: { max: number; windowSeconds: number }) => Promise<number>;
  /** Forgets a key's attempts under a rule of consumeRule (a password reset lifts the sign-in lock). */
  forget: (prefix: string, key: string, rule: { max: number; windowSeconds: number }) => Promise<void>;
  /** Forgets a key's attempts under a named rule (tests, and a successful sign-in). */
  reset: (name: RateLimitName, key: string) => Promise<void>;
  /**
   * Gives back one attempt counted under a named rule, for a limit on what succeeded rather
   * than on what was tried (tasks: an attempt that made no task). Exact for the allowances
   * counted one by one; under a leased one it returns the point to the store.
   */
  refund: (name: RateLimitName, key: string) => Promise<void>;
};

/**
 * In a shared store an instance takes a large allowance in leases of 1 % (reads: 10 of
 * 1000), spending them locally, so a busy founder's reads cost one round trip per lease
 * instead of one each. Leased points are counted in the store before they are spent, so
 * the limit is never exceeded; an instance can only hold back the unspent rest of its
 * lease until the window ends. Allowances under 200 (writes, logins, tasks) are exact.
 */
const LEASE_FRACTION = 0.01;

type Lease = { points: number; expiresAt: number };

/** A Redis store's failure is the shared state's (503 SHARED_STATE_UNAVAILABLE); PostgreSQL's is read as a database outage. */
function storeFailure(error: unknown): unknown {
  if (error instanceof Error && error.name.startsWith('Redis')) return new SharedStateUnavailableError('Redis is unreachable', { cause: error });
  if (error instanceof Error && /Stream isn't writeable|Command timed out|Connection is closed|MaxRetriesPerRequest/i.test(error.message)) {
    return new SharedStateUnavailableError('Redis is unreachable', { cause: error });
  }
  return error;
}

export function createRateLimiters(shared: SharedState, scale: number, now: () => number = Date.now): RateLimiters {
  const limiters = new Map<string, RateLimiterAbstract>();
  const leases = new Map<string, Lease>();
  const store = shared.limiterStore;

  function limiter(prefix: string, points: number, duration: number): RateLimiterAbstract {
    const id = `${prefix}:${points}:${duration}`;
    let found = limiters.get(id);
    if (!found) {
      const options = { keyPrefix: `rl:${prefix}`, points, duration };
      if (store.kind === 'redis') {
        // Redis out, PostgreSQL (when the instances share one) counts instead: requests go on (decision 265).
        const insuranceLimiter = store.fallback
          ? new RateLimiterPostgres({ ...options, storeClient: store.fallback, tableName: 'rate_limits', tableCreated: true })
          : undefined;
        found = new RateLimiterRedis({ ...options, storeClient: store.client, insuranceLimiter });
      }
      else if (store.kind === 'postgresql')
        found = new RateLimiterPostgres({ ...options, storeClient: store.pool, tableName: 'rate_limits', tableCreated: true });
      else found = new RateLimiterMemory(options);
      limiters.set(id, found);
    }
    return found;
  }

  async function consumeIn(target: RateLimiterAbstract, key: string): Promise<ConsumeResult> {
    try {
      await target.consume(key);
      return { allowed: true };
    } catch (error) {
      if (error instanceof RateLimiterRes) {
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
      // The store failed (and its PostgreSQL fallback, if any): 503, never let it through silently.
      throw storeFailure(error);
    }
  }

  /** Each named rule's limiter, found once rather than by a composed id on every request. */
  const byName = new Map<RateLimitName, RateLimiterAbstract>();
  const named = (name: RateLimitName) => {
    let found = byName.get(name);
    if (!found) {
      const rule = RATE_LIMIT_RULES[name];
      found = limiter(name, scaledMax(rule.max, scale), rule.windowSeconds);
      byName.set(name, found);
    }
    return found;
  };

  /** Leases being taken from the store, per rule and key: requests that arrive meanwhile wait for it instead of taking their own. */
  const acquiring = new Map<string, Promise<unknown>>();

  /** Counted one by one (in memory, or an allowance too small to lease) without the leasing's async layer. */
  function consume(name: RateLimitName, key: string): Promise<ConsumeResult> {
    const target = named(name);
    const chunk = store.kind === 'memory' ? 1 : Math.floor(target.points * LEASE_FRACTION);
    return chunk <= 1 ? consumeIn(target, key) : consumeLeased(name, target, chunk, key);
  }

  async function consumeLeased(name: RateLimitName, target: RateLimiterAbstract, chunk: number, key: string): Promise<ConsumeResult> {
    const id = `${name}\u0000${key}`;
    // A page's first reads arrive together: each taking a lease of its own and keeping only the
    // last spent the founder's allowance several times over (a busy page met 429 at a third of it).
    for (;;) {
      const lease = leases.get(id);
      if (lease && lease.points > 0 && lease.expiresAt > now()) {
        lease.points -= 1;
        return { allowed: true };
      }
      const pending = acquiring.get(id);
      if (!pending) break;
      await pending.catch(() => undefined);
    }
    leases.delete(id);
    const taking = target.consume(key, chunk);
    acquiring.set(id, taking);
    try {
      const taken = await taking;
      if (leases.size > 100_000) leases.clear();
      leases.set(id, { points: chunk - 1, expiresAt: now() + taken.msBeforeNext });
      return { allowed: true };
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw storeFailure(error);
      // Less than a lease is left: give the chunk back and count one by one to the end.
      await target.reward(key, chunk);
      return consumeIn(target, key);
    } finally {
      acquiring.delete(id);
    }
  }

  return {
    consume,
    consumeRule: (prefix, key, rule) => consumeIn(limiter(prefix, rule.max, rule.windowSeconds), key),
    blockedFor: async (prefix, key, rule) => {
      const state = await limiter(prefix, rule.max, rule.windowSeconds).get(key);
      if (!state || state.consumedPoints < rule.max) return 0;
      return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
    },
    forget: async (prefix, key, rule) => {
      await limiter(prefix, rule.max, rule.windowSeconds).delete(key);
    },
    reset: async (name, key) => {
      await named(name).delete(key);
    },
    refund: async (name, key) => {
      await named(name).reward(key, 1);
    },
  };
}
