import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWeek } from '../../src/core/metrics/iso-week.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { awardPoints, recordActivity, revokePoints } from '../../src/server/features/gamification/service.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Standing = {
  points: number;
  level: number;
  pointsToNextLevel: number;
  streak: number;
  longestStreak: number;
  badges: { key: string; unlockedAt: string }[];
  achievements: { key: string; progress: number; target: number; unlockedAt: string | null }[];
  newBadges: string[];
  ledger: { event: string; sourceId: string; points: number; revokedAt: string | null }[];
};
const standing = async (cookie: string) => await answerOf('GET /api/me/gamification', t.request('/api/me/gamification', { cookie }));


describe('GET /api/me/gamification', () => {
  it('starts at 0 points, level 1, no streak, every achievement locked', async () => {
    const { cookie } = await t.signUp();
    const s = await standing(cookie);
    expect(s).toMatchObject({ points: 0, level: 1, pointsToNextLevel: 100, streak: 0, badges: [], newBadges: [], ledger: [] });
    expect(s.achievements.map((a) => a.key).sort()).toEqual(
      ['expert-ceo', 'goal-crusher', 'goal-setter', 'hypothesis-hero', 'metrics-master', 'strategy-master', 'streak-master'],
    );
    expect(s.achievements.every((a) => a.unlockedAt === null)).toBe(true);
    // Progress is what counts toward each: nothing yet, except that everyone starts at level 1 of 5.
    expect(Object.fromEntries(s.achievements.map((a) => [a.key, `${a.progress}/${a.target}`]))).toEqual({
      'goal-setter': '0/5',
      'goal-crusher': '0/5',
      'hypothesis-hero': '0/10',
      'metrics-master': '0/7',
      'streak-master': '0/7',
      'expert-ceo': '1/5',
      'strategy-master': '0/1',
    });
  });

  it('needs a session', async () => {
    expect((await t.request('/api/me/gamification')).status).toBe(401);
  });

  it('unlocks Goal Setter at the 5th task, announces it once, then not again after it is seen', async () => {
    const { cookie } = await t.signUp();
    for (let i = 0; i < 4; i++) await t.request('/api/tasks', { method: 'POST', cookie, json: validTask });
    expect((await standing(cookie)).badges).toEqual([]);
    await t.request('/api/tasks', { method: 'POST', cookie, json: validTask });
    const s = await standing(cookie);
    expect(s.points).toBe(50);
    expect(s.badges.map((b) => b.key)).toEqual(['goal-setter']);
    expect(s.newBadges).toEqual(['goal-setter']);
    const seen = await t.request('/api/me/gamification/seen', { method: 'POST', cookie, json: { badges: ['goal-setter'] } });
    expect(seen.status).toBe(200);
    expect(((await seen.json()) as Standing).newBadges).toEqual([]);
    expect((await standing(cookie)).badges.map((b) => b.key)).toEqual(['goal-setter']);
  });

  it('refuses an unknown badge in /seen', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/me/gamification/seen', { method: 'POST', cookie, json: { badges: ['made-up'] } });
    expect(response.status).toBe(400);
  });
});

describe('the ledger', () => {
  it('awards an event once under 10 concurrent calls', async () => {
    const { user, cookie } = await t.signUp();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => awardPoints(t.db, { userId: user.id, event: 'context-added', sourceId: 'ctx-1' })),
    );
    expect(results.filter((r) => r.awarded)).toHaveLength(1);
    const s = await standing(cookie);
    expect(s.points).toBe(10);
    expect(s.ledger).toEqual([expect.objectContaining({ event: 'context-added', sourceId: 'ctx-1', points: 10 })]);
  });

  it('reaches level 2 at 100 points and Expert CEO at level 5 (400 points)', async () => {
    const { user, cookie } = await t.signUp();
    await awardPoints(t.db, { userId: user.id, event: 'upgrade-bonus', sourceId: 'first-upgrade' });
    await awardPoints(t.db, { userId: user.id, event: 'upgrade-bonus', sourceId: 'second' });
    expect(await standing(cookie)).toMatchObject({ points: 100, level: 2, pointsToNextLevel: 100 });
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) await awardPoints(t.db, { userId: user.id, event: 'upgrade-bonus', sourceId: id });
    const s = await standing(cookie);
    expect(s).toMatchObject({ points: 400, level: 5 });
    expect(s.badges.map((b) => b.key)).toContain('expert-ceo');
  });

  it('undoes an award only when its source is deleted the same day in the founder time zone', async () => {
    const { user, cookie } = await t.signUp();
    await t.db.update(users).set({ timeZone: 'America/Mexico_City' }).where(eq(users.id, user.id));
    // 22:00 in Mexico City on the 10th is 04:00 UTC on the 11th.
    const lateEvening = new Date('2026-03-11T04:00:00Z');
    await awardPoints(t.db, { userId: user.id, event: 'context-added', sourceId: 'today', at: lateEvening });
    expect((await revokePoints(t.db, { userId: user.id, event: 'context-added', sourceId: 'today', at: new Date('2026-03-11T05:30:00Z') })).revoked).toBe(true);

    await awardPoints(t.db, { userId: user.id, event: 'context-added', sourceId: 'yesterday', at: lateEvening });
    // 00:30 on the 11th in Mexico City: another day, the points stand.
    expect((await revokePoints(t.db, { userId: user.id, event: 'context-added', sourceId: 'yesterday', at: new Date('2026-03-11T06:30:00Z') })).revoked).toBe(false);

    // A revoked event is not awarded again.
    expect((await awardPoints(t.db, { userId: user.id, event: 'context-added', sourceId: 'today' })).awarded).toBe(false);
    expect((await standing(cookie)).points).toBe(10);
  });

  it('unlocks Metrics Master after 7 consecutive ISO weeks of metrics, across a year end', async () => {
    const { user, cookie } = await t.signUp();
    const weeks = [formatWeek({ year: 2026, week: 50 }), formatWeek({ year: 2026, week: 51 }), formatWeek({ year: 2026, week: 52 }), formatWeek({ year: 2026, week: 53 }), formatWeek({ year: 2027, week: 1 }), formatWeek({ year: 2027, week: 2 })];
    for (const week of weeks) await awardPoints(t.db, { userId: user.id, event: 'metrics-saved', sourceId: week });
    expect((await standing(cookie)).badges).toEqual([]);
    await awardPoints(t.db, { userId: user.id, event: 'metrics-saved', sourceId: formatWeek({ year: 2027, week: 3 }) });
    const s = await standing(cookie);
    expect(s.badges.map((b) => b.key)).toEqual(['metrics-master']);
    expect(s.points).toBe(70); // 10 a week (decision 142)
  });
});

describe('the streak', () => {
  it('counts consecutive days in the founder time zone and unlocks Streak Master on the 7th', async () => {
    const { user, cookie } = await t.signUp();
    await t.db.update(users).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(users.id, user.id));
    // Kiritimati is UTC+14: these instants are six consecutive local days ending today.
    const now = Date.now();
    for (let daysAgo = 6; daysAgo >= 1; daysAgo--) await recordActivity(t.db, user.id, new Date(now - daysAgo * 86_400_000));
    let s = await standing(cookie);
    expect(s.streak).toBe(6); // yesterday was active; today is not over
    expect(s.badges).toEqual([]);
    await recordActivity(t.db, user.id, new Date(now));
    await recordActivity(t.db, user.id, new Date(now)); // twice in a day is one day
    s = await standing(cookie);
    expect(s).toMatchObject({ streak: 7, longestStreak: 7 });
    expect(s.badges.map((b) => b.key)).toEqual(['streak-master']);
  });
});
