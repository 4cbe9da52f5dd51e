import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackApp } from './support/loopback-app.ts';
import { TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';

/**
 * The busiest reads answered again from the Node listener (src/server/http/hot-reads.ts,
 * docs/decisions/313-hot-reads.md), over real HTTP as a browser sends them: the same answer
 * the app gives, only ever to its own founder, fresh after the founder's own writes, counted
 * under the read limit and in the telemetry.
 */

type Served = Awaited<ReturnType<typeof loopbackApp>>;
let served: Served;
/** Reads limited to 20 a window (1000 × 0.02), so the limit is reached within a test (sign-ups too: one). */
let limited: Served;
beforeAll(async () => {
  // Answers kept a minute: what is dropped here is dropped by news, never by a slow machine's clock.
  const kept = { hotReadTtlMs: 60_000 };
  [served, limited] = await Promise.all([loopbackApp({}, kept), loopbackApp({ RATE_LIMIT_SCALE: '0.02' }, kept)]);
});
afterAll(() => Promise.all([served.close(), limited.close()]));

function call(path: string, init: { cookie?: string; userAgent?: string; method?: string; json?: unknown; on?: Served } = {}) {
  const headers: Record<string, string> = { 'user-agent': init.userAgent ?? TEST_USER_AGENT, origin: TEST_ORIGIN };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${(init.on ?? served).url}${path}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
}

/** An answer as a client sees it: status, headers but the date, and body. */
async function seen(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => name !== 'date'));
  return { status: response.status, headers, body: await response.text() };
}

/** How many GET answers of a route the telemetry counted with 2xx. */
async function countedReads(on: Served, route: string): Promise<number> {
  const text = await on.t.deps.telemetry.registry.metrics();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`rumbo_http_requests_total{route="${route}",method="GET",status="2xx"}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('hot reads', () => {
  it('answer a founder again exactly as the app did, and show their own change at once', async () => {
    const founder = await served.t.signUp();
    // The first read loads the new session into this instance's cache; only a known session's reads are kept.
    expect((await call('/api/session', { cookie: founder.cookie })).status).toBe(200);
    for (const path of ['/api/me', '/api/metrics/summary?range=12w', '/api/community/leaderboard?period=week']) {
      const first = await seen(await call(path, { cookie: founder.cookie }));
      const answered = served.t.deps.hotReads.answeredCount();
      const again = await seen(await call(path, { cookie: founder.cookie }));
      expect(first.status, path).toBe(200);
      // The second came from the listener, and is the app's answer to the letter.
      expect(served.t.deps.hotReads.answeredCount(), path).toBe(answered + 1);
      expect(again, path).toEqual(first);
    }
    const renamed = await call('/api/me', { method: 'PATCH', cookie: founder.cookie, json: { nickname: 'Cami' } });
    expect(renamed.status).toBe(200);
    expect(await (await call('/api/me', { cookie: founder.cookie })).json()).toMatchObject({ nickname: 'Cami' });
    const summary = async () => ((await (await call('/api/metrics/summary?range=12w', { cookie: founder.cookie })).json()) as { latest: unknown }).latest;
    expect(await summary()).toBeNull();
    expect((await call(weekPath(weeksAgo(0)), { method: 'PUT', cookie: founder.cookie, json: workedWeek })).status).toBe(200);
    expect(await summary()).not.toBeNull();
  });

  it("never give one founder's answer to another, nor to a cookie from another browser or none", async () => {
    const camila = await served.t.signUp();
    const diego = await served.t.signUp();
    for (let round = 0; round < 2; round++) {
      expect(await (await call('/api/me', { cookie: camila.cookie })).json()).toMatchObject({ email: camila.email });
      expect(await (await call('/api/me', { cookie: diego.cookie })).json()).toMatchObject({ email: diego.email });
    }
    expect((await call('/api/me')).status).toBe(401);
    const answered = served.t.deps.hotReads.answeredCount();
    const stolen = await call('/api/me', { cookie: camila.cookie, userAgent: 'Another Browser/1.0' });
    expect(stolen.status).toBe(401);
    expect(await stolen.json()).toMatchObject({ error: { code: 'SESSION_TERMINATED' } });
    // The session that cookie carried has ended: the rightful browser is told so too.
    expect((await call('/api/me', { cookie: camila.cookie })).status).toBe(401);
    expect(served.t.deps.hotReads.answeredCount()).toBe(answered);
  });

  it('count under the founder’s read limit and in the telemetry, as any read', async () => {
    const founder = await limited.t.signUp();
    const before = await countedReads(limited, '/api/me');
    const statuses: number[] = [];
    for (let read = 0; read < 22; read++) statuses.push((await call('/api/me', { cookie: founder.cookie, on: limited })).status);
    const allowed = statuses.filter((status) => status === 200).length;
    expect(allowed).toBe(20);
    expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
    expect((await call('/api/me', { cookie: founder.cookie, on: limited })).headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await countedReads(limited, '/api/me')) - before).toBe(20);
  });
});
