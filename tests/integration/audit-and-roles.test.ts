import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, authVerifications, userRoles } from '../../src/server/db/schema/index.ts';
import { startAuditRetentionJob } from '../../src/server/platform/audit-retention-job.ts';
import { purgeExpiredAuditLogs, recordAuditEvent } from '../../src/server/platform/audit.ts';
import { assignRole, currentRole, grantAdminByEmail } from '../../src/server/platform/roles.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';

/**
 * Roles (latest assignment wins, admins only on /api/admin, RUMBO_ADMIN_EMAILS) and the
 * audit log (security_ rows with timestamp, user agent and origin; 90-day retention).
 */

const ADMIN_EMAIL = 'configured-admin@example.com';
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RUMBO_ADMIN_EMAILS: ` ${ADMIN_EMAIL.toUpperCase()} , other@example.com` });
});
afterAll(() => t.close());

async function auditRows(actionType: string, targetUserId?: string) {
  return t.db
    .select()
    .from(auditLogs)
    .where(targetUserId ? and(eq(auditLogs.actionType, actionType), eq(auditLogs.targetUserId, targetUserId)) : eq(auditLogs.actionType, actionType))
    .orderBy(desc(auditLogs.id));
}

async function makeAdmin() {
  const admin = await t.signUp();
  await grantAdminByEmail(t.db, t.deps.bus, admin.email, 'test');
  return admin;
}

describe('roles', () => {
  it('defaults to user, and the latest assignment wins', async () => {
    const { user, cookie } = await t.signUp();
    expect(await currentRole(t.db, user.id)).toBe('user');
    // Another admin stays, so the demotion below does not remove the last one (decision 201).
    await assignRole(t.db, t.deps.bus, { userId: (await t.signUp()).user.id, role: 'admin', assignedBy: null, via: 'test' });
    await assignRole(t.db, t.deps.bus, { userId: user.id, role: 'admin', assignedBy: null, via: 'test' });
    await assignRole(t.db, t.deps.bus, { userId: user.id, role: 'user', assignedBy: null, via: 'test' });
    expect(await currentRole(t.db, user.id)).toBe('user');
    expect((await (await t.request('/api/me', { cookie })).json()).role).toBe('user');
    const rows = await t.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    expect(rows.map((row) => row.role)).toEqual(['admin', 'user']);
  });

  it('audits every role change, and writes nothing when the role is unchanged', async () => {
    const { user, email } = await t.signUp();
    expect(await grantAdminByEmail(t.db, t.deps.bus, email, 'cli')).toEqual({ status: 'granted', userId: user.id });
    expect(await grantAdminByEmail(t.db, t.deps.bus, email, 'cli')).toEqual({ status: 'already-admin', userId: user.id });
    expect(await grantAdminByEmail(t.db, t.deps.bus, 'nobody@example.com', 'cli')).toEqual({ status: 'no-such-user' });
    const rows = await auditRows('security_role_change', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ from: 'user', to: 'admin', via: 'cli' });
  });

  it('makes an e-mail listed in RUMBO_ADMIN_EMAILS an admin only once the address is confirmed', async () => {
    const { cookie, user, email } = await t.signUp({ email: ADMIN_EMAIL });
    // Signing up with a listed address proves nothing: whoever typed it may not own it.
    expect((await (await t.request('/api/me', { cookie })).json()).role).toBe('user');
    expect((await t.request('/api/admin/overview', { cookie })).status).toBe(403);
    expect(await auditRows('security_role_change', user.id)).toEqual([]);

    const link = new URL(await t.outbox.link(email, 'confirm-email'));
    const confirmed = await t.request(link.pathname + link.search);
    expect(confirmed.status).toBe(302);
    const confirmedCookie = sessionCookie(confirmed);
    expect((await (await t.request('/api/me', { cookie: confirmedCookie })).json()).role).toBe('admin');
    expect((await t.request('/api/admin/overview', { cookie: confirmedCookie })).status).toBe(200);
    const rows = await auditRows('security_role_change', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ via: 'RUMBO_ADMIN_EMAILS', to: 'admin' });
  });
});

describe('admin API', () => {
  it('answers 403 FORBIDDEN to founders and 401 to strangers', async () => {
    const { cookie } = await t.signUp();
    for (const path of ['/api/admin/overview', '/api/admin/audit-logs']) {
      const response = await t.request(path, { cookie });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You are not authorized to perform this action.' } });
      expect((await t.request(path)).status).toBe(401);
    }
  });

  it('lets an admin assign roles: audited with the admin, limited to 5 an hour', async () => {
    const admin = await makeAdmin();
    const founders = [];
    for (let index = 0; index < 6; index++) founders.push(await t.signUp());
    for (const founder of founders.slice(0, 5)) {
      const response = await t.request(`/api/admin/users/${founder.user.id}/role`, { method: 'PUT', cookie: admin.cookie, json: { role: 'admin' } });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ userId: founder.user.id, role: 'admin', changed: true });
    }
    const sixth = await t.request(`/api/admin/users/${founders[5]!.user.id}/role`, { method: 'PUT', cookie: admin.cookie, json: { role: 'admin' } });
    expect(sixth.status).toBe(429);
    expect(await currentRole(t.db, founders[5]!.user.id)).toBe('user');

    const [row] = await auditRows('security_role_change', founders[0]!.user.id);
    expect(row!.adminId).toBe(admin.user.id);
    expect(row!.details).toMatchObject({ from: 'user', to: 'admin', via: 'admin', userAgent: TEST_USER_AGENT, origin: TEST_ORIGIN });
  });

  it('refuses a bad role, an unknown user and self-demotion, changing nothing', async () => {
    const admin = await makeAdmin();
    const { user } = await t.signUp();
    const bad = await t.request(`/api/admin/users/${user.id}/role`, { method: 'PUT', cookie: admin.cookie, json: { role: 'owner' } });
    expect(bad.status).toBe(400);
    const unknown = await t.request('/api/admin/users/no-such-id/role', { method: 'PUT', cookie: admin.cookie, json: { role: 'admin' } });
    expect(unknown.status).toBe(404);
    const self = await t.request(`/api/admin/users/${admin.user.id}/role`, { method: 'PUT', cookie: admin.cookie, json: { role: 'user' } });
    expect(self.status).toBe(403);
    expect(await currentRole(t.db, user.id)).toBe('user');
    expect(await currentRole(t.db, admin.user.id)).toBe('admin');
  });

  it('lists the audit log to admins, newest first', async () => {
    const admin = await makeAdmin();
    const response = await t.request(`/api/admin/audit-logs?targetUserId=${admin.user.id}`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const { entries } = (await response.json()) as { entries: { actionType: string; targetUserId: string }[] };
    expect(entries[0]).toMatchObject({ actionType: 'security_role_change', targetUserId: admin.user.id });
    expect((await t.request('/api/admin/audit-logs?limit=0', { cookie: admin.cookie })).status).toBe(400);
  });
});

describe('audit log', () => {
  it('records a refused payload (SECURITY_VIOLATION) with who, where and what', async () => {
    const { cookie, user } = await t.signUp();
    const response = await t.request('/api/onboarding', {
      method: 'POST',
      cookie,
      json: { industry: '<script>alert(1)</script>', teamSize: '1', startupPhase: 'mvp' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('SECURITY_VIOLATION');
    const [row] = await auditRows('security_violation', user.id);
    expect(row!.details).toMatchObject({ path: '/api/onboarding', field: 'industry', userAgent: TEST_USER_AGENT, origin: TEST_ORIGIN });
  });

  it('keeps at most 10 security events per source in 5 minutes', async () => {
    const { cookie, user } = await t.signUp();
    for (let attempt = 0; attempt < 13; attempt++) {
      const response = await t.request('/api/me', { method: 'PATCH', cookie, json: { preferredLanguage: 'javascript:alert(1)' } });
      expect(response.status).toBe(400);
    }
    expect(await auditRows('security_violation', user.id)).toHaveLength(10);
  });

  it('records sign-in failures once they reach the threshold of 5', async () => {
    const { email, user } = await t.signUp();
    const attempt = () => t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'not the password' }, clientAddress: '203.0.113.90' });
    for (let index = 0; index < 4; index++) await attempt();
    expect(await auditRows('security_sign_in_failures', user.id)).toHaveLength(0);
    await attempt();
    const rows = await auditRows('security_sign_in_failures', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ email, scope: 'address', threshold: 5, ipAddress: '203.0.113.90', userAgent: TEST_USER_AGENT });
  });

  it('purges rows older than 90 days and keeps the rest', async () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    await recordAuditEvent(t.db, { action: 'retention_probe', details: { age: 91 } }, new Date(now.getTime() - 91 * day));
    await recordAuditEvent(t.db, { action: 'retention_probe', details: { age: 89 } }, new Date(now.getTime() - 89 * day));
    expect(await purgeExpiredAuditLogs(t.db, now)).toBeGreaterThanOrEqual(1);
    const left = await auditRows('security_retention_probe');
    expect(left.map((row) => (row.details as { age: number }).age)).toEqual([89]);
  });

  it('runs the purge on its schedule', async () => {
    await recordAuditEvent(t.db, { action: 'scheduled_probe' }, new Date(Date.now() - 100 * 24 * 60 * 60 * 1000));
    const job = startAuditRetentionJob(t.db, t.deps.logger, '* * * * * *');
    try {
      const deadline = Date.now() + 5_000;
      while ((await auditRows('security_scheduled_probe')).length > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      job.stop();
    }
    expect(await auditRows('security_scheduled_probe')).toHaveLength(0);
  });
});

describe('password resets', () => {
  it('records a completed reset against the account whose token it was', async () => {
    const { user, email } = await t.signUp();
    // The token a reset e-mail would carry is this row.
    const token = `reset-token-${Date.now()}`;
    await t.db.insert(authVerifications).values({
      id: `verification-${Date.now()}`,
      identifier: `reset-password:${token}`,
      value: user.id,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    const reset = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'a brand new password' } });
    expect(reset.status, await reset.clone().text()).toBe(200);
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'a brand new password' } })).status).toBe(200);
    const rows = await auditRows('security_password_reset', user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.details).toMatchObject({ userAgent: TEST_USER_AGENT, origin: TEST_ORIGIN });

    // A used or unknown token resets nothing and records nothing.
    const again = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'another new password' } });
    expect(again.status).toBe(400);
    expect(await auditRows('security_password_reset', user.id)).toHaveLength(1);
  });
});
