import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenGuard } from '../../src/server/auth/token-guard.ts';
import { apiTokens } from '../../src/server/db/schema/index.ts';
import { auditRows, errorOf, signUpAdmin } from './support/accounts.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Personal API tokens (docs/api.md, decision 275): made and revoked from a signed-in browser,
 * shown once, kept as a hash; a token reads (and with `write`, changes weeks, tasks, strategy and
 * AI context) as its founder and nowhere else; bad tokens all get the same 401.
 */
let clock = Date.now();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ TRIAL_DAYS: '0' }, { now: () => clock });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function createToken(cookie: string, body: Record<string, unknown>) {
  const response = await t.request('/api/tokens', { method: 'POST', cookie, json: body });
  expect(response.status, await response.clone().text()).toBe(201);
  return await answerOf('POST /api/tokens', response);
}

/** A request as a script sends it: the bearer and no cookie. */
const withToken = (token: string, path: string, init: { method?: string; json?: unknown; clientAddress?: string } = {}) =>
  t.request(path, { ...init, headers: { authorization: `Bearer ${token}` } });

describe('personal API tokens', () => {
  it('shows the token once, keeps only its hash, and lists tokens with their last use', async () => {
    const founder = await t.signUp();
    const before = Date.now();
    const created = await createToken(founder.cookie, { name: 'Sheets', scopes: ['read'], expiresInDays: 30 });
    const after = Date.now();
    expect(created.token).toMatch(/^rumbo_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'Sheets', scopes: ['read'] });
    const expiresAt = new Date(created.expiresAt!).getTime();
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(expiresAt).toBeLessThanOrEqual(after + 30 * DAY_MS);

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(6));

    expect((await withToken(created.token, '/api/me', { clientAddress: '203.0.113.7' })).status).toBe(200);
    const list = await answerOf('GET /api/tokens', t.request('/api/tokens', { cookie: founder.cookie }));
    expect(JSON.stringify(list)).not.toContain(created.token);
    expect(list.tokens).toEqual([
      expect.objectContaining({ id: created.id, name: 'Sheets', scopes: ['read'], hint: created.token.slice(-4), expired: false, lastUsedAddress: '203.0.113.7' }),
    ]);
    expect(list.tokens[0]!.lastUsedAt).not.toBeNull();
  });

  it('serves the guide the API access page links to', async () => {
    const response = await t.request('/docs/api.md');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('Authorization: Bearer');
  });

  it('refuses a bad name, scopes or expiry, naming the field, and makes nothing', async () => {
    const founder = await t.signUp();
    for (const [body, field] of [
      [{ name: '', scopes: ['read'] }, 'name'],
      [{ name: 'x', scopes: ['write'] }, 'scopes'],
      [{ name: 'x', scopes: ['read', 'admin'] }, 'scopes'],
      [{ name: 'x', scopes: ['read'], expiresInDays: 0 }, 'expiresInDays'],
      [{ name: 'x', scopes: ['read'], expiresInDays: '30' }, 'expiresInDays'],
    ] as const) {
      const response = await t.request('/api/tokens', { method: 'POST', cookie: founder.cookie, json: body });
      expect(response.status).toBe(400);
      expect(((await errorOf(response)).details as { field: string }[]).map((detail) => detail.field)).toContain(field);
    }
    expect((await answerOf('GET /api/tokens', t.request('/api/tokens', { cookie: founder.cookie }))).tokens).toEqual([]);
  });

  it('reads as its founder; writes weeks and tasks only with the write scope', async () => {
    const founder = await t.signUp();
    const reader = await createToken(founder.cookie, { name: 'reader', scopes: ['read'] });
    const writer = await createToken(founder.cookie, { name: 'writer', scopes: ['read', 'write'] });
    const week = weeksAgo(1);

    const refused = await withToken(reader.token, weekPath(week), { method: 'PUT', json: workedWeek });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('FORBIDDEN');
    expect((await withToken(writer.token, weekPath(week), { method: 'PUT', json: workedWeek })).status).toBe(200);

    const weeks = (await (await withToken(reader.token, '/api/metrics/weeks')).json()) as { year: number; week: number }[];
    expect(weeks.map(({ year, week: w }) => ({ year, week: w }))).toEqual([week]);
    const me = (await (await withToken(reader.token, '/api/me')).json()) as { email: string };
    expect(me.email).toBe(founder.email);
  });

  it('never opens admin, account, billing, sessions, two-step or token routes, nor other writes (403)', async () => {
    const admin = await signUpAdmin(t);
    const token = await createToken(admin.cookie, { name: 'all', scopes: ['read', 'write'] });
    for (const [method, path, json] of [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/account/export', undefined],
      ['POST', '/api/account/delete', { email: admin.email }],
      ['GET', '/api/subscription', undefined],
      ['POST', '/api/subscription/upgrade', { plan: 'monthly' }],
      ['GET', '/api/session', undefined],
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens', { name: 'more', scopes: ['read'] }],
      ['POST', '/api/auth/two-factor/disable', { password: admin.password }],
      ['PATCH', '/api/me', { nickname: 'Pirate' }],
    ] as const) {
      const response = await withToken(token.token, path, { method, json });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    // The account is untouched.
    expect((await t.request('/api/me', { cookie: admin.cookie })).status).toBe(200);
    expect((await answerOf('GET /api/tokens', t.request('/api/tokens', { cookie: admin.cookie }))).tokens).toHaveLength(1);
  });

  it('answers a missing, malformed, unknown, expired or revoked token with the same 401', async () => {
    const founder = await t.signUp();
    const short = await createToken(founder.cookie, { name: 'short', scopes: ['read'], expiresInDays: 1 });
    const revoked = await createToken(founder.cookie, { name: 'revoked', scopes: ['read'] });
    expect((await withToken(revoked.token, '/api/tasks')).status).toBe(200);
    expect((await t.request(`/api/tokens/${revoked.id}`, { method: 'DELETE', cookie: founder.cookie })).status).toBe(204);

    const answers: unknown[] = [];
    const asked = [
      await t.request('/api/tasks'),
      await t.request('/api/tasks', { headers: { authorization: 'Bearer' } }),
      await withToken('not-a-token', '/api/tasks'),
      await withToken(`rumbo_${'A'.repeat(43)}`, '/api/tasks'),
      await withToken(revoked.token, '/api/tasks'),
    ];
    clock += 2 * DAY_MS;
    asked.push(await withToken(short.token, '/api/tasks'));
    clock -= 2 * DAY_MS;
    for (const response of asked) {
      expect(response.status).toBe(401);
      answers.push(await response.json());
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
  });

  it('revocation reaches a cache on every instance at once', async () => {
    const founder = await t.signUp();
    const token = await createToken(founder.cookie, { name: 'bus', scopes: ['read'] });
    // A second instance's guard, listening on the same bus as this one.
    const other = createTokenGuard({ db: t.db, bus: t.deps.bus, logger: t.deps.logger, onNewAddress: async () => undefined, cacheTtlMs: 60_000 });
    expect(await other.check(token.token, null)).toMatchObject({ user: { id: founder.user.id } });
    expect((await withToken(token.token, '/api/tasks')).status).toBe(200);
    await t.request(`/api/tokens/${token.id}`, { method: 'DELETE', cookie: founder.cookie });
    expect(await other.check(token.token, null)).toBeUndefined();
    expect((await withToken(token.token, '/api/tasks')).status).toBe(401);
  });

  it('keeps another founder’s rows and tokens out of reach (404)', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    const benTask = await answerOf('POST /api/tasks', t.request('/api/tasks', { method: 'POST', cookie: ben.cookie, json: validTask }));
    const anaToken = await createToken(ana.cookie, { name: 'ana', scopes: ['read', 'write'] });
    const benToken = await createToken(ben.cookie, { name: 'ben', scopes: ['read'] });
    expect((await withToken(anaToken.token, `/api/tasks/${benTask.id}`)).status).toBe(404);
    expect((await withToken(anaToken.token, `/api/tasks/${benTask.id}/complete`, { method: 'POST', json: { outcome: 'validated', completionNotes: 'done' } })).status).toBe(404);
    expect((await t.request(`/api/tokens/${benToken.id}`, { method: 'DELETE', cookie: ana.cookie })).status).toBe(404);
    expect((await withToken(benToken.token, '/api/tasks')).status).toBe(200);
  });

  it('audits creation, each new address and revocation', async () => {
    const founder = await t.signUp();
    const token = await createToken(founder.cookie, { name: 'audited', scopes: ['read'] });
    await withToken(token.token, '/api/tasks', { clientAddress: '198.51.100.1' });
    await withToken(token.token, '/api/tasks', { clientAddress: '198.51.100.1' });
    await withToken(token.token, '/api/tasks', { clientAddress: '198.51.100.2' });
    await t.request(`/api/tokens/${token.id}`, { method: 'DELETE', cookie: founder.cookie });

    expect(await auditRows(t, 'security_api_token_created', founder.user.id)).toHaveLength(1);
    const addresses = await auditRows(t, 'security_api_token_new_address', founder.user.id);
    expect(addresses.map((row) => (row.details as { ipAddress: string }).ipAddress).sort()).toEqual(['198.51.100.1', '198.51.100.2']);
    const [revoked] = await auditRows(t, 'security_api_token_revoked', founder.user.id);
    expect(revoked?.details).toMatchObject({ tokenId: token.id, name: 'audited' });
  });

  it('limits each token on its own (429 with Retry-After), and leaves the founder’s browser alone', async () => {
    // Its own app, at a scale where reads run out after 20 (1,000 per 15 minutes at scale 1).
    const small = await createTestApp({ RATE_LIMIT_SCALE: '0.02' });
    try {
      const founder = await small.signUp();
      const tokenOf = async (name: string) =>
        (await answerOf('POST /api/tokens', small.request('/api/tokens', { method: 'POST', cookie: founder.cookie, json: { name, scopes: ['read'] } }))).token;
      const busy = await tokenOf('busy');
      const calm = await tokenOf('calm');
      const read = (token: string) => small.request('/api/tasks', { headers: { authorization: `Bearer ${token}` } });
      let refused: Response | undefined;
      for (let attempt = 0; attempt < 30 && !refused; attempt++) {
        const response = await read(busy);
        if (response.status === 429) refused = response;
        else expect(response.status).toBe(200);
      }
      expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await read(calm)).status).toBe(200);
      expect((await small.request('/api/tasks', { cookie: founder.cookie })).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('follows the founder’s tier: a free founder’s token gets 403 PREMIUM_REQUIRED on Premium reads', async () => {
    const founder = await t.signUp();
    const token = await createToken(founder.cookie, { name: 'tier', scopes: ['read'] });
    const response = await withToken(token.token, '/api/metrics/benchmarks');
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('PREMIUM_REQUIRED');
  });

  it('stops at once for a suspended founder, and for a deleted one', async () => {
    const admin = await signUpAdmin(t);
    const founder = await t.signUp();
    const token = await createToken(founder.cookie, { name: 'doomed', scopes: ['read'] });
    expect((await withToken(token.token, '/api/tasks')).status).toBe(200);
    const suspend = await t.request(`/api/admin/users/${founder.user.id}/status`, { method: 'PUT', cookie: admin.jar.header, json: { status: 'suspended' } });
    expect(suspend.status).toBe(200);
    expect((await withToken(token.token, '/api/tasks')).status).toBe(401);
    await t.request(`/api/admin/users/${founder.user.id}/status`, { method: 'PUT', cookie: admin.jar.header, json: { status: 'active' } });
    expect((await withToken(token.token, '/api/tasks')).status).toBe(200);

    const leaver = await t.signUp();
    const leaverToken = await createToken(leaver.cookie, { name: 'gone', scopes: ['read'] });
    expect((await withToken(leaverToken.token, '/api/tasks')).status).toBe(200);
    expect((await t.request('/api/account/delete', { method: 'POST', cookie: leaver.cookie, json: { email: leaver.email } })).status).toBe(200);
    expect((await withToken(leaverToken.token, '/api/tasks')).status).toBe(401);
  });
});
