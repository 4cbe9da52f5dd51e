import { randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Cluster, startCluster } from '../../scripts/lib/cluster.ts';
import { createThrowawayDatabase } from '../../scripts/lib/throwaway-database.ts';
import { readOutbox } from '../../src/server/mail/read-outbox.ts';
import { makePdf } from '../support/make-pdf.ts';
import { Outbox } from './support/outbox.ts';
import { eventReader } from './support/sse.ts';
import { sessionCookie } from './support/test-app.ts';

/**
 * The deployment docs/operations.md describes, on loopback: three instances on one PostgreSQL and
 * one Redis behind HAProxy, with S3 storage (scripts/lib/cluster.ts, what `npm run cluster` runs),
 * started once for the whole file. What one instance learns, every instance acts on; a job runs
 * once; a file uploaded through one is read through another; an instance killed mid-request costs
 * the balancer's clients nothing. Runs in the PostgreSQL pass only (vitest.config.ts, decision 292).
 */
const BASE_DATABASE_URL = process.env.DATABASE_URL!;
// A database index of its own, so counters left by other runs never meet these.
const REDIS_URL = `${process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'}/7`;
const ADMIN_EMAIL = 'cluster-admin@example.com';
const PASSWORD = 'correct horse battery';

let cluster: Cluster;
let dropDatabase: (() => Promise<void>) | undefined;
/** Founders signed up first thing, whose trial-ending e-mail the schedule owes at its next minute. */
const trialFounders: string[] = [];

type Target = 'balancer' | 'a' | 'b' | 'c';

/** A request as a browser on the cluster's origin sends it, through the balancer or straight to one instance. */
function send(
  target: Target,
  pathname: string,
  init: { method?: string; json?: unknown; body?: FormData; cookie?: string; client?: string; redirect?: RequestRedirect } = {},
): Promise<Response> {
  const base = target === 'balancer' ? cluster.url : cluster.instances.find((instance) => instance.name === target)!.url;
  const headers = new Headers({ origin: cluster.appUrl });
  if (init.cookie) headers.set('cookie', init.cookie);
  // The instances trust loopback as their balancer: each founder gets an address of their own.
  if (init.client) headers.set('x-forwarded-for', init.client);
  let body: string | FormData | undefined = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  return fetch(`${base}${pathname}`, { method: init.method ?? 'GET', headers, body, redirect: init.redirect, signal: AbortSignal.timeout(30_000) });
}

const clientAddress = () => `198.18.${randomInt(0, 255)}.${randomInt(1, 254)}`;

async function signUp(target: Target = 'balancer', email = `cluster-${randomBytes(5).toString('hex')}@example.com`) {
  const client = clientAddress();
  const response = await send(target, '/api/auth/sign-up/email', { method: 'POST', client, json: { email, password: PASSWORD, name: 'Ana', termsAccepted: true } });
  expect(response.status, await response.clone().text()).toBe(200);
  const { user } = (await response.json()) as { user: { id: string } };
  return { email, client, cookie: sessionCookie(response), id: user.id };
}

/** The status `pathname` answers on `target`, asked again for a moment while it is `from`: news between instances takes a moment. */
async function statusSoon(target: Target, pathname: string, cookie: string, from: number): Promise<number> {
  let status = from;
  for (let attempt = 0; attempt < 40 && status === from; attempt++) {
    const response = await send(target, pathname, { cookie });
    await response.body?.cancel();
    status = response.status;
    if (status === from) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return status;
}

const everyInstance = ['a', 'b', 'c'] as const;

async function statusOnEvery(pathname: string, cookie: string): Promise<number[]> {
  return Promise.all(
    everyInstance.map(async (target) => {
      const response = await send(target, pathname, { cookie });
      await response.body?.cancel();
      return response.status;
    }),
  );
}

beforeAll(async () => {
  const database = await createThrowawayDatabase(BASE_DATABASE_URL, 'rumbo_cluster', inject('postgresTemplate'));
  dropDatabase = database.drop;
  cluster = await startCluster({
    databaseUrl: database.url,
    redisUrl: REDIS_URL,
    // A trial of 3 days owes its ending e-mail at once (3 days before its end): the schedule's next minute sends it.
    env: { TRIAL_DAYS: '3', RUMBO_ADMIN_EMAILS: ADMIN_EMAIL, SHUTDOWN_DRAIN_MS: '2000', LOG_LEVEL: 'warn' },
  });
  for (let index = 0; index < 6; index++) trialFounders.push((await signUp()).email);
}, 240_000);

afterAll(async () => {
  await cluster?.stop();
  await dropDatabase?.();
});

describe('three instances behind HAProxy on one PostgreSQL, Redis and S3', () => {
  it('counts a rate limit across instances and refuses on every one', async () => {
    const founder = await signUp();
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await send('balancer', '/api/auth/sign-in/email', { method: 'POST', client: founder.client, json: { email: founder.email, password: 'wrong password!' } });
      statuses.push(`${response.headers.get('x-served-by')} ${response.status}`);
    }
    // Round robin: the five failures landed on all three instances.
    expect(new Set(statuses.map((status) => status.split(' ')[0])).size).toBe(3);
    expect(statuses.map((status) => status.split(' ')[1])).toEqual(['401', '401', '401', '401', '401']);
    for (const target of everyInstance) {
      const refused = await send(target, '/api/auth/sign-in/email', { method: 'POST', client: founder.client, json: { email: founder.email, password: PASSWORD } });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    }
  });

  it('ends a signed-out session, applies a role change and a suspension on every instance at once', async () => {
    // Each instance has the founder's session cached (30 s).
    const leaving = await signUp();
    expect(await statusOnEvery('/api/session', leaving.cookie)).toEqual([200, 200, 200]);
    expect((await send('a', '/api/auth/sign-out', { method: 'POST', cookie: leaving.cookie, json: {} })).status).toBe(200);
    for (const target of everyInstance) expect(await statusSoon(target, '/api/session', leaving.cookie, 200)).toBe(401);

    // The listed admin address counts once confirmed: the link is in instance a's outbox.
    const admin = await signUp('a', ADMIN_EMAIL);
    const link = new URL(await new Outbox(path.join(cluster.instances[0]!.dataDir, 'outbox')).link(ADMIN_EMAIL, 'confirm-email'));
    const confirmed = await send('a', link.pathname + link.search, { cookie: admin.cookie, redirect: 'manual' });
    expect(confirmed.status).toBe(302);
    const adminCookie = sessionCookie(confirmed);

    const promoted = await signUp();
    expect(await statusOnEvery('/api/admin/overview', promoted.cookie)).toEqual([403, 403, 403]);
    const role = await send('b', `/api/admin/users/${promoted.id}/role`, { method: 'PUT', cookie: adminCookie, json: { role: 'admin' } });
    expect(role.status, await role.clone().text()).toBe(200);
    for (const target of everyInstance) expect(await statusSoon(target, '/api/admin/overview', promoted.cookie, 403)).toBe(200);

    const suspended = await signUp();
    expect(await statusOnEvery('/api/session', suspended.cookie)).toEqual([200, 200, 200]);
    const status = await send('c', `/api/admin/users/${suspended.id}/status`, { method: 'PUT', cookie: adminCookie, json: { status: 'suspended' } });
    expect(status.status, await status.clone().text()).toBe(200);
    for (const target of everyInstance) expect(await statusSoon(target, '/api/session', suspended.cookie, 200)).toBe(401);
  });

  it('delivers a chat message posted through the balancer to streams open on every instance', async () => {
    // In the trial, founders have the community's tier 2.
    const reader = await signUp();
    const writer = await signUp();
    const controller = new AbortController();
    const streams = await Promise.all(
      everyInstance.map(async (target) => {
        const base = cluster.instances.find((instance) => instance.name === target)!.url;
        const response = await fetch(`${base}/api/community/rooms/general/stream`, { headers: { origin: cluster.appUrl, cookie: reader.cookie }, signal: controller.signal });
        expect(response.status).toBe(200);
        const events = eventReader(response);
        await events.until((list) => list.some((event) => event.event === 'ready'));
        return events;
      }),
    );
    const arriving = streams.map((events) => events.until((list) => list.some((event) => event.event === 'message')));
    const posted = await send('balancer', '/api/community/rooms/general/messages', { method: 'POST', cookie: writer.cookie, json: { body: 'Hello from behind the balancer' } });
    expect(posted.status).toBe(201);
    const delivered = await Promise.all(arriving);
    controller.abort();
    for (const events of delivered) {
      expect(events.filter((event) => event.event === 'message').map((event) => (JSON.parse(event.data) as { body: string }).body)).toEqual(['Hello from behind the balancer']);
    }
  });

  it('serves a file uploaded through one instance from the others (S3)', async () => {
    const founder = await signUp();
    const form = new FormData();
    form.append('type', 'learnings');
    form.append('description', 'Pilot notes');
    form.append('files', new File([makePdf(['Uploaded through instance a']) as BlobPart], 'pilot.pdf', { type: 'application/pdf' }));
    const uploaded = await send('a', '/api/context', { method: 'POST', cookie: founder.cookie, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { entry } = (await uploaded.json()) as { entry: { id: string; files: { id: string }[] } };
    for (const target of ['b', 'c'] as const) {
      const redirect = await send(target, `/api/context/${entry.id}/files/${entry.files[0]!.id}`, { cookie: founder.cookie, redirect: 'manual' });
      expect(redirect.status).toBe(302);
      const download = await fetch(redirect.headers.get('location')!);
      expect(download.status).toBe(200);
      expect(new TextDecoder('latin1').decode(await download.arrayBuffer())).toContain('Uploaded through instance a');
    }
  });

  it('sends a scheduled e-mail once, though every instance runs the schedule', { timeout: 120_000 }, async () => {
    const trialEmails = () =>
      cluster.instances.flatMap((instance) => readOutbox(path.join(instance.dataDir, 'outbox')).filter((message) => message.kind === 'trial-ending' && trialFounders.includes(message.to)));
    // The three instances' schedules all wake at the top of the minute after the sign-ups.
    const deadline = Date.now() + 100_000;
    while (new Set(trialEmails().map((message) => message.to)).size < trialFounders.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(trialEmails().map((message) => message.to).sort()).toEqual([...trialFounders].sort());
  });

  it('loses no request through the balancer when an instance is killed mid-request', async () => {
    const founder = await signUp();
    const killed = cluster.instances[2]!;
    const outcomes: { status: number | string; servedBy: string | null; afterKill: boolean }[] = [];
    let killedAt = 0;
    // Reads from 12 clients at once, so each instance always has some under way; the founder's read budget is 1,000 per 15 minutes.
    const client = async () => {
      while (outcomes.length < 700 && !(killedAt && outcomes.filter((outcome) => outcome.afterKill).length >= 200)) {
        const afterKill = killedAt > 0;
        const response = await send('balancer', '/api/metrics/summary', { cookie: founder.cookie }).catch((error: Error) => error);
        if (response instanceof Error) outcomes.push({ status: response.message, servedBy: null, afterKill });
        else {
          await response.arrayBuffer();
          outcomes.push({ status: response.status, servedBy: response.headers.get('x-served-by'), afterKill });
        }
        if (!killedAt && outcomes.length >= 100) {
          killedAt = Date.now();
          killed.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 12 }, client));
    expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
    expect(outcomes.filter((outcome) => !outcome.afterKill).some((outcome) => outcome.servedBy === killed.name)).toBe(true);
    // Once the balancer has seen it die, nothing more goes to the killed instance.
    const balancer = await cluster.balancer();
    const killedRow = balancer.find((server) => server.name === killed.name)!;
    expect(killedRow.status).toMatch(/^DOWN/);
    // Requests were under way on it when it died: the balancer sent them again, to the others.
    expect(killedRow.retries + killedRow.redispatches).toBeGreaterThan(0);
    expect(outcomes.slice(-50).every((outcome) => outcome.servedBy !== killed.name)).toBe(true);
    expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
  });
});
