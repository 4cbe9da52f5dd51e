import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { createPgPool } from '../db/pg-pool.ts';

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
  | { type: 'chat-changed'; room: string | null; conversation?: number | null; id: number; change: 'posted' | 'edited' | 'deleted' };

export type SessionEventBus = {
  publish: (event: SessionEvent) => Promise<void>;
  /** Returns the way to stop listening (an open chat stream stops when its browser goes). */
  subscribe: (listener: (event: SessionEvent) => void) => () => void;
};

export type SharedState = {
  kind: SharedStateKind;
  bus: SessionEventBus;
  /** The store `rate-limiter-flexible` counts in (undefined: in memory). */
  limiterStore: { kind: 'redis'; client: Redis } | { kind: 'postgresql'; pool: pg.Pool } | { kind: 'memory' };
  close: () => Promise<void>;
};

const CHANNEL = 'rumbo_session_events';

function parseEvent(raw: string, logger: Logger): SessionEvent | undefined {
  try {
    const event = JSON.parse(raw) as SessionEvent;
    if (event.type === 'sessions-invalidated' || event.type === 'user-invalidated' || event.type === 'chat-changed') return event;
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

export async function openSharedState(options: {
  redisUrl?: string;
  databaseUrl?: string;
  logger: Logger;
}): Promise<SharedState> {
  const { logger } = options;
  if (options.redisUrl) {
    const client = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const subscriber = new Redis(options.redisUrl, { lazyConnect: true });
    await Promise.all([client.connect(), subscriber.connect()]);
    const { bus, deliver } = localBus(async (event) => {
      await client.publish(CHANNEL, JSON.stringify(event));
    });
    await subscriber.subscribe(CHANNEL);
    subscriber.on('message', (_channel: string, raw: string) => {
      const event = parseEvent(raw, logger);
      if (event) deliver(event);
    });
    return {
      kind: 'redis',
      bus,
      limiterStore: { kind: 'redis', client },
      close: async () => {
        subscriber.disconnect();
        await client.quit().catch(() => client.disconnect());
      },
    };
  }
  if (options.databaseUrl) {
    const pool = createPgPool(options.databaseUrl, 4, (error) => logger.warn({ err: error }, 'PostgreSQL ended an idle connection'));
    const listener = new pg.Client({ connectionString: options.databaseUrl });
    await listener.connect();
    await listener.query(`LISTEN ${CHANNEL}`);
    const { bus, deliver } = localBus(async (event) => {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    });
    listener.on('notification', (message) => {
      const event = message.payload ? parseEvent(message.payload, logger) : undefined;
      if (event) deliver(event);
    });
    listener.on('error', (error) => logger.error({ err: error }, 'session event listener failed'));
    return {
      kind: 'postgresql',
      bus,
      limiterStore: { kind: 'postgresql', pool },
      close: async () => {
        await listener.end().catch(() => undefined);
        await pool.end();
      },
    };
  }
  const { bus } = localBus();
  return { kind: 'memory', bus, limiterStore: { kind: 'memory' }, close: async () => undefined };
}
