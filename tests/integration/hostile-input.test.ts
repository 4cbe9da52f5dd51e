import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createNodeServer } from '../../src/server/http/node-server.ts';
import { loggableError } from '../../src/server/logger.ts';
import { formatWeek } from '../../src/core/metrics/iso-week.ts';
import { weeksAgo } from './support/metrics.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Found in review: inputs that answered 500 (a NUL, a lone surrogate, a version
 * above 2^31), control characters kept in jsonb texts and shown on the shared page, invisible
 * file names, and JSON routes that read a form-like body (the cross-site "simple request").
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '20' });
});
afterAll(() => t.close());

type ErrorJson = { error: { code: string; message: string } };
const UPDATES = '/api/reports/investor-updates';
const SECTIONS = { summary: 'A good month', kpis: '', highlights: '', lowlights: '', strategy: '', asks: '' };

/** A 4xx with the app's error body (or Better Auth's, under /api/auth): never a 500. */
async function expectClientError(response: Response, label: string) {
  expect(response.status, label).toBeGreaterThanOrEqual(400);
  expect(response.status, label).toBeLessThan(500);
  expect(response.headers.get('content-type'), label).toMatch(/^application\/json/);
  const body = (await response.json()) as Partial<ErrorJson> & { code?: string };
  expect(body.error?.code ?? body.code, label).toEqual(expect.any(String));
}

describe('no input answers 5xx', () => {
  it('a NUL in a password-reset token, a TOTP code or a trusted-device id is a clear 4xx', async () => {
    const reset = await t.request('/api/auth/reset-password', { method: 'POST', json: { token: 'abc\u0000def', newPassword: 'a brand new password' } });
    await expectClientError(reset, 'reset token');
    const link = await t.request('/api/auth/reset-password/abc%00def?callbackURL=%2Freset');
    expect(link.status, 'reset link').toBeLessThan(500);

    const founder = await t.signUp();
    const totp = await t.request('/api/auth/two-factor/verify-totp', { method: 'POST', cookie: founder.cookie, json: { code: '12\u00003456' } });
    await expectClientError(totp, 'totp');
    const device = await t.request('/api/account/trusted-devices/abc%00def', { method: 'DELETE', cookie: founder.cookie });
    expect(device.status).toBe(404);
    expect(((await device.json()) as ErrorJson).error.code).toBe('NOT_FOUND');
  });

  it('a strategy version above 2^31, or not a number, is 404 and the strategy is unchanged', async () => {
    const { cookie } = await t.signUp();
    const saved = await t.request('/api/strategy', {
      method: 'PUT',
      cookie,
      json: { coreProblem: 'Corner shops run out of stock', maximas: ['Reorder in one tap'], statement: 'We win by making restocking invisible' },
    });
    expect(saved.status).toBe(200);
    for (const version of ['2147483648', '99999999999999999999', '1e3', '-1', '0', '01']) {
      const response = await t.request(`/api/strategy/versions/${version}/restore`, { method: 'POST', cookie });
      expect(response.status, version).toBe(404);
    }
    const restored = await t.request('/api/strategy/versions/1/restore', { method: 'POST', cookie });
    expect(restored.status).toBe(200);
  });

  it('a NUL, a lone surrogate or a control character in investor-update sections and scenarios is dropped, and the shared page shows none', async () => {
    const { cookie } = await t.signUp();
    const created = await t.request(UPDATES, { method: 'POST', cookie, json: { fromWeek: formatWeek(weeksAgo(3)), toWeek: formatWeek(weeksAgo(0)) } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const hostile = 'Revenue\u0000 up \uD800 \u001b[31mred\u0007\b \u0085next \u202Eevil \u3164\u2800\u034F\uDB40\uDC41 done';
    const edited = await t.request(`${UPDATES}/${id}`, { method: 'PUT', cookie, json: { sections: { ...SECTIONS, summary: hostile } } });
    expect(edited.status).toBe(200);
    const update = (await edited.json()) as { sections: Record<string, string>; markdown: string };
    expect(update.sections.summary).toBe('Revenue up  [31mred next evil  done');

    const share = await t.request(`${UPDATES}/${id}/share`, { method: 'POST', cookie });
    expect(share.status).toBe(201);
    const { url } = (await share.json()) as { url: string };
    const page = await (await t.request(new URL(url).pathname)).text();
    expect(page).toContain('Revenue up');
    // eslint-disable-next-line no-control-regex -- what the page must not carry
    expect(page).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u3164\u2800]|\u034F|\uDB40[\uDC00-\uDC7F]/);

    const scenarios = { scenarios: [{ id: 'a\u0000', name: 'Hire\u0000 two\uDC00 \u202Enow\u001b', changes: [{ kind: 'hire', from: '2027-03-01', values: { count: '2\u0000', monthlyCost: '4500' } }] }] };
    const savedScenarios = await t.request('/api/reports/scenarios', { method: 'PUT', cookie, json: scenarios });
    expect(savedScenarios.status).toBe(200);
    const read = await answerOf('GET /api/reports/scenarios', t.request('/api/reports/scenarios', { cookie }));
    expect(read.scenarios![0]).toMatchObject({ id: 'a', name: 'Hire two now', changes: [{ values: { count: '2', monthlyCost: '4500' } }] });
  });
});

describe('JSON routes read application/json only', () => {
  it('refuses text/plain, no type and multipart without a boundary with 415 and the standard error body, writing nothing', async () => {
    const { cookie } = await t.signUp();
    const task = JSON.stringify(validTask);
    const labels: Record<string, string>[] = [{ 'content-type': 'text/plain' }, {}, { 'content-type': 'multipart/form-data' }, { 'content-type': 'application/x-www-form-urlencoded' }, { 'content-type': 'application/json; charset=latin1' }];
    for (const headers of labels) {
      const response = await t.request('/api/tasks', { method: 'POST', cookie, body: task, headers });
      expect(response.status, JSON.stringify(headers)).toBe(415);
      expect(((await response.json()) as ErrorJson).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect((await answerOf('GET /api/tasks', t.request('/api/tasks', { cookie }))).length).toBe(0);
    const json = await t.request('/api/tasks', { method: 'POST', cookie, body: task, headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(json.status).toBe(201);
  });

  it('refuses a multipart upload without its boundary, and a form-like body on a route that reads none', async () => {
    const { cookie } = await t.signUp();
    const feedback = await t.request('/api/feedback', { method: 'POST', cookie, body: 'type=bug', headers: { 'content-type': 'multipart/form-data' } });
    expect(feedback.status).toBe(415);
    const restore = await t.request('/api/strategy/versions/1/restore', { method: 'POST', cookie, body: 'x', headers: { 'content-type': 'text/plain' } });
    expect(restore.status).toBe(415);
    // Better Auth's routes take JSON too: a body with no type is refused, a POST with no body is not.
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify({ email: 'a@example.com', password: 'whatever it is' }) });
    expect(signIn.status).toBe(415);
    expect(((await signIn.json()) as ErrorJson).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect((await t.request('/api/auth/sign-out', { method: 'POST', cookie })).status).toBe(200);
  });
});

describe('streams and logs', () => {
  it('HEAD on a live chat stream answers its head through the Node server, with no stack trace printed', async () => {
    const founder = await t.signUp();
    await t.db.update(users).set({ userTier: 2 }).where(eq(users.id, founder.user.id));
    const server = createNodeServer(t.app.fetch, { https: false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // console.error (where the adapter printed the stack) fails any test: tests/setup/fail-on-console-error.ts.
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/community/rooms/general/stream`;
      const head = await fetch(url, { method: 'HEAD', headers: { cookie: founder.cookie, origin: TEST_ORIGIN, 'user-agent': TEST_USER_AGENT }, signal: AbortSignal.timeout(10_000) });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('text/event-stream');
      expect(head.headers.get('cache-control')).toBe('no-store');
      // The server is still well: a second request on it is answered.
      expect((await fetch(url.replace(/\/api\/.*/, '/api/health'))).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('a failed query’s error is logged with its message cut, never the founder’s whole text', () => {
    const founderText = `Our secret plan ${'x'.repeat(100_000)}`;
    const error = new Error(`Failed query: update "investor_updates" set "sections" = $1\nparams: ${founderText}`);
    const lines: string[] = [];
    const logger = pino({ serializers: { err: (value: unknown) => loggableError(value) } }, new Writable({ write: (chunk, _encoding, done) => done(void lines.push(String(chunk))) }));
    logger.error({ err: error }, 'unhandled error');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThan(4000);
    expect(lines[0]).toContain('Failed query');
    expect(lines[0]).toContain('characters)');
  });
});
