import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDays, auditLogs, authSessions, authUsers, metricWeeks, tasks, users } from '../../src/server/db/schema/index.ts';
import { adminCount, assignRole } from '../../src/server/platform/roles.ts';
import { auditRows, errorOf, signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * The admin Users list and user page (decisions 200 and 201): filters, order and pages;
 * a founder's counts and audit trail; role rules (never one's own, never the last admin,
 * 5 an hour); confirmation e-mails sent again; every refusal of a non-admin audited.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const list = async (cookie: string, query: Record<string, string>) => {
  const response = await t.request(`/api/admin/users?${new URLSearchParams(query)}`, { cookie });
  expect(response.status).toBe(200);
  return await answerOf('GET /api/admin/users', response);
};
const setRole = (cookie: string, userId: string, role: string) => t.request(`/api/admin/users/${userId}/role`, { method: 'PUT', cookie, json: { role } });

describe('the Users list', () => {
  it('filters by tier, role, status, onboarding, sign-up date, activity and name, in pages', async () => {
    const boss = await signUpAdmin(t);
    const tag = `list${Date.now()}`;
    const made = [];
    for (let index = 0; index < 5; index++) made.push(await t.signUp({ email: `${tag}-${index}@example.com`, name: `Founder ${index}` }));
    const [a, b, c, d, e] = made.map((account) => account.user.id) as [string, string, string, string, string];
    await t.db.update(users).set({ userTier: 2 }).where(eq(users.id, b));
    await t.db.update(users).set({ onboardingCompleted: true, fullName: `Zoe ${tag}` }).where(eq(users.id, c));
    await t.db.update(users).set({ createdAt: new Date('2025-01-15T12:00:00Z') }).where(eq(users.id, d));
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, e));
    await setRole(boss.cookie, a, 'admin');

    const mine = { search: tag };
    expect((await list(boss.cookie, { ...mine, tier: '2' })).users.map((user) => user.id)).toEqual([b]);
    expect((await list(boss.cookie, { ...mine, role: 'admin' })).users.map((user) => user.id)).toEqual([a]);
    expect((await list(boss.cookie, { ...mine, status: 'suspended' })).users.map((user) => user.id)).toEqual([e]);
    expect((await list(boss.cookie, { ...mine, onboarded: 'true' })).users.map((user) => user.id)).toEqual([c]);
    expect((await list(boss.cookie, { ...mine, signedUpFrom: '2025-01-15', signedUpTo: '2025-01-15' })).users.map((user) => user.id)).toEqual([d]);
    // The name finds the founder too, whatever its case.
    expect((await list(boss.cookie, { search: `zoe ${tag.toUpperCase()}` })).users.map((user) => user.id)).toEqual([c]);

    // Sessions count as activity: all five signed up just now, so none is 30 days inactive.
    expect((await list(boss.cookie, { ...mine, activeWithinDays: '1' })).total).toBe(5);
    expect((await list(boss.cookie, { ...mine, inactiveForDays: '30' })).total).toBe(0);
    await t.db.update(authSessions).set({ updatedAt: new Date(Date.now() - 60 * DAY_MS) }).where(eq(authSessions.userId, a));
    expect((await list(boss.cookie, { ...mine, inactiveForDays: '30' })).users.map((user) => user.id)).toEqual([a]);
    expect((await list(boss.cookie, { ...mine, sort: 'lastActiveAt', order: 'desc' })).users.at(-1)!.id).toBe(a);

    // Pages of two, oldest sign-up first, never overlapping.
    const first = await list(boss.cookie, { ...mine, sort: 'createdAt', order: 'asc', limit: '2' });
    const second = await list(boss.cookie, { ...mine, sort: 'createdAt', order: 'asc', limit: '2', page: '2' });
    const third = await list(boss.cookie, { ...mine, sort: 'createdAt', order: 'asc', limit: '2', page: '3' });
    expect(first.total).toBe(5);
    expect(first.users[0]!.id).toBe(d);
    expect([...first.users, ...second.users, ...third.users].map((user) => user.id).sort()).toEqual([a, b, c, d, e].sort());
    const byEmail = await list(boss.cookie, { ...mine, sort: 'email', order: 'desc' });
    expect(byEmail.users.map((user) => user.id)).toEqual([e, d, c, b, a]);
  });

  it('refuses a bad filter with 400', async () => {
    const boss = await signUpAdmin(t);
    for (const query of ['tier=3', 'sort=password', 'signedUpFrom=yesterday', 'page=0', 'onboarded=maybe', 'color=red']) {
      const response = await t.request(`/api/admin/users?${query}`, { cookie: boss.cookie });
      expect(response.status, query).toBe(400);
    }
  });
});

describe('the user page', () => {
  it('shows the profile, counts of use (no content) and the audit trail about the founder', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp({ name: 'Paula Page' });
    const id = founder.user.id;
    await t.db.insert(activityDays).values([{ userId: id, day: '2026-11-02' }, { userId: id, day: '2026-11-03' }]);
    const task = { userId: id, hypothesis: 'Secret hypothesis', whyRelevant: 'because', targetValue: 10, metric: 'newCustomers', impact: 5, confidence: 5, ease: 5, iceTotal: 125 };
    await t.db.insert(tasks).values([task, { ...task, status: 'done' as const }]);
    await t.request(`/api/admin/users/${id}/resend-confirmation`, { method: 'POST', cookie: boss.cookie });

    const response = await t.request(`/api/admin/users/${id}`, { cookie: boss.cookie });
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      profile: Record<string, unknown>;
      activity: Record<string, unknown>;
      signIns: { at: string }[];
      audit: { actionType: string; adminId: string }[];
    };
    expect(page.profile).toMatchObject({ id, email: founder.email, role: 'user', status: 'active', userTier: 1, onboardingCompleted: false, emailVerified: false });
    expect(page.activity).toMatchObject({ metricWeeks: 0, tasksCreated: 2, tasksDone: 1, activeDays: 2, lastActiveDay: '2026-11-03', mentorConversations: 0 });
    expect(page.signIns).toHaveLength(1);
    expect(page.audit[0]).toMatchObject({ actionType: 'security_confirmation_resent', adminId: boss.user.id });
    expect(JSON.stringify(page)).not.toContain('Secret hypothesis');
    expect((await t.db.select().from(metricWeeks).where(eq(metricWeeks.userId, id))).length).toBe(0);

    expect((await t.request('/api/admin/users/no-such-user', { cookie: boss.cookie })).status).toBe(404);
  });
});

describe('roles', () => {
  it('an admin promotes and demotes others, audited, but never changes their own role', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    expect(await (await setRole(boss.cookie, founder.user.id, 'admin')).json()).toEqual({ userId: founder.user.id, role: 'admin', changed: true });
    expect((await t.request('/api/admin/overview', { cookie: founder.cookie })).status).toBe(200);
    expect(await (await setRole(boss.cookie, founder.user.id, 'user')).json()).toMatchObject({ changed: true });
    expect((await t.request('/api/admin/overview', { cookie: founder.cookie })).status).toBe(403);
    const [row] = await auditRows(t, 'security_role_change', founder.user.id);
    expect(row).toMatchObject({ adminId: boss.user.id });
    expect(row!.details).toMatchObject({ from: 'admin', to: 'user', via: 'admin' });

    const own = await setRole(boss.cookie, boss.user.id, 'user');
    expect(await errorOf(own)).toMatchObject({ code: 'FORBIDDEN', message: 'You cannot change your own role.' });
    expect((await setRole(boss.cookie, founder.user.id, 'owner')).status).toBe(400);
  });

  it('allows 5 role changes an hour per admin, then 429', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    for (let change = 0; change < 5; change++) expect((await setRole(boss.cookie, founder.user.id, change % 2 ? 'user' : 'admin')).status).toBe(200);
    const sixth = await setRole(boss.cookie, founder.user.id, 'user');
    expect(sixth.status).toBe(429);
    expect((await errorOf(sixth)).code).toBe('RATE_LIMITED');
  });
});

describe('the last admin', () => {
  it('two admins demoting each other at once: one wins, one is refused, one admin remains', async () => {
    const alone = await createTestApp();
    try {
      const first = await alone.signUp();
      const second = await alone.signUp();
      await assignRole(alone.db, alone.deps.bus, { userId: first.user.id, role: 'admin', assignedBy: null, via: 'test' });
      await assignRole(alone.db, alone.deps.bus, { userId: second.user.id, role: 'admin', assignedBy: null, via: 'test' });
      expect(await adminCount(alone.db)).toBe(2);
      const answers = await Promise.all([
        alone.request(`/api/admin/users/${second.user.id}/role`, { method: 'PUT', cookie: first.cookie, json: { role: 'user' } }),
        alone.request(`/api/admin/users/${first.user.id}/role`, { method: 'PUT', cookie: second.cookie, json: { role: 'user' } }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 403]);
      // The loser is refused either as no longer an admin or as the last one, depending on who ran first.
      expect((await errorOf(answers.find((answer) => answer.status === 403)!)).code).toBe('FORBIDDEN');
      expect(await adminCount(alone.db)).toBe(1);
      // The command line cannot remove the last one either.
      const remaining = answers[0]!.status === 200 ? first : second;
      await expect(assignRole(alone.db, alone.deps.bus, { userId: remaining.user.id, role: 'user', assignedBy: null, via: 'test' })).rejects.toThrow('The last admin cannot be removed.');
      expect(await adminCount(alone.db)).toBe(1);
    } finally {
      await alone.close();
    }
  });
});

describe('resending the confirmation e-mail', () => {
  it('sends a new link to an unconfirmed founder, audited; refuses a confirmed one', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    const before = t.outbox.all().filter((message) => message.to === founder.email).length;
    const sent = await t.request(`/api/admin/users/${founder.user.id}/resend-confirmation`, { method: 'POST', cookie: boss.cookie });
    expect(sent.status).toBe(200);
    await expect.poll(() => t.outbox.all().filter((message) => message.to === founder.email).length).toBe(before + 1);
    expect(await auditRows(t, 'security_confirmation_resent', founder.user.id)).toHaveLength(1);

    await t.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, founder.user.id));
    const again = await t.request(`/api/admin/users/${founder.user.id}/resend-confirmation`, { method: 'POST', cookie: boss.cookie });
    expect(await errorOf(again)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'This e-mail address is already confirmed.' });
    expect((await t.request('/api/admin/users/nobody/resend-confirmation', { method: 'POST', cookie: boss.cookie })).status).toBe(404);
  });
});

describe('a founder at the admin API', () => {
  it('gets 403 on every admin route, and the attempt is audited', async () => {
    const founder = await t.signUp();
    const victim = await t.signUp();
    const attempts = [
      t.request('/api/admin/users', { cookie: founder.cookie }),
      t.request(`/api/admin/users/${victim.user.id}`, { cookie: founder.cookie }),
      setRole(founder.cookie, founder.user.id, 'admin'),
      t.request(`/api/admin/users/${victim.user.id}/resend-confirmation`, { method: 'POST', cookie: founder.cookie }),
      t.request('/api/admin/audit-logs', { cookie: founder.cookie }),
    ];
    for (const answer of await Promise.all(attempts)) expect(answer.status).toBe(403);
    const rows = await t.db.select().from(auditLogs).where(eq(auditLogs.adminId, founder.user.id));
    const denied = rows.filter((row) => row.actionType === 'security_admin_access_denied');
    expect(denied).toHaveLength(5);
    expect(denied.map((row) => (row.details as { path: string }).path)).toContain('/api/admin/users');
    expect((await t.request('/api/me', { cookie: founder.cookie }).then((r) => r.json())) as { role: string }).toMatchObject({ role: 'user' });
  });
});
