import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDays, authUsers, metricWeeks, tasks, users } from '../../src/server/db/schema/index.ts';
import { signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * The admin analytics (decision 204), computed in SQL over the real tables: a small known
 * month of founders, and every panel's figures for it. Deleted accounts count nowhere.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(`${iso}T10:00:00Z`);

async function founder(signedUp: string, changes: Partial<typeof users.$inferInsert> = {}) {
  const { user } = await t.signUp();
  await t.db.update(users).set({ createdAt: at(signedUp), ...changes }).where(eq(users.id, user.id));
  return user.id;
}

describe('GET /api/admin/analytics', () => {
  it('computes every panel for the range', async () => {
    const boss = await signUpAdmin(t);
    const first = await founder('2025-03-03', { onboardingCompleted: true });
    const second = await founder('2025-03-04');
    const third = await founder('2025-03-12', { userTier: 2 });
    await founder('2025-03-05', { status: 'deleted' });
    await t.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.id, first));
    const week = { newCustomers: 1, marketingCosts: 0, startingCustomers: 0, lostCustomers: 0, startingRevenue: 0, churnedRevenue: 0, expansions: 0, downgrades: 0, weeklyCosts: 0, weeklyRevenue: 0, cashBalance: 0, weeklyActiveUsers: 0 };
    await t.db.insert(metricWeeks).values({ userId: first, year: 2025, week: 10, ...week, createdAt: at('2025-03-04') });
    const task = { userId: first, hypothesis: 'h', whyRelevant: 'w', targetValue: 1, metric: 'newCustomers', impact: 5, confidence: 5, ease: 5, iceTotal: 125 };
    await t.db.insert(tasks).values({ ...task, status: 'done', createdAt: at('2025-03-05'), completedAt: at('2025-03-06') });
    await t.db.insert(activityDays).values([
      { userId: first, day: '2025-03-03' },
      { userId: first, day: '2025-03-11' },
      { userId: second, day: '2025-03-04' },
      { userId: third, day: '2025-03-12' },
    ]);

    const response = await t.request('/api/admin/analytics?from=2025-03-01&to=2025-03-16', { cookie: boss.cookie });
    expect(response.status).toBe(200);
    const panels = await response.json();
    expect(panels.signUps).toHaveLength(16);
    expect(panels.signUps.filter((day: { count: number }) => day.count > 0)).toEqual([
      { day: '2025-03-03', count: 1 },
      { day: '2025-03-04', count: 1 },
      { day: '2025-03-12', count: 1 },
    ]);
    expect(panels.dailyActive.filter((day: { count: number }) => day.count > 0).map((day: { day: string }) => day.day)).toEqual(['2025-03-03', '2025-03-04', '2025-03-11', '2025-03-12']);
    expect(panels.weeklyActive).toEqual([
      { week: '2025-03-03', count: 2 },
      { week: '2025-03-10', count: 2 },
    ]);
    expect(panels.funnel).toEqual({ signedUp: 3, confirmedEmail: 1, onboarded: 1, firstWeek: 1, firstTask: 1, firstMentorQuestion: 0 });
    expect(panels.features).toEqual({ weeksRecorded: 1, tasksCreated: 1, tasksCompleted: 1, strategySaves: 0, mentorConversations: 0, contextEntries: 0 });
    expect(panels.retention).toEqual([
      { week: '2025-03-03', size: 2, active: [1, 0.5] },
      { week: '2025-03-10', size: 1, active: [1] },
    ]);
    // Tiers are today's, over every account not deleted: this file's admin and founders.
    expect(panels.tiers).toEqual([
      { tier: 1, count: 3 },
      { tier: 2, count: 1 },
    ]);
  });

  it('refuses a range over 366 days, reversed or missing, and founders', async () => {
    const boss = await signUpAdmin(t);
    for (const query of ['from=2015-01-01&to=2025-01-01', 'from=2025-02-01&to=2025-01-01', 'from=2025-01-01', '']) {
      expect((await t.request(`/api/admin/analytics?${query}`, { cookie: boss.cookie })).status, query).toBe(400);
    }
    const someone = await t.signUp();
    expect((await t.request('/api/admin/analytics?from=2025-01-01&to=2025-01-31', { cookie: someone.cookie })).status).toBe(403);
  });
});
