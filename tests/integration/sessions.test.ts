import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLogs, authSessions } from '../../src/server/db/schema/index.ts';
import { grantAdminByEmail } from '../../src/server/platform/roles.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';

/**
 * Sessions (docs/product.md#sessions): bound to the browser's user agent, 8 hours at most, admins end
 * after 30 idle minutes, at most 3 per founder; sign-out, revocation and role changes
 * take effect on the very next request although sessions are cached (fast path).
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

type ErrorJson = { error: { code: string; message: string } };

async function errorOf(response: Response) {
  return ((await response.json()) as ErrorJson).error;
}

describe('a session is bound to its browser', () => {
  it('ends the session when another browser presents its cookie, and audits it', async () => {
    const { cookie, user } = await t.signUp();
    expect((await t.request('/api/me', { cookie })).status).toBe(200);

    const stolen = await t.request('/api/me', { cookie, headers: { 'user-agent': 'curl/8.0 (elsewhere)' } });
    expect(stolen.status).toBe(401);
    expect(await errorOf(stolen)).toEqual({
      code: 'SESSION_TERMINATED',
      message: 'Security violation detected. Please sign in again.',
    });
    // Ended for the rightful browser too, which is told why and must sign in again.
    const after = await t.request('/api/session', { cookie });
    expect(after.status).toBe(401);
    expect((await errorOf(after)).code).toBe('SESSION_TERMINATED');

    const rows = await t.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actionType, 'security_session_fingerprint_mismatch'), eq(auditLogs.targetUserId, user.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ userAgent: 'curl/8.0 (elsewhere)', origin: TEST_ORIGIN, path: '/api/me' });
    expect(typeof (rows[0]!.details as { timestamp: unknown }).timestamp).toBe('string');
  });

  it("applies to Better Auth's own routes: get-session answers signed out", async () => {
    const { cookie } = await t.signUp();
    const stolen = await t.request('/api/auth/get-session', { cookie, headers: { 'user-agent': 'OtherBrowser/2.0' } });
    expect(stolen.status).toBe(200);
    expect(await stolen.json()).toBeNull();
    const own = await t.request('/api/auth/get-session', { cookie });
    expect(await own.json()).toBeNull();
  });
});

describe('a browser told it is signed out while it still holds a cookie', () => {
  it('is reported in the server log with the rule that ended its session', async () => {
    const warnings: { fields: Record<string, unknown>; message: string }[] = [];
    const spy = vi.spyOn(t.deps.logger, 'warn').mockImplementation(((fields: Record<string, unknown>, message: string) => {
      warnings.push({ fields, message });
    }) as never);
    try {
      const { cookie } = await t.signUp();
      // A session that is fine is not reported.
      expect(await (await t.request('/api/auth/get-session', { cookie })).json()).not.toBeNull();
      expect(warnings.filter((w) => w.message === 'a session cookie was answered as signed out')).toEqual([]);

      await t.request('/api/me', { cookie, headers: { 'user-agent': 'OtherBrowser/3.0' } });
      expect(await (await t.request('/api/auth/get-session', { cookie })).json()).toBeNull();
      expect(warnings.filter((w) => w.message === 'a session cookie was answered as signed out').map((w) => w.fields)).toEqual([
        expect.objectContaining({ guard: 'ended', reason: 'fingerprint-mismatch', rowExists: false }),
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('session age', () => {
  it('ends any session 8 hours after sign-in, even one served from the cache', async () => {
    const { cookie } = await t.signUp();
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    clock += 7 * 60 * MINUTE + 59 * MINUTE;
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    clock += 2 * MINUTE;
    const expired = await t.request('/api/me', { cookie });
    expect(expired.status).toBe(401);
    expect(await errorOf(expired)).toEqual({ code: 'SESSION_EXPIRED', message: 'Please sign in again for security.' });
    const [row] = await t.db.select().from(authSessions).where(eq(authSessions.token, cookie.split('=')[1]!.split('.')[0]!));
    expect(row).toBeUndefined();
  });

  it('ends an admin session after 30 idle minutes, but not while the admin is active', async () => {
    const admin = await t.signUp();
    await grantAdminByEmail(t.db, t.deps.bus, admin.email, 'test');
    for (let step = 0; step < 4; step++) {
      clock += 25 * MINUTE;
      expect((await t.request('/api/admin/overview', { cookie: admin.cookie })).status).toBe(200);
    }
    clock += 31 * MINUTE;
    const idle = await t.request('/api/me', { cookie: admin.cookie });
    expect(idle.status).toBe(401);
    expect((await errorOf(idle)).code).toBe('SESSION_EXPIRED');
  });

  it("ends an idle admin's session even while an open tab polls its validity", async () => {
    const admin = await t.signUp();
    await grantAdminByEmail(t.db, t.deps.bus, admin.email, 'test');
    expect((await t.request('/api/admin/overview', { cookie: admin.cookie })).status).toBe(200);
    // The browser checks every 2 minutes for an admin; nobody touches the app.
    for (let poll = 0; poll < 15; poll++) {
      clock += 2 * MINUTE;
      expect((await t.request('/api/session', { cookie: admin.cookie })).status).toBe(200);
    }
    clock += 2 * MINUTE;
    const idle = await t.request('/api/session', { cookie: admin.cookie });
    expect(idle.status).toBe(401);
    expect((await errorOf(idle)).code).toBe('SESSION_EXPIRED');
  });

  it('lets an ordinary founder stay idle longer than 30 minutes', async () => {
    const { cookie } = await t.signUp();
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    clock += 3 * 60 * MINUTE;
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });
});

describe('concurrent sessions', () => {
  it('keeps at most 3 per founder, ending the oldest', async () => {
    const founder = await t.signUp();
    const newer = [];
    for (let index = 0; index < 3; index++) newer.push(await t.signIn(founder.email));
    const oldest = await t.request('/api/me', { cookie: founder.cookie });
    expect(oldest.status).toBe(401);
    for (const cookie of newer) expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const rows = await t.db.select().from(authSessions).where(eq(authSessions.userId, founder.user.id));
    expect(rows).toHaveLength(3);
  });
});

describe('the cache never outlives a change', () => {
  it('refuses a cached session right after sign-out', async () => {
    const { cookie } = await t.signUp();
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
    const out = await t.request('/api/auth/sign-out', { method: 'POST', cookie });
    expect(out.status).toBe(200);
    expect((await t.request('/api/me', { cookie })).status).toBe(401);
  });

  it('refuses a cached session right after it is revoked from another device', async () => {
    const founder = await t.signUp();
    const laptop = await t.signIn(founder.email);
    expect((await t.request('/api/me', { cookie: laptop })).status).toBe(200);
    const revoked = await t.request('/api/auth/revoke-other-sessions', { method: 'POST', cookie: founder.cookie, json: {} });
    expect(revoked.status).toBe(200);
    expect((await t.request('/api/me', { cookie: laptop })).status).toBe(401);
    expect((await t.request('/api/me', { cookie: founder.cookie })).status).toBe(200);
  });

  it('applies a role change on the next request, with the admin poll interval', async () => {
    const founder = await t.signUp();
    const before = await t.request('/api/session', { cookie: founder.cookie });
    expect(await before.json()).toMatchObject({ valid: true, role: 'user', pollIntervalMs: 5 * MINUTE });
    expect((await t.request('/api/admin/overview', { cookie: founder.cookie })).status).toBe(403);

    await grantAdminByEmail(t.db, t.deps.bus, founder.email, 'test');
    expect((await t.request('/api/admin/overview', { cookie: founder.cookie })).status).toBe(200);
    expect((await (await t.request('/api/me', { cookie: founder.cookie })).json()).role).toBe('admin');
    const after = await t.request('/api/session', { cookie: founder.cookie });
    expect(await after.json()).toMatchObject({ valid: true, role: 'admin', pollIntervalMs: 2 * MINUTE });
  });

  it('shows a profile change on the next read although profiles are cached', async () => {
    const { cookie } = await t.signUp();
    expect((await (await t.request('/api/me', { cookie })).json()).preferredLanguage).toBe('en');
    await t.request('/api/me', { method: 'PATCH', cookie, json: { preferredLanguage: 'es-LA' } });
    expect((await (await t.request('/api/me', { cookie })).json()).preferredLanguage).toBe('es-LA');
  });

  it('answers the validity poll with 401 once the session is gone', async () => {
    const { cookie } = await t.signUp();
    expect((await t.request('/api/session', { cookie })).status).toBe(200);
    await t.request('/api/auth/sign-out', { method: 'POST', cookie });
    const poll = await t.request('/api/session', { cookie });
    expect(poll.status).toBe(401);
    expect((await t.request('/api/session')).status).toBe(401);
  });
});

describe('cookies', () => {
  it('are HttpOnly and SameSite=Lax', async () => {
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: `cookie-${Date.now()}@example.com`, password: 'long enough pass', name: 'C', termsAccepted: true },
    });
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('rumbo.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie(response)).toContain('rumbo.session_token=');
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('are also Secure when the app is served over https', async () => {
    const secure = await createTestApp({ APP_URL: 'https://rumbo.example' });
    try {
      const response = await secure.request('/api/auth/sign-up/email', {
        method: 'POST',
        headers: { origin: 'https://rumbo.example' },
        json: { email: `secure-${Date.now()}@example.com`, password: 'long enough pass', name: 'C', termsAccepted: true },
      });
      expect(response.status).toBe(200);
      const cookie = response.headers.getSetCookie().find((value) => value.includes('session_token='));
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
    } finally {
      await secure.close();
    }
  });
});

describe('CSRF: state-changing requests must come from our origin', () => {
  it('refuses a write from another site and changes nothing', async () => {
    const { cookie } = await t.signUp();
    const attacks: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: '', referer: 'https://evil.example/page' },
      { origin: '', 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of attacks) {
      const clean = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ''));
      const response = await t.app.request('/api/me', {
        method: 'PATCH',
        headers: { cookie, 'user-agent': TEST_USER_AGENT, 'content-type': 'application/json', ...clean },
        body: JSON.stringify({ preferredLanguage: 'es-LA' }),
      });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect((await errorOf(response)).code).toBe('FORBIDDEN');
    }
    expect((await (await t.request('/api/me', { cookie })).json()).preferredLanguage).toBe('en');
  });

  it('accepts our origin, and a script that sends no browser headers', async () => {
    const { cookie } = await t.signUp();
    expect((await t.request('/api/me', { method: 'PATCH', cookie, json: { preferredLanguage: 'es-LA' } })).status).toBe(200);
    const script = await t.app.request('/api/me', {
      method: 'PATCH',
      headers: { cookie, 'user-agent': TEST_USER_AGENT, 'content-type': 'application/json' },
      body: JSON.stringify({ preferredLanguage: 'en' }),
    });
    expect(script.status).toBe(200);
  });

  it('leaves reads alone and guards Better Auth\'s writes too (a forged sign-out does nothing)', async () => {
    const { cookie } = await t.signUp();
    expect((await t.request('/api/me', { cookie, headers: { origin: 'https://evil.example' } })).status).toBe(200);
    const signOut = await t.request('/api/auth/sign-out', { method: 'POST', cookie, headers: { origin: 'https://evil.example' } });
    expect(signOut.status).toBe(403);
    expect((await t.request('/api/me', { cookie })).status).toBe(200);
  });
});
