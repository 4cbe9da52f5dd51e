import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, securityAlerts } from '../../src/server/db/schema/index.ts';
import { scanSecurityAlerts } from '../../src/server/features/admin/security-alerts.ts';
import { auditRows, signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * The admin-activity rules of the security job (docs/decisions/187-admin-activity-alerts.md and
 * 188-admin-sign-in-country.md): 50 actions by one admin in an hour, an impersonation started
 * outside working hours, an admin signing in from a new country. Each raises one alert
 * however often the job runs.
 */

const PROXY = '10.0.0.1';
const TIME_ZONE = 'America/Mexico_City';
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ TRUSTED_PROXIES: PROXY, CLIENT_COUNTRY_HEADER: 'CF-IPCountry', ADMIN_WORKING_HOURS_TIME_ZONE: TIME_ZONE });
});
afterAll(() => t.close());

const scan = (now = new Date()) => scanSecurityAlerts(t.db, now, { rules: 'admin-activity', workingHours: t.deps.settings.current().adminWorkingHours });
const alertsOf = async (kind: string, adminId: string) =>
  (await t.db.select().from(securityAlerts).where(eq(securityAlerts.kind, kind))).filter((alert) => (alert.details as { adminId?: string }).adminId === adminId);

describe('50 admin actions in an hour', () => {
  it('raises one high alert for the admin who made them, however often the job runs', async () => {
    const busy = await signUpAdmin(t);
    const calm = await signUpAdmin(t);
    for (let change = 0; change < 50; change++) {
      const response = await t.request('/api/admin/feature-flags/onboarding_revamp_v1_rollout', { method: 'PUT', cookie: busy.cookie, json: { rolloutPercent: change % 2 === 0 ? 10 : 20, overrideEmails: [] } });
      expect(response.status, await response.clone().text()).toBe(200);
    }
    for (let change = 0; change < 49; change++) {
      await t.request('/api/admin/feature-flags/onboarding_admin_override_v1_rollout', { method: 'PUT', cookie: calm.cookie, json: { rolloutPercent: change % 2 === 0 ? 10 : 20, overrideEmails: [] } });
    }
    await scan();
    await scan();
    const raised = await alertsOf('admin_actions', busy.user.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ severity: 'high', details: { adminId: busy.user.id, count: 50 } });
    expect(await alertsOf('admin_actions', calm.user.id)).toHaveLength(0);
    // The admin's list names the admin by e-mail.
    const listed = await answerOf('GET /api/admin/security-alerts', t.request('/api/admin/security-alerts', { cookie: calm.cookie }));
    expect(listed.alerts.find((alert) => alert.id === raised[0]!.id)?.details).toMatchObject({ adminEmail: busy.email });

    // One more action within the same hour is the same burst: nothing new.
    await t.request('/api/admin/feature-flags/onboarding_revamp_v1_rollout', { method: 'PUT', cookie: busy.cookie, json: { rolloutPercent: 30, overrideEmails: [] } });
    expect(await scan()).toBe(0);
  });
});

describe('impersonation outside working hours', () => {
  it(`raises a medium alert for one started on a Sunday night (${TIME_ZONE}) and none for a Tuesday morning`, async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    const other = await t.signUp();
    for (const target of [founder, other]) {
      const started = await t.request('/api/impersonation', { method: 'POST', cookie: boss.cookie, json: { targetUserId: target.user.id } });
      expect(started.status, await started.clone().text()).toBe(201);
      await t.request('/api/impersonation', { method: 'DELETE', cookie: started.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ') });
    }
    // Move the two starts to known moments: Sunday 03:00 and Tuesday 11:00 in Mexico City.
    const sunday = new Date('2026-11-22T09:00:00Z');
    const tuesday = new Date('2026-11-24T17:00:00Z');
    const [night] = await auditRows(t, 'security_impersonation_started', founder.user.id);
    const [morning] = await auditRows(t, 'security_impersonation_started', other.user.id);
    await t.db.update(auditLogs).set({ createdAt: sunday }).where(eq(auditLogs.id, night!.id));
    await t.db.update(auditLogs).set({ createdAt: tuesday }).where(eq(auditLogs.id, morning!.id));

    await scan(new Date(sunday.getTime() + 5 * 60_000));
    await scan(new Date(sunday.getTime() + 10 * 60_000));
    await scan(new Date(tuesday.getTime() + 5 * 60_000));
    const raised = await alertsOf('impersonation_off_hours', boss.user.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ severity: 'medium', details: { targetUserId: founder.user.id, at: sunday.toISOString(), timeZone: TIME_ZONE } });
  });
});

describe("an admin's new country", () => {
  // Each sign-in from an address of its own: the sign-in limit counts per address.
  let hop = 0;
  const signIn = (email: string, via: { proxyCountry?: string; address?: string; header?: string }) =>
    t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'correct horse battery' },
      clientAddress: via.proxyCountry ? PROXY : via.address,
      headers: via.proxyCountry ? { 'x-forwarded-for': via.address ?? `203.0.113.${++hop}`, 'cf-ipcountry': via.proxyCountry } : via.header ? { 'cf-ipcountry': via.header } : {},
    });
  const countriesOf = async (adminId: string) =>
    (await t.db.select().from(auditLogs).where(and(eq(auditLogs.actionType, 'security_admin_sign_in'), eq(auditLogs.adminId, adminId)))).map((row) => (row.details as { country: string | null }).country);

  it('records each admin sign-in with its country, believing the header only from the trusted proxy', async () => {
    const admin = await signUpAdmin(t);
    const founder = await t.signUp();
    expect((await signIn(admin.email, { proxyCountry: 'MX' })).status).toBe(200);
    // Sent straight to us, the header is the client's word: ignored (and a test address has no country).
    expect((await signIn(admin.email, { address: '198.51.100.9', header: 'RU' })).status).toBe(200);
    // No proxy: the embedded IP database answers.
    expect((await signIn(admin.email, { address: '8.8.8.8' })).status).toBe(200);
    expect(await countriesOf(admin.user.id)).toEqual(['MX', null, 'US']);
    // A founder's sign-ins are nobody's business.
    expect((await signIn(founder.email, { proxyCountry: 'MX' })).status).toBe(200);
    expect(await countriesOf(founder.user.id)).toEqual([]);
  });

  it('raises one high alert for a sign-in from a country the admin never signed in from', async () => {
    const admin = await signUpAdmin(t);
    // The first recorded sign-in sets the baseline; the same country again is nothing new.
    for (const country of ['MX', 'MX']) expect((await signIn(admin.email, { proxyCountry: country })).status).toBe(200);
    await scan();
    expect(await alertsOf('admin_new_country', admin.user.id)).toHaveLength(0);

    expect((await signIn(admin.email, { proxyCountry: 'AR', address: '203.0.113.200' })).status).toBe(200);
    await scan();
    await scan();
    const raised = await alertsOf('admin_new_country', admin.user.id);
    expect(raised).toHaveLength(1);
    expect(raised[0]).toMatchObject({ severity: 'high', details: { country: 'AR', knownCountries: ['MX'], ipAddress: '203.0.113.200' } });

    // Known now: signing in from Argentina again raises nothing.
    expect((await signIn(admin.email, { proxyCountry: 'AR' })).status).toBe(200);
    expect(await scan()).toBe(0);
  });
});
