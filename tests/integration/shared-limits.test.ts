import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Outbox } from './support/outbox.ts';
import { cleanUpServerProcesses, makeDataDir, send, type ServerProcess, startServerProcess } from './support/server-process.ts';
import { workedWeek } from '../fixtures/metrics-week.ts';
import { weeksAgo } from './support/metrics.ts';
import { validTask } from './support/task-fixtures.ts';
import { sessionCookie } from './support/test-app.ts';

/**
 * Two server instances behind one load balancer share their limits and learn of each
 * other's sign-outs at once: through PostgreSQL (a table and LISTEN/NOTIFY) when only
 * DATABASE_URL is set, through Redis when REDIS_URL is set too.
 */

const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const TEST_TIMEOUT_MS = 120_000;
const ADMIN_EMAIL = 'shared-admin@example.com';
const createdDatabases: string[] = [];

afterEach(cleanUpServerProcesses);
afterAll(async () => {
  const admin = new pg.Client({ connectionString: BASE_DATABASE_URL });
  await admin.connect();
  for (const name of createdDatabases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

async function freshDatabase(): Promise<string> {
  const name = `rumbo_shared_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Two instances on one database; both trust the loopback "load balancer" for X-Forwarded-For. */
async function twoInstances(env: Record<string, string>): Promise<[ServerProcess, ServerProcess]> {
  // Instances behind one balancer share the cookie-signing secret.
  const secret = randomBytes(32).toString('hex');
  const shared = { ...env, RATE_LIMIT_SCALE: '1', TRUSTED_PROXIES: '127.0.0.1', BETTER_AUTH_SECRET: secret, RUMBO_ADMIN_EMAILS: ADMIN_EMAIL };
  // One after the other: the first runs the migrations.
  const first = await startServerProcess({ dataDir: makeDataDir(), env: shared });
  const second = await startServerProcess({ dataDir: makeDataDir(), env: shared });
  return [first, second];
}

/** A client address of its own per run, so counters left in Redis by an earlier run never collide. */
function clientAddress() {
  return `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

async function signUp(server: ServerProcess, email: string, client: string) {
  const response = await send(server, '/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: 'correct horse battery', name: 'Ana', termsAccepted: true },
    headers: { 'x-forwarded-for': client },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return sessionCookie(response);
}

/** Opens the confirmation link A sent to `email` (a listed admin address counts once confirmed); its session cookie. */
async function confirmEmail(server: ServerProcess, email: string, cookie: string): Promise<string> {
  const link = new URL(await new Outbox(path.join(server.dataDir, 'outbox')).link(email, 'confirm-email'));
  const confirmed = await send(server, link.pathname + link.search, { cookie, redirect: 'manual' });
  expect(confirmed.status, await confirmed.clone().text()).toBe(302);
  return sessionCookie(confirmed);
}

async function expectSharedState(env: Record<string, string>) {
  const [a, b] = await twoInstances(env);
  const client = clientAddress();
  const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
  const cookie = await signUp(a, email, client);

  // Login 5 / 15 min, counted across both instances: 3 failures on A, 2 on B, then refused on A and B.
  const statuses = [];
  for (const server of [a, a, a, b, b, a, b]) {
    const response = await send(server, '/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'wrong password!' },
      headers: { 'x-forwarded-for': client },
    });
    await response.body?.cancel();
    statuses.push(response.status);
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);

  // B has the founder's summary cached; a week saved on A reaches B's next answer.
  const summaryOnB = async () => (await (await send(b, '/api/metrics/summary', { cookie })).json()) as { latest: { week: number } | null };
  expect((await summaryOnB()).latest).toBeNull();
  const week = weeksAgo(0);
  const saved = await send(a, `/api/metrics/weeks/${week.year}/${week.week}`, { method: 'PUT', cookie, json: workedWeek });
  expect(saved.status).toBe(200);
  let latest = (await summaryOnB()).latest;
  for (let attempt = 0; attempt < 20 && latest === null; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    latest = (await summaryOnB()).latest;
  }
  expect(latest?.week).toBe(week.week);

  // B has the founder's week board cached; a rival's task created on A shows on B's next answer (decision 302).
  const boardOnB = async () => ((await (await send(b, '/api/community/leaderboard?period=week', { cookie })).json()) as { rows: { mine: boolean }[] }).rows;
  const rival = await signUp(a, `shared-${randomBytes(4).toString('hex')}@example.com`, clientAddress());
  expect((await boardOnB()).some((row) => !row.mine)).toBe(false);
  const task = await send(a, '/api/tasks', { method: 'POST', cookie: rival, json: validTask });
  expect(task.status, await task.clone().text()).toBe(201);
  let rows = await boardOnB();
  for (let attempt = 0; attempt < 20 && !rows.some((row) => !row.mine); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    rows = await boardOnB();
  }
  expect(rows.some((row) => !row.mine)).toBe(true);

  // The general write limit is one budget per founder across instances too.
  const writes = [];
  // The week saved above was one of this budget's writes.
  for (let index = 1; index < 101; index++) {
    const response = await send(index % 2 ? a : b, '/api/me', { method: 'PATCH', cookie, json: { preferredLanguage: 'en' } });
    await response.body?.cancel();
    writes.push(response.status);
  }
  expect(writes.slice(0, 99).filter((status) => status !== 200), JSON.stringify(writes)).toEqual([]);
  expect(writes[99]).toBe(429);

  // B has the session cached; a sign-out on A ends it on B at once.
  expect((await send(b, '/api/session', { cookie })).status).toBe(200);
  const out = await send(a, '/api/auth/sign-out', { method: 'POST', cookie, json: {}, headers: { 'x-forwarded-for': client } });
  expect(out.status).toBe(200);
  expect(await sessionStatusSoon(b, cookie)).toBe(401);

  // B has another founder's session cached; an admin suspending them on A ends it on B at once.
  const suspendedCookie = await signUp(a, `shared-${randomBytes(4).toString('hex')}@example.com`, clientAddress());
  const founderId = ((await (await send(b, '/api/me', { cookie: suspendedCookie })).json()) as { id: string }).id;
  const adminCookie = await confirmEmail(a, ADMIN_EMAIL, await signUp(a, ADMIN_EMAIL, clientAddress()));
  const suspended = await send(a, `/api/admin/users/${founderId}/status`, { method: 'PUT', cookie: adminCookie, json: { status: 'suspended' } });
  expect(suspended.status, await suspended.clone().text()).toBe(200);
  expect(await sessionStatusSoon(b, suspendedCookie)).toBe(401);
}

/** GET /api/session on `server` until it stops answering 200: an event crossing the shared channel takes a moment. */
async function sessionStatusSoon(server: ServerProcess, cookie: string): Promise<number> {
  let status = 200;
  for (let attempt = 0; attempt < 20 && status === 200; attempt++) {
    const response = await send(server, '/api/session', { cookie });
    await response.body?.cancel();
    status = response.status;
    if (status === 200) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return status;
}

describe('several instances share limits and session ends', () => {
  it('through PostgreSQL', { timeout: TEST_TIMEOUT_MS }, async () => {
    await expectSharedState({ DATABASE_URL: await freshDatabase() });
  });

  it('through Redis', { timeout: TEST_TIMEOUT_MS }, async () => {
    await expectSharedState({ DATABASE_URL: await freshDatabase(), REDIS_URL });
  });
});
