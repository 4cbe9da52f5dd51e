import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings } from '../../src/server/features/admin/index.ts';
import { auditLogs, users } from '../../src/server/db/schema/index.ts';
import { scanSecurityAlerts } from '../../src/server/features/admin/security-alerts.ts';
import { signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Admin › Settings at run time (decision 289): the trial's length, tour autostart, the admins'
 * working hours and new founders' e-mail hours, saved through one instance, are in force on
 * another on the same database without a restart; audited; the environment gives the
 * defaults. On PostgreSQL the two instances are two pools told through LISTEN/NOTIFY; on
 * PGlite (one process by construction) they are two apps on one database and one bus.
 */

let one: Awaited<ReturnType<typeof createTestApp>>;
let two: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  one = await createTestApp({ TRIAL_DAYS: '14', GUIDED_TOURS_AUTOSTART: 'true' });
  two = one.database.url
    ? await createTestApp({ TRIAL_DAYS: '14', GUIDED_TOURS_AUTOSTART: 'true' }, { databaseUrl: one.database.url })
    : await createTestApp({ TRIAL_DAYS: '14', GUIDED_TOURS_AUTOSTART: 'true' }, { peerOf: one });
});
afterAll(async () => {
  await two.close();
  await one.close();
});

const DAY = 24 * 60 * 60 * 1000;
const read = async (t: typeof one, cookie: string) => await answerOf('GET /api/admin/settings', t.request('/api/admin/settings', { cookie }));
const save = (t: typeof one, cookie: string, json: unknown) => t.request('/api/admin/settings', { method: 'PUT', cookie, json });

describe('operating settings', () => {
  it('start at the environment’s values, and only an admin reads or changes them', async () => {
    const admin = await signUpAdmin(one);
    const founder = await one.signUp();
    const settings = await read(one, admin.cookie);
    expect(settings).toMatchObject({
      settings: { trialDays: 14, guidedToursAutoStart: true, adminWorkingHours: { timeZone: 'UTC', fromHour: 8, toHour: 20 }, emailHours: { monday: '09:00', friday: '17:00' } },
      overridden: [],
      updatedAt: null,
    });
    expect(settings.defaults).toEqual(settings.settings);
    expect((await one.request('/api/admin/settings', { cookie: founder.cookie })).status).toBe(403);
    expect((await save(one, founder.cookie, { trialDays: 30 })).status).toBe(403);
  });

  it('refuse bad values whole, changing nothing', async () => {
    const admin = await signUpAdmin(one);
    // A good value beside a bad one is not saved either.
    const good = { guidedToursAutoStart: false };
    for (const bad of [
      { ...good, trialDays: -1 },
      { ...good, trialDays: 1.5 },
      { ...good, adminWorkingHours: { timeZone: 'Mars/Olympus', fromHour: 8, toHour: 20 } },
      { ...good, adminWorkingHours: { timeZone: 'UTC', fromHour: 18, toHour: 9 } },
      { ...good, emailHours: { monday: '25:00', friday: '17:00' } },
      { ...good, colour: 'blue' },
      {},
    ]) {
      const response = await save(one, admin.cookie, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await read(one, admin.cookie)).overridden).toEqual([]);
  });

  it('saved on one instance, are in force on the other at once: trial, tours, working hours, new founders’ e-mail hours; audited', async () => {
    const admin = await signUpAdmin(one);
    // 20 days old: out of a 14-day trial, inside a 30-day one.
    const founder = await two.signUp();
    await two.db.update(users).set({ createdAt: new Date(Date.now() - 20 * DAY) }).where(eq(users.id, founder.user.id));
    expect(await (await two.request('/api/me', { cookie: founder.cookie })).json()).toMatchObject({ isInTrial: false, effectiveUserTier: 1 });

    const hours = { timeZone: 'America/Mexico_City', fromHour: 9, toHour: 18 };
    const response = await save(one, admin.cookie, { trialDays: 30, guidedToursAutoStart: false, adminWorkingHours: hours, emailHours: { monday: '08:30', friday: '16:00' } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(((await response.json()) as AdminSettings).overridden).toEqual(['trialDays', 'guidedToursAutoStart', 'adminWorkingHours', 'emailHours']);

    // The other instance, never restarted.
    await expect.poll(() => two.deps.settings.current().trialDays).toBe(30);
    expect(await read(two, (await two.signIn(admin.email)))).toMatchObject({ settings: { trialDays: 30, guidedToursAutoStart: false, adminWorkingHours: hours }, defaults: { trialDays: 14 } });
    expect(await (await two.request('/api/me', { cookie: founder.cookie })).json()).toMatchObject({ isInTrial: true, effectiveUserTier: 2 });
    expect(await (await two.request('/api/subscription', { cookie: founder.cookie })).json()).toMatchObject({ phase: 'trialing', trialDaysLeft: 10 });
    expect(await (await two.request('/api/tours', { cookie: founder.cookie })).json()).toMatchObject({ autoStart: false });
    const newcomer = await two.signUp();
    expect(await (await two.request('/api/me', { cookie: newcomer.cookie })).json()).toMatchObject({ emailMondayHour: '08:30', emailFridayHour: '16:00' });
    expect(two.deps.settings.current().adminWorkingHours).toEqual(hours);

    const [audit] = await one.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.actionType, 'security_settings_changed'), eq(auditLogs.adminId, admin.user.id)))
      .orderBy(desc(auditLogs.createdAt));
    expect(audit!.details).toMatchObject({ before: { trialDays: 14, guidedToursAutoStart: true }, after: { trialDays: 30, guidedToursAutoStart: false, adminWorkingHours: hours } });
  });

  it('the working hours in force decide which impersonation is off hours', async () => {
    // Saved above: 09:00–18:00 in Mexico City. 16:00 UTC on a Monday is 10:00 there: within.
    const admin = await signUpAdmin(one);
    const at = new Date('2026-11-23T16:00:00Z');
    await one.db.insert(auditLogs).values({ actionType: 'security_impersonation_started', adminId: admin.user.id, details: {}, createdAt: at });
    await one.db.insert(auditLogs).values({ actionType: 'security_impersonation_started', adminId: admin.user.id, details: {}, createdAt: new Date('2026-11-24T01:00:00Z') });
    const raised = await scanSecurityAlerts(two.db, new Date('2026-11-24T02:00:00Z'), { rules: 'admin-activity', workingHours: two.deps.settings.current().adminWorkingHours });
    // Only the one at 19:00 in Mexico City (after 18:00) is an alert.
    expect(raised).toBe(1);
  });
});
