import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { askForMagicLink, auditRows, errorOf, mailsTo, signUpAdmin } from './support/accounts.ts';
import { createTestApp, sessionCookie, TEST_USER_AGENT } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * The admin Users section's API (decision 024): find accounts by e-mail with their role
 * and status; suspend and reactivate founders (audited, 10 an hour). Suspension ends every
 * session at once and refuses sign-in, with a clear answer, until reactivation.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Listed = { id: string; email: string; fullName: string | null; role: string; status: string; createdAt: string };
const list = async (cookie: string, query = '') => t.request(`/api/admin/users${query}`, { cookie });
const setStatus = (cookie: string, userId: string, status: string) => t.request(`/api/admin/users/${userId}/status`, { method: 'PUT', cookie, json: { status } });
const signIn = (email: string, password = 'correct horse battery') => t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

describe('GET /api/admin/users', () => {
  it('lists accounts newest first with role and status, and finds them by part of the e-mail', async () => {
    const boss = await signUpAdmin(t);
    const tag = `find${Date.now()}`;
    const older = await t.signUp({ email: `${tag}-older@example.com`, name: 'Olga Older' });
    const newer = await t.signUp({ email: `${tag}-NEWER@example.com` });
    const response = await list(boss.cookie, `?search=${tag.toUpperCase()}`);
    expect(response.status).toBe(200);
    const found = ((await response.json()) as { users: Listed[] }).users;
    expect(found.map((user) => user.id)).toEqual([newer.user.id, older.user.id]);
    expect(found[1]).toMatchObject({ email: older.email, fullName: 'Olga Older', role: 'user', status: 'active' });

    const everyone = (await answerOf('GET /api/admin/users', list(boss.cookie, '?limit=100'))).users;
    expect(everyone.find((user) => user.id === boss.user.id)).toMatchObject({ role: 'admin' });
    // A % typed in the search is a character, not "anything".
    expect((await answerOf('GET /api/admin/users', list(boss.cookie, '?search=%25'))).users).toEqual([]);
    expect((await list(boss.cookie, '?limit=0')).status).toBe(400);
  });

  it('is for admins only', async () => {
    const founder = await t.signUp();
    const response = await list(founder.cookie);
    expect(response.status).toBe(403);
    expect((await errorOf(response)).code).toBe('FORBIDDEN');
    expect((await t.request('/api/admin/users')).status).toBe(401);
  });
});

describe('suspending a founder', () => {
  it('ends every session at once, refuses sign-in with a clear answer, and sends no e-mail', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    const otherSession = await t.signIn(founder.email);
    // Both sessions are in the session cache.
    for (const cookie of [founder.cookie, otherSession]) expect((await t.request('/api/me', { cookie })).status).toBe(200);

    const suspended = await setStatus(boss.cookie, founder.user.id, 'suspended');
    expect(suspended.status).toBe(200);
    expect(await suspended.json()).toEqual({ userId: founder.user.id, status: 'suspended', changed: true });
    for (const cookie of [founder.cookie, otherSession]) expect((await t.request('/api/me', { cookie })).status).toBe(401);

    const refused = await signIn(founder.email);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: 'Your account has been suspended. Please contact support.' });
    expect(refused.headers.getSetCookie().join(';')).not.toContain('session_token=');
    // A wrong password still gets the ordinary answer: suspension is only told to the account's owner.
    expect((await signIn(founder.email, 'not the password')).status).toBe(401);
    // Links are answered as always, but none is sent.
    expect((await askForMagicLink(t, founder.email)).status).toBe(200);
    expect(await mailsTo(t, founder.email, await t.signUp())).toBe(1); // the sign-up confirmation only

    const [row] = await auditRows(t, 'security_user_suspended', founder.user.id);
    expect(row).toMatchObject({ adminId: boss.user.id });
    expect(row!.details).toMatchObject({ from: 'active', to: 'suspended', userAgent: TEST_USER_AGENT });
    const listed = await answerOf('GET /api/admin/users', list(boss.cookie, `?search=${encodeURIComponent(founder.email)}`));
    expect(listed.users[0]?.status).toBe('suspended');
  });

  it('reactivation lets the founder sign in again, audited; repeating a status changes nothing', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    await setStatus(boss.cookie, founder.user.id, 'suspended');
    expect(await (await setStatus(boss.cookie, founder.user.id, 'suspended')).json()).toMatchObject({ changed: false });
    const reactivated = await setStatus(boss.cookie, founder.user.id, 'active');
    expect(await reactivated.json()).toEqual({ userId: founder.user.id, status: 'active', changed: true });
    expect((await signIn(founder.email)).status).toBe(200);
    expect(await auditRows(t, 'security_user_suspended', founder.user.id)).toHaveLength(1);
    const [row] = await auditRows(t, 'security_user_reactivated', founder.user.id);
    expect(row!.details).toMatchObject({ from: 'suspended', to: 'active' });
  });

  it('a magic link sent before the suspension leads to a page that says so', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    await askForMagicLink(t, founder.email);
    const link = new URL(await t.outbox.link(founder.email, 'magic-link'));
    await setStatus(boss.cookie, founder.user.id, 'suspended');
    const opened = await t.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe(`${t.env.appUrl}/auth/callback?error=ACCOUNT_SUSPENDED`);
    expect(sessionCookie(opened)).not.toContain('session_token=');
  });

  it('ends an admin’s view of that founder too', async () => {
    const boss = await signUpAdmin(t);
    const viewer = await signUpAdmin(t);
    const founder = await t.signUp();
    const started = await t.request('/api/impersonation', { method: 'POST', cookie: viewer.jar.header, json: { targetUserId: founder.user.id } });
    expect(started.status).toBe(201);
    const viewing = viewer.jar.take(started);
    await setStatus(boss.cookie, founder.user.id, 'suspended');
    expect((await t.request('/api/me', { cookie: viewing.header })).status).toBe(401);
    const [row] = await auditRows(t, 'security_impersonation_ended', founder.user.id);
    expect(row!.details).toMatchObject({ reason: 'account-suspended' });
  });

  it('refuses oneself, other admins, unknown and deleted accounts, a bad status, and founders', async () => {
    const boss = await signUpAdmin(t);
    const otherAdmin = await signUpAdmin(t);
    const founder = await t.signUp();
    expect((await setStatus(boss.cookie, boss.user.id, 'suspended')).status).toBe(403);
    const toAdmin = await setStatus(boss.cookie, otherAdmin.user.id, 'suspended');
    expect(await errorOf(toAdmin)).toMatchObject({ code: 'FORBIDDEN', message: 'An admin account cannot be suspended.' });
    expect((await setStatus(boss.cookie, 'no-such-user', 'suspended')).status).toBe(404);
    expect((await setStatus(boss.cookie, founder.user.id, 'deleted')).status).toBe(400);
    // A founder cannot suspend anyone, not even another founder.
    const victim = await t.signUp();
    expect((await setStatus(founder.cookie, victim.user.id, 'suspended')).status).toBe(403);
    expect((await t.request('/api/me', { cookie: victim.cookie })).status).toBe(200);

    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, founder.user.id));
    const deleted = await setStatus(boss.cookie, founder.user.id, 'active');
    expect(await errorOf(deleted)).toMatchObject({ code: 'FORBIDDEN', message: 'A deleted account cannot be changed.' });
  });

  it('allows 10 status changes an hour per admin, then 429 with Retry-After', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    for (let change = 0; change < 10; change++) {
      const response = await setStatus(boss.cookie, founder.user.id, change % 2 ? 'active' : 'suspended');
      expect(response.status).toBe(200);
    }
    const eleventh = await setStatus(boss.cookie, founder.user.id, 'suspended');
    expect(eleventh.status).toBe(429);
    expect((await errorOf(eleventh)).code).toBe('RATE_LIMITED');
    expect(Number(eleventh.headers.get('retry-after'))).toBeGreaterThan(55 * 60);
  });
});
