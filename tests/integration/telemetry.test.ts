import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuditRetentionJob } from '../../src/server/platform/audit-retention-job.ts';
import { startSubscriptionJob } from '../../src/server/features/subscription/schedule.ts';
import { startImpersonationExpiryJob } from '../../src/server/features/impersonation/expiry-job.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * GET /metrics for Prometheus (docs/decisions/189-telemetry.md): request rate, errors and
 * latency per route pattern, job runs and outcomes, process memory and the database pool;
 * open to the METRICS_TOKEN bearer and to admins only. A browser opening /metrics gets the app.
 */

const TOKEN = 'prometheus-scrape-token-0123456789';
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = (init: { cookie?: string; token?: string } = {}) =>
  t.request('/metrics', { cookie: init.cookie, headers: { accept: 'text/plain', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) } });

/** A sample's value from the exposition text, or undefined when the series is absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : undefined;
}

describe('who may read /metrics', () => {
  it('answers 401 without credentials or with a wrong token, 403 to a founder', async () => {
    const founder = await t.signUp();
    expect((await scrape()).status).toBe(401);
    expect((await scrape({ token: 'not-the-token-at-all' })).status).toBe(401);
    expect((await t.request('/metrics', { headers: { accept: 'text/plain', authorization: 'Basic abc' } })).status).toBe(401);
    expect((await scrape({ cookie: founder.cookie })).status).toBe(403);
  });

  it('opens to the bearer token and to an admin session', async () => {
    const admin = await signUpAdmin(t);
    const byToken = await scrape({ token: TOKEN });
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get('content-type')).toContain('text/plain');
    expect((await scrape({ cookie: admin.cookie })).status).toBe(200);
  });

  it("leaves a browser's /metrics to the founders' Metrics page", async () => {
    const page = await t.request('/metrics', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });
});

describe('what it counts', () => {
  it('requests per route pattern and status, their latency, and process memory', async () => {
    const founder = await t.signUp();
    for (let read = 0; read < 3; read++) {
      expect((await t.request('/api/tasks/00000000-0000-0000-0000-000000000000', { cookie: founder.cookie })).status).toBe(404);
    }
    const text = await (await scrape({ token: TOKEN })).text();
    expect(valueOf(text, 'rumbo_http_requests_total{route="/api/tasks/:id",method="GET",status="4xx"}')).toBe(3);
    expect(valueOf(text, 'rumbo_http_request_duration_seconds_count{route="/api/tasks/:id",method="GET"}')).toBe(3);
    // Never a raw path with an id in it: the number of series stays bounded.
    expect(text).not.toContain('00000000-0000-0000-0000-000000000000');
    expect(text).toContain('# TYPE rumbo_http_errors_total counter');
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    if (t.driver === 'postgresql') expect(valueOf(text, 'rumbo_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });

  it('job runs and how they ended', async () => {
    const job = startAuditRetentionJob(t.db, t.deps.logger, '* * * * * *', { onRun: t.deps.telemetry.observeJob });
    const series = 'rumbo_job_runs_total{job="audit-retention",outcome="success"}';
    try {
      await expect.poll(async () => valueOf(await (await scrape({ token: TOKEN })).text(), series), { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    } finally {
      job.stop();
    }
  });

  it('every scheduled job reports its runs: impersonation expiry and the subscription schedule each second here', async () => {
    const onRun = t.deps.telemetry.observeJob;
    const jobs = [
      startImpersonationExpiryJob(t.db, t.deps.bus, t.deps.logger, { pattern: '* * * * * *', onRun }),
      startSubscriptionJob({ db: t.db, bus: t.deps.bus, mailer: createMailer({ ...t.deps.env.mail, logger: t.deps.logger }), logger: t.deps.logger, env: t.deps.env, settings: t.deps.settings }, { pattern: '* * * * * *', onRun }),
    ];
    try {
      for (const job of ['impersonation-expiry', 'subscription-schedule']) {
        const series = `rumbo_job_runs_total{job="${job}",outcome="success"}`;
        await expect.poll(async () => valueOf(await (await scrape({ token: TOKEN })).text(), series), { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
      }
    } finally {
      for (const job of jobs) job.stop();
    }
  });

  it("keeps a sample a minute for the admin's charts", async () => {
    await t.request('/api/health');
    const sample = t.deps.telemetry.sample();
    expect(sample.requests).toBeGreaterThanOrEqual(1);
    expect(sample.rssBytes).toBeGreaterThan(0);
    expect(t.deps.telemetry.samples().at(-1)).toEqual(sample);
  });
});

describe("the admin's charts", () => {
  it('answers the last hour a point a minute and the last day in 10-minute points, to admins only', async () => {
    const admin = await signUpAdmin(t);
    const founder = await t.signUp();
    for (let minute = 0; minute < 25; minute++) {
      await t.request('/api/health');
      t.deps.telemetry.sample();
    }
    const hour = await t.request('/api/admin/telemetry?range=hour', { cookie: admin.cookie });
    expect(hour.status).toBe(200);
    const hourly = (await hour.json()) as { range: string; points: { requests: number; memoryMb: number }[] };
    expect(hourly.range).toBe('hour');
    expect(hourly.points.length).toBeGreaterThanOrEqual(26);
    expect(hourly.points.at(-2)).toMatchObject({ requests: 1 });
    expect(hourly.points.at(-1)!.memoryMb).toBeGreaterThan(0);

    const day = await answerOf('GET /api/admin/telemetry', t.request('/api/admin/telemetry?range=day', { cookie: admin.cookie }));
    // Ten 1-request minutes make a point of 10.
    expect(day.points.at(-2)!.requests).toBeGreaterThanOrEqual(10);
    expect(day.points.length).toBeLessThan(hourly.points.length);

    expect((await t.request('/api/admin/telemetry?range=week', { cookie: admin.cookie })).status).toBe(400);
    expect((await t.request('/api/admin/telemetry', { cookie: founder.cookie })).status).toBe(403);
  });
});
