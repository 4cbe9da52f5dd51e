import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Logger } from '../logger.ts';
import type { PgListener } from './pg-listener.ts';

/**
 * What several server instances must share: rate-limit counters and the news that a
 * session has ended. One process on PGlite keeps both in memory (exact by
 * construction); several instances share them through Redis when `REDIS_URL` is set,
 * else through the PostgreSQL they already share (a table and LISTEN/NOTIFY).
 */
/** A session token's name on the bus: enough to find it in a cache, useless as a cookie. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * A session rule that ended a session (auth/session-rules.ts); `impersonation-ended`: an
 * admin's "view as" session ended by itself, and the browser goes back to the admin's view.
 */
/** `admin-check-failed`: the admin validity check (auth/admin-session.ts) found the admin no longer fit. */
export type EndReason = 'expired' | 'idle' | 'fingerprint-mismatch' | 'impersonation-ended' | 'admin-check-failed';

export type SharedStateKind = 'memory' | 'redis' | 'postgresql';

/** A message every instance receives, the sender included. */
export type SessionEvent =
  /**
   * These sessions ended or changed (sign-out, revocation, limit, violation), named by
   * `tokenDigest` so no usable token crosses the wire. `reason` is set when a session
   * rule ended them, so their browser is told why.
   */
  | { type: 'sessions-invalidated'; digests: string[]; reason?: EndReason }
  /** Everything cached about this user is stale (role change, suspension, deletion). */
  | { type: 'user-invalidated'; userId: string }
  /** A chat message was posted, edited or deleted in this room or direct conversation (community, decisions 194 and 220). */
  | { type: 'chat-changed'; room: string | null; conversation?: number | null; id: number; change: 'posted' | 'edited' | 'deleted' }
  /** An admin changed the operating settings (Admin › Settings): every instance reads them again (decision 289). */
  | { type: 'settings-changed' }
  /**
   * This instance only: news from the others may have been lost (its listener was cut and is
   * back), so every cache drops what it holds and live streams ask their browsers to reconnect,
   * which reads what they missed from the database (decision 265). Never sent to other instances.
   */
  | { type: 'resync' };

export type SessionEventBus = {
  publish: (event: SessionEvent) => Promise<void>;
  /** Returns the way to stop listening (an open chat stream stops when its browser goes). */
  subscribe: (listener: (event: SessionEvent) => void) => () => void;
};

/** The parts readiness reports (GET /api/ready): `up`, `down`, or absent when not configured. */
export type SharedStateChecks = { redis?: 'up' | 'down'; listener?: 'up' | 'down' };

export type SharedState = {
  kind: SharedStateKind;
  bus: SessionEventBus;
  /** The store `rate-limiter-flexible` counts in (undefined: in memory); `fallback`: PostgreSQL when Redis fails. */
  limiterStore: { kind: 'redis'; client: Redis; fallback?: pg.Pool } | { kind: 'postgresql'; pool: pg.Pool } | { kind: 'memory' };
  /** What readiness reports, and whether events can still reach the other instances. */
  checks: () => SharedStateChecks & { eventsFlow: boolean };
  /** The PostgreSQL listener's backend, while connected (tests cut it). */
  listenerPid: () => number | undefined;
  close: () => Promise<void>;
};

/** Redis must answer within this or the call fails (and falls back, or answers 503): never a hung request. */
const REDIS_COMMAND_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 2_000;

/** A Redis call that failed or timed out with no PostgreSQL to fall back to: 503 SHARED_STATE_UNAVAILABLE. */
export class SharedStateUnavailableError extends Error {
  override name = 'SharedStateUnavailableError';
}

const CHANNEL = 'rumbo_session_events';

function parseEvent(raw: string, logger: Logger): SessionEvent | undefined {
  try {
    const event = JSON.parse(raw) as SessionEvent;
    // `resync` is this instance's own news, never taken from the wire.
    if (event.type === 'sessions-invalidated' || event.type === 'user-invalidated' || event.type === 'chat-changed' || event.type === 'settings-changed') return event;
  } catch {
    // Not ours: ignore below.
  }
  logger.warn({ raw }, 'ignored a malformed session event');
  return undefined;
}

/** Delivers to local listeners at once; remote delivery is the transport's job. */
function localBus(transport?: (event: SessionEvent) => Promise<void>) {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const deliver = (event: SessionEvent) => emitter.emit('event', event);
  const bus: SessionEventBus = {
    publish: async (event) => {
      // Local first: this instance never serves a stale session after its own change.
      deliver(event);
      await transport?.(event);
    },
    subscribe: (listener) => {
      emitter.on('event', listener);
      return () => void emitter.off('event', listener);
    },
  };
  return { bus, deliver };
}

function redisClient(RedisClient: typeof Redis, url: string, logger: Logger, role: string): Redis {
  const client = new RedisClient(url, {
    lazyConnect: true,
    // Fail at once while disconnected rather than queue (a queued call is a hung request).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // One line per outage, through the structured logger (never ioredis' own console line).
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    logger.error({ err: error, role }, 'Redis is unreachable');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info({ role }, 'Redis is reachable again');
  });
  return client;
}

export async function openSharedState(options: {
  redisUrl?: string;
  databaseUrl?: string;
  logger: Logger;
  /** Shorter reconnect waits for tests. */
  listenerRetry?: { firstMs?: number; longestMs?: number };
}): Promise<SharedState> {
  const { logger } = options;
  if (!options.redisUrl && !options.databaseUrl) {
    const { bus } = localBus();
    return { kind: 'memory', bus, limiterStore: { kind: 'memory' }, checks: () => ({ eventsFlow: true }), listenerPid: () => undefined, close: async () => undefined };
  }

  // With PostgreSQL, its LISTEN connection always runs: the transport without Redis, the fallback with it.
  let pool: pg.Pool | undefined;
  let listener: PgListener | undefined;
  let resume: () => void = () => undefined;
  let deliverRemote: (event: SessionEvent) => void = () => undefined;
  if (options.databaseUrl) {
    // node-postgres loads only on PostgreSQL (decision 304).
    const [{ createPgPool }, { openPgListener }] = await Promise.all([import('../db/pg-pool.ts'), import('./pg-listener.ts')]);
    pool = createPgPool(options.databaseUrl, 4, (error) => logger.warn({ err: error }, 'PostgreSQL ended an idle connection'));
    listener = await openPgListener({
      databaseUrl: options.databaseUrl,
      channel: CHANNEL,
      logger,
      onNotification: (raw) => {
        const event = parseEvent(raw, logger);
        if (event) deliverRemote(event);
      },
      onResumed: () => resume(),
      retry: options.listenerRetry,
    });
  }
  const notify = async (event: SessionEvent) => {
    await pool?.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
  };

  if (options.redisUrl) {
    // ioredis loads only where Redis is configured (decision 304).
    const { Redis: RedisClient } = await import('ioredis');
    const client = redisClient(RedisClient, options.redisUrl, logger, 'commands');
    const subscriber = redisClient(RedisClient, options.redisUrl, logger, 'subscriber');
    await Promise.all([client.connect(), subscriber.connect()]);
    const { bus, deliver } = localBus(async (event) => {
      try {
        await client.publish(CHANNEL, JSON.stringify(event));
      } catch (error) {
        if (!pool) throw new SharedStateUnavailableError('Redis is unreachable', { cause: error });
        logger.warn({ err: error, event: event.type }, 'Redis is unreachable: event sent through PostgreSQL');
        await notify(event);
      }
    });
    deliverRemote = deliver;
    resume = () => deliver({ type: 'resync' });
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel: string, raw: string) => {
      const event = parseEvent(raw, logger);
      if (event) deliver(event);
    });
    // Back after an outage (ioredis subscribes again by itself): what was published meanwhile is lost.
    let subscribed = true;
    subscriber.on('close', () => (subscribed = false));
    subscriber.on('ready', () => {
      if (subscribed) return;
      subscribed = true;
      deliver({ type: 'resync' });
    });
    return {
      kind: 'redis',
      bus,
      limiterStore: { kind: 'redis', client, fallback: pool },
      checks: () => {
        const redis = client.status === 'ready' && subscriber.status === 'ready' ? 'up' : 'down';
        const listening = listener?.connected();
        return {
          redis,
          ...(listener ? { listener: listening ? 'up' : 'down' } : {}),
          eventsFlow: redis === 'up' || listening === true,
        };
      },
      listenerPid: () => listener?.backendPid(),
      close: async () => {
        subscriber.disconnect();
        await client.quit().catch(() => client.disconnect());
        await listener?.close();
        await pool?.end();
      },
    };
  }

  const postgres = pool as pg.Pool;
  const { bus, deliver } = localBus(notify);
  deliverRemote = deliver;
  resume = () => deliver({ type: 'resync' });
  return {
    kind: 'postgresql',
    bus,
    limiterStore: { kind: 'postgresql', pool: postgres },
    checks: () => {
      const listening = listener?.connected() === true;
      return { listener: listening ? 'up' : 'down', eventsFlow: listening };
    },
    listenerPid: () => listener?.backendPid(),
    close: async () => {
      await listener?.close();
      await postgres.end();
    },
  };
}
