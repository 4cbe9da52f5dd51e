import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authSessions, users } from '../../src/server/db/schema/index.ts';
import { auditRows, errorOf, signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * The admin's validity poll, GET /api/session/admin (docs/decisions/186-admin-session-check.md):
 * still an admin, account active, not idle 30 minutes; a failure ends the session with
 * 'Session terminated' and is audited. Admin activity is written at most every 10 minutes.
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

const poll = (cookie: string) => t.request('/api/session/admin', { cookie });
const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
const sessionRow = async (cookie: string) => (await t.db.select().from(authSessions).where(eq(authSessions.token, tokenOf(cookie))))[0];

async function expectTerminated(cookie: string, userId: string, reason: string) {
  const response = await poll(cookie);
  expect(response.status).toBe(401);
  expect(await errorOf(response)).toEqual({ code: 'SESSION_TERMINATED', message: 'Security violation detected. Please sign in again.', details: { reason } });
  expect(await sessionRow(cookie)).toBeUndefined();
  // Any other tab of the same browser hears the same reason on its next call.
  const next = await t.request('/api/me', { cookie });
  expect(next.status).toBe(401);
  expect((await errorOf(next)).code).toBe('SESSION_TERMINATED');
  const audited = await auditRows(t, 'security_admin_session_terminated', userId);
  expect(audited[0]?.details).toMatchObject({ reason });
}

describe('the admin validity check', () => {
  it('answers 200 for an admin who is still an admin, active and at work', async () => {
    const admin = await signUpAdmin(t);
    const response = await poll(admin.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ valid: true, role: 'admin', pollIntervalMs: 2 * MINUTE });
  });

  it("refuses a founder's session (403) and ends nothing", async () => {
    const founder = await t.signUp();
    const response = await poll(founder.cookie);
    expect(response.status).toBe(403);
    expect((await t.request('/api/me', { cookie: founder.cookie })).status).toBe(200);
    expect((await poll('')).status).toBe(401);
  });

  it('ends the session of an admin whose role was removed', async () => {
    const boss = await signUpAdmin(t);
    const demoted = await signUpAdmin(t);
    expect((await poll(demoted.cookie)).status).toBe(200);
    const change = await t.request(`/api/admin/users/${demoted.user.id}/role`, { method: 'PUT', cookie: boss.cookie, json: { role: 'user' } });
    expect(change.status).toBe(200);
    await expectTerminated(demoted.cookie, demoted.user.id, 'not-admin');
    // The admin who made the change is untouched.
    expect((await poll(boss.cookie)).status).toBe(200);
  });

  it('ends the session of an admin whose account was suspended', async () => {
    const admin = await signUpAdmin(t);
    // Twice: on PostgreSQL the sign-up's own invalidations arrive through the bus a moment
    // later, and a session loaded while one is in flight is not kept; the second load is.
    expect((await poll(admin.cookie)).status).toBe(200);
    expect((await poll(admin.cookie)).status).toBe(200);
    // Suspended outside the admin area (the command line, another instance's write): read fresh, not from a cache.
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, admin.user.id));
    await expectTerminated(admin.cookie, admin.user.id, 'suspended');
  });

  it('ends the session of an admin idle for 30 minutes, however often the open tab polls', async () => {
    const admin = await signUpAdmin(t);
    // The session's row was written after the test's clock was set: start from now.
    clock = Date.now();
    expect((await t.request('/api/admin/overview', { cookie: admin.cookie })).status).toBe(200);
    for (let check = 0; check < 14; check++) {
      clock += 2 * MINUTE;
      expect((await poll(admin.cookie)).status).toBe(200);
    }
    clock += 2 * MINUTE + 1;
    const idle = await poll(admin.cookie);
    expect(idle.status).toBe(401);
    expect(await errorOf(idle)).toMatchObject({ code: 'SESSION_TERMINATED', details: { reason: 'idle' } });
    expect(await sessionRow(admin.cookie)).toBeUndefined();
  });
});

describe('admin activity', () => {
  it('is written at most every 10 minutes, and activity between two writes still counts', async () => {
    const admin = await signUpAdmin(t);
    clock = Date.now();
    expect((await t.request('/api/admin/overview', { cookie: admin.cookie })).status).toBe(200);
    const written = (await sessionRow(admin.cookie))!.updatedAt.getTime();
    for (const minutes of [1, 4, 4]) {
      clock += minutes * MINUTE;
      expect((await t.request('/api/admin/overview', { cookie: admin.cookie })).status).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await sessionRow(admin.cookie))!.updatedAt.getTime()).toBe(written);

    // A write drops the cached session; the minute-9 activity is not forgotten with it.
    expect((await t.request('/api/me', { method: 'PATCH', cookie: admin.cookie, json: { preferredLanguage: 'en' } })).status).toBe(200);
    clock += 25 * MINUTE;
    expect((await poll(admin.cookie)).status).toBe(200);

    clock += 2 * MINUTE;
    expect((await t.request('/api/admin/overview', { cookie: admin.cookie })).status).toBe(200);
    await expect.poll(async () => (await sessionRow(admin.cookie))!.updatedAt.getTime()).toBe(clock);
  });

  it('follows the configured limits (tests run them shorter)', async () => {
    let shortClock = Date.now();
    const short = await createTestApp({}, { now: () => shortClock, adminSessions: { idleMs: 5 * MINUTE, activityWriteMs: MINUTE } });
    try {
      const admin = await signUpAdmin(short);
      shortClock = Date.now();
      expect((await short.request('/api/admin/overview', { cookie: admin.cookie })).status).toBe(200);
      shortClock += 4 * MINUTE;
      expect((await short.request('/api/session/admin', { cookie: admin.cookie })).status).toBe(200);
      shortClock += MINUTE + 1;
      const idle = await short.request('/api/session/admin', { cookie: admin.cookie });
      expect(await errorOf(idle)).toMatchObject({ code: 'SESSION_TERMINATED', details: { reason: 'idle' } });
    } finally {
      await short.close();
    }
  });
});
