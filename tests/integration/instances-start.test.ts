import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createThrowawayDatabase } from '../../scripts/lib/throwaway-database.ts';
import { cleanUpServerProcesses, makeDataDir, send, spawnServerProcess } from './support/server-process.ts';

/**
 * Three instances started at once on one empty PostgreSQL database (docs/operations.md): the migrations
 * run under an advisory lock, so one migrates while the others wait, and all three come up.
 * Needs PostgreSQL whichever pass runs it (the default URL is CI's).
 */
const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const drops: (() => Promise<void>)[] = [];

afterEach(async () => {
  await cleanUpServerProcesses();
  for (const drop of drops.splice(0)) await drop();
});

describe('instances started together', () => {
  it('all three come up ready on an empty database, which ends up migrated once', { timeout: 120_000 }, async () => {
    const database = await createThrowawayDatabase(BASE_DATABASE_URL, 'rumbo_start');
    drops.push(database.drop);
    const env = { DATABASE_URL: database.url, BETTER_AUTH_SECRET: randomBytes(32).toString('hex') };
    const servers = await Promise.all([0, 1, 2].map(() => spawnServerProcess({ dataDir: makeDataDir(), env })));
    const started = await Promise.allSettled(servers.map((server) => server.waitUntilHealthy()));
    expect(started.map((result) => (result.status === 'fulfilled' ? 'up' : String(result.reason).slice(0, 400)))).toEqual(['up', 'up', 'up']);
    for (const server of servers) {
      const ready = await send(server, '/api/ready');
      expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'up', listener: 'up' } });
    }
    // Each migration applied exactly once.
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ applied: number; distinct: number }>(
      'SELECT count(*)::int AS applied, count(DISTINCT hash)::int AS distinct FROM drizzle.__drizzle_migrations',
    );
    await client.end();
    expect(rows[0]!.applied).toBeGreaterThan(30);
    expect(rows[0]!.applied).toBe(rows[0]!.distinct);
  });
});
