import pg from 'pg';
import type { Logger } from '../logger.ts';

/** The first wait before reconnecting, doubled after each failed try up to the longest. */
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 5_000;

export type PgListener = {
  /** Whether notifications arrive right now (readiness: GET /api/ready). */
  connected: () => boolean;
  /** The backend's process id, while connected (tests end it to drop the connection). */
  backendPid: () => number | undefined;
  close: () => Promise<void>;
};

/**
 * One connection that LISTENs on a channel and comes back by itself. PostgreSQL keeps no
 * notification for a listener that is gone, so when it is back `onResumed` runs: whoever
 * relies on the news must assume some was missed (decision 265: a dropped listener used to stay
 * dropped, and sign-outs and chat stopped crossing instances without anyone noticing).
 * Reconnects wait 250 ms, then twice as long each failed try, at most 5 s.
 */
export async function openPgListener(options: {
  databaseUrl: string;
  channel: string;
  logger: Logger;
  onNotification: (payload: string) => void;
  onResumed: () => void;
  /** Shorter waits for tests. */
  retry?: { firstMs?: number; longestMs?: number };
}): Promise<PgListener> {
  const { logger } = options;
  const firstMs = options.retry?.firstMs ?? FIRST_RETRY_MS;
  const longestMs = options.retry?.longestMs ?? LONGEST_RETRY_MS;
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let wait = firstMs;

  async function connect(): Promise<void> {
    const candidate = new pg.Client({ connectionString: options.databaseUrl, application_name: 'rumbo-listener' });
    // A connection error is also reported as 'end' below, which is where it is handled.
    candidate.on('error', (error) => logger.warn({ err: error }, 'session event listener lost its connection'));
    candidate.on('notification', (message) => {
      if (message.payload) options.onNotification(message.payload);
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${options.channel}`);
    } catch (error) {
      await candidate.end().catch(() => undefined);
      throw error;
    }
    candidate.once('end', () => {
      if (client !== candidate) return;
      client = null;
      if (closed) return;
      logger.warn({ retryInMs: wait }, 'session event listener disconnected; reconnecting');
      scheduleReconnect();
    });
    client = candidate;
  }

  function scheduleReconnect() {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          wait = firstMs;
          logger.info('session event listener reconnected; caches dropped and live streams asked to reconnect');
          options.onResumed();
        },
        (error: unknown) => {
          wait = Math.min(wait * 2, longestMs);
          logger.warn({ err: error, retryInMs: wait }, 'session event listener could not reconnect');
          if (!closed) scheduleReconnect();
        },
      );
    }, wait);
  }

  // The first connection must work: a server that cannot listen refuses to start.
  await connect();
  return {
    connected: () => client !== null,
    backendPid: () => (client as unknown as { processID?: number } | null)?.processID,
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
