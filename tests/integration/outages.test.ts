import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../../scripts/lib/throwaway-database.ts';
import { createTestApp } from './support/test-app.ts';
import { openTcpProxy } from './support/tcp-proxy.ts';

/**
 * The fault runs (decisions 265, 266) that need a real PostgreSQL and Redis (run in both passes: the
 * default URLs are CI's): the listener dropped and back, Redis out, the database out. A TCP
 * relay stands between the app and the server and is cut and restored.
 */
const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
// A database index of its own, so parallel runs' counters never meet (pub/sub ignores it, harmlessly).
const REDIS_URL = `${process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'}/5`;
const QUICK_RETRY = { firstMs: 50, longestMs: 200 };
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function migratedDatabase() {
  const database = await createThrowawayDatabase(BASE_DATABASE_URL, 'rumbo_outage');
  cleanups.push(database.drop);
  return database.url;
}

async function app(...args: Parameters<typeof createTestApp>) {
  const t = await createTestApp(...args);
  cleanups.push(t.close);
  return t;
}

async function proxy(url: string) {
  const target = new URL(url);
  const relay = await openTcpProxy({ host: target.hostname, port: Number(target.port) });
  cleanups.push(relay.close);
  return relay;
}

const readyOf = async (t: Awaited<ReturnType<typeof createTestApp>>) => {
  const response = await t.request('/api/ready');
  return { status: response.status, body: (await response.json()) as { status: string; checks: Record<string, string> } };
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Times a request: an outage must answer within seconds (a loaded machine included), never hang (72 of 202 writes hung past 15 s before). */
async function timed(send: () => Promise<Response>) {
  const started = Date.now();
  const response = await send();
  return { response, ms: Date.now() - started, body: (await response.json()) as { error?: { code: string } } };
}

describe('the PostgreSQL listener', () => {
  it('is reported down, reconnects by itself, and a sign-out missed meanwhile still ends the session', { timeout: 60_000 }, async () => {
    const url = await migratedDatabase();
    const relay = await proxy(url);
    const a = await app({}, { databaseUrl: url });
    // Instance B hears the others through the relay; its database and counters are direct.
    const b = await app({}, { databaseUrl: url, shared: { databaseUrl: relay.through(url) }, listenerRetry: QUICK_RETRY });
    expect(await readyOf(b)).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'up', listener: 'up' } } });

    const founder = await a.signUp();
    // B has the session cached (30 s by default).
    expect((await b.request('/api/me', { cookie: founder.cookie })).status).toBe(200);

    relay.cut();
    const down = await until(() => readyOf(b), (ready) => ready.status === 503);
    expect(down).toEqual({ status: 503, body: { status: 'not-ready', checks: { database: 'up', listener: 'down' } } });
    // Signed out on A while B cannot hear it.
    expect((await a.request('/api/auth/sign-out', { method: 'POST', cookie: founder.cookie })).status).toBe(200);

    relay.restore();
    expect((await until(() => readyOf(b), (ready) => ready.status === 200)).status).toBe(200);
    // Back, B dropped what it cached: the signed-out cookie is refused there too.
    expect((await b.request('/api/me', { cookie: founder.cookie })).status).toBe(401);
  });
});

describe('a Redis outage', () => {
  it('with PostgreSQL: writes go on, counted in PostgreSQL, and sign-outs still reach the other instances', { timeout: 60_000 }, async () => {
    const url = await migratedDatabase();
    const relay = await proxy(REDIS_URL);
    const redisUrl = relay.through(REDIS_URL);
    const a = await app({}, { databaseUrl: url, shared: { redisUrl } });
    const b = await app({}, { databaseUrl: url, shared: { redisUrl } });
    const founder = await a.signUp();
    const other = await a.signUp();
    expect((await b.request('/api/me', { cookie: other.cookie })).status).toBe(200);

    relay.cut();
    const writes = await Promise.all(
      Array.from({ length: 10 }, (_, index) => timed(() => a.request('/api/me', { method: 'PATCH', cookie: founder.cookie, json: { preferredLanguage: index % 2 ? 'en' : 'es-LA' } }))),
    );
    expect(writes.map((write) => write.response.status)).toEqual(Array(10).fill(200));
    expect(Math.max(...writes.map((write) => write.ms))).toBeLessThan(5_000);
    // Readiness learns of the cut on its own, a moment after the writes do.
    const degraded = await until(() => readyOf(a), (answer) => answer.body.checks.redis === 'down', 5_000);
    expect(degraded).toEqual({ status: 200, body: { status: 'ready', checks: { database: 'up', redis: 'down', listener: 'up' } } });

    // The sign-out's news goes through PostgreSQL instead.
    expect((await a.request('/api/auth/sign-out', { method: 'POST', cookie: other.cookie })).status).toBe(200);
    expect((await until(() => b.request('/api/me', { cookie: other.cookie }).then((r) => r.status), (status) => status === 401, 5_000))).toBe(401);

    // Redis back: both instances subscribe again, and news goes through Redis once more.
    relay.restore();
    for (const instance of [a, b]) expect((await until(() => readyOf(instance), (ready) => ready.body.checks.redis === 'up')).body.checks.redis).toBe('up');
    const third = await a.signUp();
    expect((await b.request('/api/me', { cookie: third.cookie })).status).toBe(200);
    expect((await a.request('/api/auth/sign-out', { method: 'POST', cookie: third.cookie })).status).toBe(200);
    expect((await until(() => b.request('/api/me', { cookie: third.cookie }).then((r) => r.status), (status) => status === 401, 5_000))).toBe(401);
  });

  it('without PostgreSQL to fall back to: 503 SHARED_STATE_UNAVAILABLE at once, and not ready', { timeout: 60_000 }, async () => {
    const relay = await proxy(REDIS_URL);
    // Redis alone shares the counters and events (the embedded database's case): nothing to fall back to.
    const t = await app({}, { shared: { redisUrl: relay.through(REDIS_URL), databaseUrl: undefined } });
    const founder = await t.signUp();
    relay.cut();
    const write = await timed(() => t.request('/api/me', { method: 'PATCH', cookie: founder.cookie, json: { preferredLanguage: 'en' } }));
    expect(write.response.status).toBe(503);
    expect(write.body.error?.code).toBe('SHARED_STATE_UNAVAILABLE');
    expect(write.ms).toBeLessThan(5_000);
    const notReady = await until(() => readyOf(t), (answer) => answer.body.checks.redis === 'down', 5_000);
    expect(notReady).toEqual({ status: 503, body: { status: 'not-ready', checks: { database: 'up', redis: 'down' } } });

    relay.restore();
    await until(() => readyOf(t), (ready) => ready.status === 200);
    expect((await t.request('/api/me', { method: 'PATCH', cookie: founder.cookie, json: { preferredLanguage: 'en' } })).status).toBe(200);
  });
});

describe('a database outage', () => {
  it('answers 503 DATABASE_UNAVAILABLE (not 500) and readiness says the database is down, then recovers', { timeout: 60_000 }, async () => {
    const url = await migratedDatabase();
    // Migrated directly, then every connection of the app goes through the relay.
    const direct = new pg.Client({ connectionString: url });
    await direct.connect();
    await direct.end();
    const relay = await proxy(url);
    const t = await app({}, { databaseUrl: relay.through(url), listenerRetry: QUICK_RETRY });
    const founder = await t.signUp();

    relay.cut();
    const write = await timed(() => t.request('/api/me', { method: 'PATCH', cookie: founder.cookie, json: { preferredLanguage: 'en' } }));
    expect(write.response.status).toBe(503);
    expect(write.body.error?.code).toBe('DATABASE_UNAVAILABLE');
    expect(write.ms).toBeLessThan(8_000);
    // The listener learns of its dropped connection on its own, a moment after the write's pool does.
    const ready = await until(() => readyOf(t), (answer) => answer.body.checks.listener === 'down', 5_000);
    expect(ready).toEqual({ status: 503, body: { status: 'not-ready', checks: { database: 'down', listener: 'down' } } });

    relay.restore();
    await until(() => readyOf(t), (ready) => ready.status === 200);
    expect((await t.request('/api/me', { cookie: founder.cookie })).status).toBe(200);
  });
});
