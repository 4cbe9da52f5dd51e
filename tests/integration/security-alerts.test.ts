import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../src/server/db/schema/index.ts';
import { scanSecurityAlerts } from '../../src/server/features/admin/security-alerts.ts';
import { signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * The security alerts job (decision 208): 5 failed sign-ins on an account from one address,
 * or 3 role changes within an hour, raise one alert each; an admin acknowledges it with a note.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const alerts = async (cookie: string) => (await answerOf('GET /api/admin/security-alerts', t.request('/api/admin/security-alerts', { cookie }))).alerts;

describe('security alerts', () => {
  it('raises one high alert for 5 failed sign-ins, once however often the job runs, and the admin acknowledges it', async () => {
    const boss = await signUpAdmin(t);
    const victim = await t.signUp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: victim.email, password: 'wrong password here' }, clientAddress: '198.51.100.7' });
      expect(wrong.status).toBe(401);
    }
    expect(await scanSecurityAlerts(t.db)).toBeGreaterThanOrEqual(1);
    // A second run, as another instance would, raises nothing new.
    await scanSecurityAlerts(t.db);
    const mine = (await alerts(boss.cookie)).filter((alert) => alert.kind === 'failed_sign_ins' && alert.details.email === victim.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ severity: 'high', acknowledgedAt: null, details: { ipAddress: '198.51.100.7' } });

    const ack = await t.request(`/api/admin/security-alerts/${mine[0]!.id}/acknowledge`, { method: 'POST', cookie: boss.cookie, json: { note: 'Owner forgot the password' } });
    expect(await ack.json()).toEqual({ acknowledged: true });
    const after = (await alerts(boss.cookie)).find((alert) => alert.id === mine[0]!.id)!;
    expect(after).toMatchObject({ acknowledgedBy: boss.user.id, note: 'Owner forgot the password' });
    expect(after.acknowledgedAt).not.toBeNull();
    const again = await t.request(`/api/admin/security-alerts/${mine[0]!.id}/acknowledge`, { method: 'POST', cookie: boss.cookie, json: {} });
    expect(await again.json()).toEqual({ acknowledged: false });
    const audited = await t.db.select().from(auditLogs).where(eq(auditLogs.adminId, boss.user.id));
    expect(audited.filter((row) => row.actionType === 'security_alert_acknowledged')).toHaveLength(1);
  });

  it('raises a medium alert for 3 role changes within an hour', async () => {
    const boss = await signUpAdmin(t);
    const founders = await Promise.all([1, 2, 3].map(() => t.signUp()));
    for (const founder of founders) {
      expect((await t.request(`/api/admin/users/${founder.user.id}/role`, { method: 'PUT', cookie: boss.cookie, json: { role: 'admin' } })).status).toBe(200);
    }
    await scanSecurityAlerts(t.db);
    const burst = (await alerts(boss.cookie)).filter((alert) => alert.kind === 'role_changes');
    expect(burst).toHaveLength(1);
    expect(burst[0]!.severity).toBe('medium');
    expect(burst[0]!.details.count).toBeGreaterThanOrEqual(3);
  });

  it('refuses a founder (403), a note too long (400) and an unknown alert (404)', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    expect((await t.request('/api/admin/security-alerts', { cookie: founder.cookie })).status).toBe(403);
    expect((await t.request('/api/admin/security-alerts/00000000-0000-0000-0000-000000000000/acknowledge', { method: 'POST', cookie: boss.cookie, json: {} })).status).toBe(404);
    const long = await t.request('/api/admin/security-alerts/00000000-0000-0000-0000-000000000000/acknowledge', { method: 'POST', cookie: boss.cookie, json: { note: 'x'.repeat(1001) } });
    expect(long.status).toBe(400);
  });
});
