import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityDays, authUsers, mentorConversations, mentorMessages, metricWeeks, tasks, users } from '../../src/server/db/schema/index.ts';
import { recordActivity } from '../../src/server/features/gamification/service.ts';
import { signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * The admin analytics (decision 204), computed in SQL over the real tables and the rollups
 * the database keeps of them (decision 227): a small known month of founders, and every
 * panel's figures for it; then what the rollups must follow as rows come and go.
 * Deleted accounts count nowhere.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(`${iso}T10:00:00Z`);

const week = { newCustomers: 1, marketingCosts: 0, startingCustomers: 0, lostCustomers: 0, startingRevenue: 0, churnedRevenue: 0, expansions: 0, downgrades: 0, weeklyCosts: 0, weeklyRevenue: 0, cashBalance: 0, weeklyActiveUsers: 0 };
const task = { hypothesis: 'h', whyRelevant: 'w', targetValue: 1, metric: 'newCustomers', impact: 5, confidence: 5, ease: 5, iceTotal: 125 };

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
    await t.db.insert(metricWeeks).values({ userId: first, year: 2025, week: 10, ...week, createdAt: at('2025-03-04') });
    await t.db.insert(tasks).values({ ...task, userId: first, status: 'done', createdAt: at('2025-03-05'), completedAt: at('2025-03-06') });
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

  it('counts a founder once a day and once a week, a cut week by its own days, and activity recorded after a read', async () => {
    const boss = await signUpAdmin(t);
    const panels = async (from: string, to: string) => (await t.request(`/api/admin/analytics?from=${from}&to=${to}`, { cookie: boss.cookie })).json();
    const activeDays = (days: { day: string; count: number }[]) => days.filter((day) => day.count > 0);
    const first = await founder('2025-06-02');
    const second = await founder('2025-06-02');
    // Monday 2 June: the second founder; Tuesday twice and Thursday: the first.
    await recordActivity(t.db, second, new Date('2025-06-02T09:00:00Z'));
    await recordActivity(t.db, first, new Date('2025-06-03T09:00:00Z'));
    await recordActivity(t.db, first, new Date('2025-06-03T18:00:00Z'));
    await recordActivity(t.db, first, new Date('2025-06-05T09:00:00Z'));

    const june = await panels('2025-06-02', '2025-06-15');
    expect(activeDays(june.dailyActive)).toEqual([
      { day: '2025-06-02', count: 1 },
      { day: '2025-06-03', count: 1 },
      { day: '2025-06-05', count: 1 },
    ]);
    expect(june.weeklyActive).toEqual([{ week: '2025-06-02', count: 2 }]);
    // From Wednesday, the week counts only the first founder; up to Monday, only the second.
    expect((await panels('2025-06-04', '2025-06-15')).weeklyActive).toEqual([{ week: '2025-06-02', count: 1 }]);
    expect((await panels('2025-06-02', '2025-06-02')).weeklyActive).toEqual([{ week: '2025-06-02', count: 1 }]);
    expect((await panels('2025-06-06', '2025-06-08')).weeklyActive).toEqual([]);

    await recordActivity(t.db, second, new Date('2025-06-10T09:00:00Z'));
    const later = await panels('2025-06-02', '2025-06-15');
    expect(activeDays(later.dailyActive).map((day: { day: string }) => day.day)).toEqual(['2025-06-02', '2025-06-03', '2025-06-05', '2025-06-10']);
    expect(later.weeklyActive).toEqual([
      { week: '2025-06-02', count: 2 },
      { week: '2025-06-09', count: 1 },
    ]);
    expect(later.retention).toEqual([{ week: '2025-06-02', size: 2, active: [1, 0.5] }]);
    // A range ending inside the sign-up week counts that week's founders one by one: the same shares.
    expect((await panels('2025-06-02', '2025-06-04')).retention).toEqual([{ week: '2025-06-02', size: 2, active: [1] }]);

    // Days taken away (an account erased with its rows) leave the counts as if never there.
    await t.db.delete(activityDays).where(eq(activityDays.userId, second));
    const without = await panels('2025-06-02', '2025-06-15');
    expect(activeDays(without.dailyActive).map((day: { day: string }) => day.day)).toEqual(['2025-06-03', '2025-06-05']);
    expect(without.weeklyActive).toEqual([{ week: '2025-06-02', count: 1 }]);
    expect(without.retention).toEqual([{ week: '2025-06-02', size: 2, active: [0.5, 0] }]);
    expect((await panels('2025-06-02', '2025-06-04')).retention).toEqual([{ week: '2025-06-02', size: 2, active: [0.5] }]);
  });

  it('follows the weeks, tasks and mentor questions founders add, complete and delete', async () => {
    const boss = await signUpAdmin(t);
    const panels = async () => (await t.request('/api/admin/analytics?from=2025-07-07&to=2025-07-13', { cookie: boss.cookie })).json();
    const someone = await founder('2025-07-07');
    await t.db.insert(metricWeeks).values({ userId: someone, year: 2025, week: 27, ...week, createdAt: at('2025-07-08') });
    const [made] = await t.db.insert(tasks).values({ ...task, userId: someone, status: 'active', createdAt: at('2025-07-08') }).returning({ id: tasks.id });
    const [conversation] = await t.db.insert(mentorConversations).values({ userId: someone, title: 'Pricing', createdAt: at('2025-07-08') }).returning({ id: mentorConversations.id });
    await t.db.insert(mentorMessages).values({ conversationId: conversation!.id, userId: someone, role: 'assistant', content: 'Hello' });

    const before = await panels();
    expect(before.funnel).toEqual({ signedUp: 1, confirmedEmail: 0, onboarded: 0, firstWeek: 1, firstTask: 1, firstMentorQuestion: 0 });
    expect(before.features).toEqual({ weeksRecorded: 1, tasksCreated: 1, tasksCompleted: 0, strategySaves: 0, mentorConversations: 1, contextEntries: 0 });

    await t.db.insert(mentorMessages).values({ conversationId: conversation!.id, userId: someone, role: 'user', content: 'How do I price?' });
    await t.db.update(tasks).set({ status: 'done', completedAt: at('2025-07-09') }).where(eq(tasks.id, made!.id));
    const asked = await panels();
    expect(asked.funnel.firstMentorQuestion).toBe(1);
    expect(asked.features.tasksCompleted).toBe(1);

    await t.db.delete(mentorConversations).where(eq(mentorConversations.id, conversation!.id));
    await t.db.delete(tasks).where(eq(tasks.id, made!.id));
    await t.db.delete(metricWeeks).where(eq(metricWeeks.userId, someone));
    const after = await panels();
    expect(after.funnel).toEqual({ signedUp: 1, confirmedEmail: 0, onboarded: 0, firstWeek: 0, firstTask: 0, firstMentorQuestion: 0 });
    expect(after.features).toEqual({ weeksRecorded: 0, tasksCreated: 0, tasksCompleted: 0, strategySaves: 0, mentorConversations: 0, contextEntries: 0 });

    await t.db.update(users).set({ status: 'deleted' }).where(eq(users.id, someone));
    expect((await panels()).funnel.signedUp).toBe(0);
  });

  it('shows the same figures after the migration rebuilds the rollups from the rows already there', async () => {
    const boss = await signUpAdmin(t);
    const panels = async () => (await t.request('/api/admin/analytics?from=2025-03-01&to=2025-07-31', { cookie: boss.cookie })).json();
    const kept = await panels();
    const migration = fs.readFileSync(new URL('../../src/server/db/migrations/0031_admin_analytics_rollups.sql', import.meta.url), 'utf8');
    const backfill = migration
      .slice(migration.indexOf('-- Backfill'))
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim());
    expect(backfill).toHaveLength(5);
    await t.db.execute(sql`truncate activity_day_counts, activity_weeks, activity_week_counts, founder_milestones, funnel_day_counts, retention_week_counts, feature_day_counts`);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    expect(await panels()).toEqual(kept);
    expect(kept.weeklyActive.length).toBeGreaterThan(0);
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
