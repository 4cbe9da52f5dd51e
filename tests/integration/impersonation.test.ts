import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authSessions, users } from '../../src/server/db/schema/index.ts';
import { endExpiredImpersonations } from '../../src/server/auth/impersonation.ts';
import { assignRole } from '../../src/server/platform/roles.ts';
import { auditRows as auditRowsOf, errorOf, signUpAdmin } from './support/accounts.ts';
import { CookieJar } from './support/cookie-jar.ts';
import { createTestApp, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * An admin's "view as" (docs/product.md#impersonation, decision 023): admins only, never of an admin,
 * from a fresh session, 3 an hour, at most 60 minutes, audited at start and at end, read
 * only, and it leaves the founder's own sessions and the session rules alone.
 */

const MINUTE = 60_000;
let clock = Date.now();
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
});
afterAll(() => t.close());
beforeEach(() => {
  clock = Date.now();
});

const admin = () => signUpAdmin(t);
const auditRows = (actionType: string, targetUserId: string) => auditRowsOf(t, actionType, targetUserId);

const start = (jar: CookieJar, json: Record<string, unknown>) => t.request('/api/impersonation', { method: 'POST', cookie: jar.header, json });
const stop = (jar: CookieJar) => t.request('/api/impersonation', { method: 'DELETE', cookie: jar.header });
const me = async (jar: CookieJar) => t.request('/api/me', { cookie: jar.header });

/** Starts viewing as `target`; the jar then holds what the admin's browser holds. */
async function viewAs(boss: { jar: CookieJar }, targetUserId: string) {
  const response = await start(boss.jar, { targetUserId });
  expect(response.status, await response.clone().text()).toBe(201);
  boss.jar.take(response);
  return response;
}

/** The newest `security_impersonation_ended` row of the founder says why. */
async function expectEnded(founderId: string, reason: string) {
  const [row] = await auditRows('security_impersonation_ended', founderId);
  expect(row!.details).toMatchObject({ reason });
}

/** An admin already viewing the app as a new founder. */
async function adminViewingFounder() {
  const boss = await admin();
  const founder = await t.signUp();
  await viewAs(boss, founder.user.id);
  return { boss, founder };
}

describe('who may start it', () => {
  it('refuses founders (403 FORBIDDEN) and strangers (401)', async () => {
    const founder = await t.signUp();
    const other = await t.signUp();
    const refused = await t.request('/api/impersonation', { method: 'POST', cookie: founder.cookie, json: { targetUserId: other.user.id } });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('FORBIDDEN');
    expect((await t.request('/api/impersonation', { method: 'POST', json: { targetUserId: other.user.id } })).status).toBe(401);
    expect(await auditRows('security_impersonation_started', other.user.id)).toHaveLength(0);
  });

  it('refuses another admin as the target, an unknown user and a bad body', async () => {
    const boss = await admin();
    const otherAdmin = await admin();
    const toAdmin = await start(boss.jar, { targetUserId: otherAdmin.user.id });
    expect(toAdmin.status).toBe(403);
    expect(await errorOf(toAdmin)).toMatchObject({ code: 'FORBIDDEN', message: 'An admin cannot be impersonated.' });
    expect((await start(boss.jar, { targetUserId: boss.user.id })).status).toBe(403);
    expect((await start(boss.jar, { targetUserId: 'no-such-user' })).status).toBe(404);
    expect((await start(boss.jar, { userId: 'x' })).status).toBe(400);
  });
});

describe('viewing as a founder', () => {
  it('answers the grant, shows the founder’s data everywhere, and audits the start', async () => {
    const boss = await admin();
    const founder = await t.signUp({ name: 'Fernanda Founder' });
    const response = await viewAs(boss, founder.user.id);
    const grant = (await response.json()) as Record<string, string>;
    expect(grant).toEqual({
      adminUserId: boss.user.id,
      targetUserId: founder.user.id,
      targetUserRole: 'user',
      startedAt: new Date(clock).toISOString(),
      expiresAt: new Date(clock + 60 * MINUTE).toISOString(),
    });

    const profile = await answerOf('GET /api/me', me(boss.jar));
    expect(profile).toMatchObject({ id: founder.user.id, email: founder.email, role: 'user' });
    const session = await answerOf('GET /api/session', t.request('/api/session', { cookie: boss.jar.header }));
    expect(session).toMatchObject({ role: 'user', pollIntervalMs: 2 * MINUTE, impersonation: { adminUserId: boss.user.id, targetUserId: founder.user.id } });
    const authSession = (await (await t.request('/api/auth/get-session', { cookie: boss.jar.header })).json()) as { user: { id: string }; session: { impersonatedBy: string } };
    expect(authSession).toMatchObject({ user: { id: founder.user.id }, session: { impersonatedBy: boss.user.id } });
    // Admin pages are the admin's, not the founder's view's.
    expect((await t.request('/api/admin/overview', { cookie: boss.jar.header })).status).toBe(403);

    const [row] = await auditRows('security_impersonation_started', founder.user.id);
    expect(row).toMatchObject({ adminId: boss.user.id, targetUserId: founder.user.id });
    expect(row!.details).toMatchObject({ freshness: 'recent-sign-in', targetRole: 'user', userAgent: TEST_USER_AGENT, origin: TEST_ORIGIN, expiresAt: grant.expiresAt });
  });

  it('is read only: a write is refused and changes nothing', async () => {
    const boss = await admin();
    const founder = await t.signUp({ name: 'Fernanda Founder' });
    await viewAs(boss, founder.user.id);
    const patch = await t.request('/api/me', { method: 'PATCH', cookie: boss.jar.header, json: { nickname: 'changed by the admin' } });
    expect(patch.status).toBe(403);
    expect((await errorOf(patch)).code).toBe('IMPERSONATION_READ_ONLY');
    const twoFactor = await t.request('/api/auth/two-factor/enable', { method: 'POST', cookie: boss.jar.header, json: { password: 'correct horse battery' } });
    expect(twoFactor.status).toBe(403);
    const [row] = await t.db.select({ nickname: users.nickname }).from(users).where(eq(users.id, founder.user.id));
    expect(row!.nickname).toBeNull();
  });

  it('stops: back to the admin’s own view, audited, and the founder’s view is gone', async () => {
    const { boss, founder } = await adminViewingFounder();
    const viewing = new CookieJar(boss.jar.header);

    const stopped = await stop(boss.jar);
    expect(stopped.status, await stopped.clone().text()).toBe(200);
    expect(await stopped.json()).toMatchObject({ adminUserId: boss.user.id, targetUserId: founder.user.id });
    boss.jar.take(stopped);
    expect(boss.jar.has('admin_session')).toBe(false);
    const profile = await answerOf('GET /api/me', me(boss.jar));
    expect(profile).toMatchObject({ id: boss.user.id, role: 'admin' });
    expect((await t.request('/api/admin/overview', { cookie: boss.jar.header })).status).toBe(200);

    // The founder's view was a session of its own, now ended.
    expect((await me(viewing)).status).toBe(401);
    const [row] = await auditRows('security_impersonation_ended', founder.user.id);
    expect(row).toMatchObject({ adminId: boss.user.id });
    expect(row!.details).toMatchObject({ reason: 'stopped', userAgent: TEST_USER_AGENT });
    // Nothing left to stop.
    expect((await stop(boss.jar)).status).toBe(404);
  });

  it('signing out while viewing ends the impersonation and the admin’s session', async () => {
    const { boss, founder } = await adminViewingFounder();
    const signOut = await t.request('/api/auth/sign-out', { method: 'POST', cookie: boss.jar.header, json: {} });
    expect(signOut.status).toBe(200);
    expect((await me(boss.jar)).status).toBe(401);
    expect((await me(new CookieJar(boss.cookie))).status).toBe(401);
    await expectEnded(founder.user.id, 'signed-out');
  });
});

describe('a fresh admin session', () => {
  it('after 10 minutes asks for the password, and a wrong one starts nothing', async () => {
    const boss = await admin();
    const founder = await t.signUp();
    clock += 11 * MINUTE;
    const stale = await start(boss.jar, { targetUserId: founder.user.id });
    expect(stale.status).toBe(403);
    expect((await errorOf(stale)).code).toBe('REAUTHENTICATION_REQUIRED');
    const wrong = await start(boss.jar, { targetUserId: founder.user.id, password: 'not my password' });
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toMatchObject({ code: 'REAUTHENTICATION_REQUIRED', details: { reason: 'wrong-password' } });
    expect(await auditRows('security_impersonation_started', founder.user.id)).toHaveLength(0);

    const confirmed = await start(boss.jar, { targetUserId: founder.user.id, password: boss.password });
    expect(confirmed.status).toBe(201);
    const [row] = await auditRows('security_impersonation_started', founder.user.id);
    expect(row!.details).toMatchObject({ freshness: 'password' });
  });
});

describe('limits and lifetime', () => {
  it('allows 3 starts an hour per admin, then 429 with Retry-After', async () => {
    const boss = await admin();
    const founder = await t.signUp();
    for (let attempt = 0; attempt < 3; attempt++) {
      await viewAs(boss, founder.user.id);
      boss.jar.take(await stop(boss.jar));
    }
    const fourth = await start(boss.jar, { targetUserId: founder.user.id });
    expect(fourth.status).toBe(429);
    expect((await errorOf(fourth)).code).toBe('RATE_LIMITED');
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
    expect(await auditRows('security_impersonation_started', founder.user.id)).toHaveLength(3);
  });

  it('ends by itself after 60 minutes, audited, and the admin comes back to their view', async () => {
    const { boss, founder } = await adminViewingFounder();
    // The admin keeps working in the founder's view (admins end after 30 idle minutes).
    for (const step of [20, 20, 15]) {
      clock += step * MINUTE;
      expect((await me(boss.jar)).status).toBe(200);
    }
    clock += 6 * MINUTE;
    const ended = await me(boss.jar);
    expect(ended.status).toBe(401);
    expect((await errorOf(ended)).code).toBe('IMPERSONATION_ENDED');
    await expectEnded(founder.user.id, 'expired');

    const back = await stop(boss.jar);
    expect(back.status, await back.clone().text()).toBe(200);
    boss.jar.take(back);
    // Active until minute 55 in the founder's view, so the admin session is not idle.
    expect(await answerOf('GET /api/me', me(boss.jar))).toMatchObject({ id: boss.user.id });
    expect(await auditRows('security_impersonation_ended', founder.user.id)).toHaveLength(1);
  });

  it('is held to the admin idle rule: 30 idle minutes end it', async () => {
    const { boss, founder } = await adminViewingFounder();
    clock += 31 * MINUTE;
    const idle = await me(boss.jar);
    expect((await errorOf(idle)).code).toBe('IMPERSONATION_ENDED');
    await expectEnded(founder.user.id, 'idle');
  });

  it('an impersonation nobody returns to is ended and audited by the expiry sweep', async () => {
    const { boss, founder } = await adminViewingFounder();
    expect(await endExpiredImpersonations(t.db, t.deps.bus, new Date())).toBe(0);
    expect(await endExpiredImpersonations(t.db, t.deps.bus, new Date(Date.now() + 61 * MINUTE))).toBeGreaterThanOrEqual(1);
    await expectEnded(founder.user.id, 'expired');
    // The browser learns it ended, and may go back.
    expect((await errorOf(await t.request('/api/session', { cookie: boss.jar.header }))).code).toBe('IMPERSONATION_ENDED');
  });

  it('ends at once when the admin stops being an admin', async () => {
    const { boss, founder } = await adminViewingFounder();
    expect((await me(boss.jar)).status).toBe(200);
    await assignRole(t.db, t.deps.bus, { userId: boss.user.id, role: 'user', assignedBy: null, via: 'test' });
    expect((await errorOf(await me(boss.jar))).code).toBe('IMPERSONATION_ENDED');
    await expectEnded(founder.user.id, 'admin-role-removed');
  });
});

describe('the session rules', () => {
  it('neither counts toward nor ends the founder’s own 3 sessions', async () => {
    const boss = await admin();
    const founder = await t.signUp();
    const second = await t.signIn(founder.email);
    const third = await t.signIn(founder.email);
    await viewAs(boss, founder.user.id);
    for (const cookie of [founder.cookie, second, third]) expect((await t.request('/api/me', { cookie })).status).toBe(200);

    // A fourth sign-in of the founder ends the founder's oldest, not the admin's view.
    await t.signIn(founder.email);
    expect((await t.request('/api/me', { cookie: founder.cookie })).status).toBe(401);
    expect((await me(boss.jar)).status).toBe(200);
    const rows = await t.db.select().from(authSessions).where(eq(authSessions.userId, founder.user.id));
    expect(rows.filter((row) => row.impersonatedBy === null)).toHaveLength(3);
  });

  it('is bound to the admin’s browser: another one presenting it ends it', async () => {
    const { boss, founder } = await adminViewingFounder();
    const stolen = await t.request('/api/me', { cookie: boss.jar.header, headers: { 'user-agent': 'Thief/1.0' } });
    expect((await errorOf(stolen)).code).toBe('SESSION_TERMINATED');
    await expectEnded(founder.user.id, 'fingerprint-mismatch');
  });
});
