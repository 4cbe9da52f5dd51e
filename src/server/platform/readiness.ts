import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { SharedStateChecks } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';

/** Longest wait for the database's `SELECT 1`: a balancer's probe must get an answer, not a hang. */
const DATABASE_CHECK_MS = 2_000;

/** What GET /api/ready reads besides the database; `draining` is set by a stopping server. */
export type Readiness = {
  shared: () => SharedStateChecks & { eventsFlow: boolean };
  draining: boolean;
};

export type ReadyAnswer = {
  status: 'ready' | 'not-ready';
  checks: { database: 'up' | 'down'; redis?: 'up' | 'down'; listener?: 'up' | 'down'; draining?: true };
};

async function databaseUp(db: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS)));
  const query = db.execute(sql`select 1`).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([query, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Readiness for load balancers and Kubernetes (decision 265): ready when the database answers,
 * news between instances flows (Redis, or the PostgreSQL listener, either suffices: Redis
 * down with the listener up still shares everything through PostgreSQL) and the server is not
 * stopping. Every part's state is in the answer, so the 503 says which is down.
 */
export async function readiness(db: Database, state: Readiness): Promise<{ ready: boolean; answer: ReadyAnswer }> {
  const { eventsFlow, ...shared } = state.shared();
  const database = (await databaseUp(db)) ? 'up' : 'down';
  const ready = database === 'up' && eventsFlow && !state.draining;
  return {
    ready,
    answer: { status: ready ? 'ready' : 'not-ready', checks: { database, ...shared, ...(state.draining ? { draining: true as const } : {}) } },
  };
}

/** The route's handler: 200 when ready, 503 with the same body otherwise. */
export async function readyHandler(c: Context, db: Database, state: Readiness) {
  const { ready, answer } = await readiness(db, state);
  return c.json(answer, ready ? 200 : 503);
}
