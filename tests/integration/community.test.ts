import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommunitySettings, FeedPage, Leaderboard, LedgerPage } from '../../src/server/features/community/index.ts';
import { authUsers, communityMembers, pointsLedger, users } from '../../src/server/db/schema/index.ts';
import { awardPoints, awardPointsForEach } from '../../src/server/features/gamification/index.ts';
import { createTestApp } from './support/test-app.ts';
import { validTask } from './support/task-fixtures.ts';

// No trial: a new founder is tier 1 until the test makes them tier 2.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ TRIAL_DAYS: '0' });
});
afterAll(() => t.close());

const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;
/**
 * What the app publishes after any change a board could show (a founder's write request,
 * an admin's action, billing): every instance drops what it cached (decision 302). The
 * changes these tests write straight to the database say so the same way.
 */
const changed = (userId: string) => t.deps.bus.publish({ type: 'user-invalidated', userId });
const premium = async (userId: string) => {
  await t.db.update(users).set({ userTier: 2 }).where(eq(users.id, userId));
  await changed(userId);
};
const visibility = (cookie: string, value: unknown) => t.request('/api/community/visibility', { method: 'PUT', cookie, json: { visibility: value } });

/** A founder written straight to the database (signing up 55 through the API would be slow). */
async function seedFounder(fields: { points: number; phase?: string; fullName?: string; at?: Date }) {
  const id = randomUUID();
  const email = `${id}@example.com`;
  await t.db.insert(authUsers).values({ id, name: 'Seeded', email });
  await t.db.insert(users).values({ id, email, fullName: fields.fullName ?? null, startupPhase: fields.phase ?? 'mvp', userTier: 2 });
  await t.db.insert(pointsLedger).values({ userId: id, event: 'upgrade-bonus', sourceId: 'seed', points: fields.points, createdAt: fields.at ?? new Date() });
  return id;
}

describe('visibility', () => {
  it('starts anonymous with a stable pseudonym, different for each founder', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const first = await json<CommunitySettings>(t.request('/api/community/me', { cookie: a.cookie }));
    expect(first).toMatchObject({ visibility: 'anonymous', shownAs: 'anonymous', premium: false });
    expect(first.pseudonym).toBeGreaterThanOrEqual(1000);
    expect((await json<CommunitySettings>(t.request('/api/community/me', { cookie: a.cookie }))).pseudonym).toBe(first.pseudonym);
    expect((await json<CommunitySettings>(t.request('/api/community/me', { cookie: b.cookie }))).pseudonym).not.toBe(first.pseudonym);
  });

  it('refuses a forged value or an extra field with 400 and changes nothing', async () => {
    const { user, cookie } = await t.signUp();
    await premium(user.id);
    for (const body of [{ visibility: 'celebrity' }, { visibility: 'PUBLIC' }, { visibility: 1 }, { visibility: 'public', userId: 'x' }, {}]) {
      const response = await t.request('/api/community/visibility', { method: 'PUT', cookie, json: body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await json<CommunitySettings>(t.request('/api/community/me', { cookie }))).visibility).toBe('anonymous');
  });

  it('keeps public for tier 2 (403 PREMIUM_REQUIRED on tier 1); hidden and anonymous are open to all', async () => {
    const { user, cookie } = await t.signUp();
    const refused = await visibility(cookie, 'public');
    expect(refused.status).toBe(403);
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('PREMIUM_REQUIRED');
    expect((await visibility(cookie, 'hidden')).status).toBe(200);
    await premium(user.id);
    expect(await json<CommunitySettings>(visibility(cookie, 'public'))).toMatchObject({ visibility: 'public', shownAs: 'public', premium: true });
  });

  it('needs a session', async () => {
    for (const path of ['/api/community/me', '/api/community/feed', '/api/community/ledger', '/api/community/leaderboard']) {
      expect((await t.request(path)).status, path).toBe(401);
    }
    expect((await t.request('/api/community/visibility', { method: 'PUT', json: { visibility: 'hidden' } })).status).toBe(401);
  });
});

describe('the ledger page', () => {
  it('pages the founder’s own ledger, 20 at a time, newest first, and never another founder’s', async () => {
    const { user, cookie } = await t.signUp();
    const other = await t.signUp();
    const start = Date.now() - 60_000;
    for (let i = 0; i < 25; i++) {
      await awardPoints(t.db, { userId: user.id, event: 'task-created', sourceId: `task-${i}`, at: new Date(start + i * 1000) });
    }
    const first = await json<LedgerPage>(t.request('/api/community/ledger', { cookie }));
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 25 });
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toMatchObject({ event: 'task-created', points: 10 });
    expect(Date.parse(first.rows[0]!.createdAt)).toBeGreaterThan(Date.parse(first.rows[19]!.createdAt));
    const second = await json<LedgerPage>(t.request('/api/community/ledger?page=2', { cookie }));
    expect(second.rows).toHaveLength(5);
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(25);

    expect(await json<LedgerPage>(t.request('/api/community/ledger', { cookie: other.cookie }))).toMatchObject({ total: 0, rows: [] });
    // No way to name someone else's ledger: unknown parameters and bad pages are refused.
    expect((await t.request(`/api/community/ledger?userId=${user.id}`, { cookie: other.cookie })).status).toBe(400);
    expect((await t.request('/api/community/ledger?page=0', { cookie })).status).toBe(400);
  });
});

describe('the milestones feed', () => {
  it('shows each founder as their visibility allows, at once, and never an id or e-mail', async () => {
    const pub = await t.signUp({ name: 'Pia Public' });
    const anon = await t.signUp();
    const hidden = await t.signUp();
    await premium(pub.user.id);
    await t.db.update(users).set({ fullName: 'Pia', lastName: 'Public', startupName: 'Pialabs' }).where(eq(users.id, pub.user.id));
    expect((await visibility(pub.cookie, 'public')).status).toBe(200);
    expect((await visibility(hidden.cookie, 'hidden')).status).toBe(200);
    for (const founder of [pub, anon, hidden]) await awardPoints(t.db, { userId: founder.user.id, event: 'strategy-saved', sourceId: 's1' });
    const anonSettings = await json<CommunitySettings>(t.request('/api/community/me', { cookie: anon.cookie }));

    const response = await t.request('/api/community/feed', { cookie: anon.cookie });
    const text = await response.clone().text();
    const feed = await json<FeedPage>(response);
    const strategy = feed.items.filter((item) => item.achievement === 'strategy-master');
    expect(strategy.map((item) => item.member)).toEqual(
      expect.arrayContaining([
        { kind: 'public', name: 'Pia Public', startupName: 'Pialabs' },
        { kind: 'anonymous', pseudonym: anonSettings.pseudonym },
      ]),
    );
    expect(strategy.find((item) => item.mine)?.member).toEqual({ kind: 'anonymous', pseudonym: anonSettings.pseudonym });
    expect(strategy).toHaveLength(2);
    for (const founder of [pub, anon, hidden]) {
      expect(text).not.toContain(founder.user.id);
      expect(text).not.toContain(founder.email);
    }

    // Tier 2 lapses: public falls back to the pseudonym; a founder who hides vanishes from the past too.
    await t.db.update(users).set({ userTier: 1 }).where(eq(users.id, pub.user.id));
    expect((await visibility(anon.cookie, 'hidden')).status).toBe(200);
    const after = await json<FeedPage>(t.request('/api/community/feed', { cookie: anon.cookie }));
    const members = after.items.filter((item) => item.achievement === 'strategy-master').map((item) => item.member);
    expect(members).toHaveLength(1);
    expect(members[0]).toMatchObject({ kind: 'anonymous' });
    expect(JSON.stringify(after)).not.toContain('Pia');
  });
});

describe('leaderboards', () => {
  it('is tier 2: 403 PREMIUM_REQUIRED on tier 1', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/community/leaderboard', { cookie });
    expect(response.status).toBe(403);
    expect((await json<{ error: { code: string } }>(response)).error.code).toBe('PREMIUM_REQUIRED');
  });

  it('ranks by the period’s ledger points, top 50, with the founder’s own rank beyond it, hidden left out, filtered by phase', async () => {
    const db = t.db;
    // Clear the other tests' awards so the ranks below are this test's alone.
    await db.delete(pointsLedger);
    const seeded: string[] = [];
    for (let i = 0; i < 55; i++) seeded.push(await seedFounder({ points: 1000 - i * 10, phase: i % 2 === 0 ? 'mvp' : 'scaling' }));
    await seedFounder({ points: 5000, fullName: 'Old Timer', at: new Date(Date.now() - 400 * 86_400_000) });
    await db.insert(communityMembers).values({ userId: seeded[0]!, visibility: 'hidden', pseudonym: 999_999 });
    const me = await t.signUp();
    await premium(me.user.id);
    await db.update(users).set({ startupPhase: 'scaling' }).where(eq(users.id, me.user.id));
    await awardPointsForEach(db, { userId: me.user.id, event: 'context-added', sourceIds: ['c1', 'c2'] });

    const week = await json<Leaderboard>(t.request('/api/community/leaderboard?period=week', { cookie: me.cookie }));
    expect(week.rows).toHaveLength(50);
    // The hidden leader is left out; the next is first. The 400-day-old points are all-time only.
    expect(week.rows[0]).toMatchObject({ rank: 1, points: 990, mine: false });
    expect(week.rows.some((row) => row.points === 1000 || row.points === 5000)).toBe(false);
    expect(week.me).toEqual({ rank: 55, points: 20 });
    expect(JSON.stringify(week)).not.toContain(seeded[1]!);

    const all = await json<Leaderboard>(t.request('/api/community/leaderboard?period=all', { cookie: me.cookie }));
    expect(all.rows[0]).toMatchObject({ rank: 1, points: 5000 });
    expect(all.me.rank).toBe(56);

    const scaling = await json<Leaderboard>(t.request('/api/community/leaderboard?period=month&phase=scaling', { cookie: me.cookie }));
    expect(scaling.phase).toBe('scaling');
    expect(scaling.rows).toHaveLength(28);
    expect(scaling.rows.at(-1)).toMatchObject({ rank: 28, points: 20, mine: true });
    expect(scaling.me).toEqual({ rank: 28, points: 20 });

    expect((await visibility(me.cookie, 'hidden')).status).toBe(200);
    const hidden = await json<Leaderboard>(t.request('/api/community/leaderboard?period=week', { cookie: me.cookie }));
    expect(hidden.me).toEqual({ rank: null, points: 20 });

    for (const query of ['period=year', 'phase=unicorn', 'period=week&userId=x']) {
      expect((await t.request(`/api/community/leaderboard?${query}`, { cookie: me.cookie })).status, query).toBe(400);
    }
  });

  it('shows another founder’s points earned through the app at once, though the reader’s board was just read', async () => {
    await t.db.delete(pointsLedger);
    const reader = await t.signUp();
    const rival = await t.signUp();
    await premium(reader.user.id);
    const board = () => json<Leaderboard>(t.request('/api/community/leaderboard?period=week', { cookie: reader.cookie }));
    await awardPoints(t.db, { userId: reader.user.id, event: 'strategy-saved', sourceId: 's1' });
    await changed(reader.user.id);
    const before = await board();
    expect(before.rows.map((row) => row.mine)).toEqual([true]);
    expect(await board()).toEqual(before);

    // The rival's task, created through the API, earns points: the reader's next read shows them.
    const created = await t.request('/api/tasks', { method: 'POST', cookie: rival.cookie, json: validTask });
    expect(created.status).toBe(201);
    const after = await board();
    expect(after.rows).toHaveLength(2);
    expect(after.rows.find((row) => !row.mine)?.points).toBeGreaterThan(0);

    // The rival hides through the API: gone from the reader's board at once.
    expect((await visibility(rival.cookie, 'hidden')).status).toBe(200);
    expect((await board()).rows.map((row) => row.mine)).toEqual([true]);
  });

  it('follows every change at once: points revoked or added, last week’s points, a suspension, a new phase, ties', async () => {
    const db = t.db;
    await db.delete(pointsLedger);
    const me = await t.signUp();
    await premium(me.user.id);
    const board = (query = 'period=week') => json<Leaderboard>(t.request(`/api/community/leaderboard?${query}`, { cookie: me.cookie }));
    const lastWeek = new Date(Date.now() - 8 * 86_400_000);
    const rival = await seedFounder({ points: 300, phase: 'mvp' });
    const tied = await seedFounder({ points: 100, phase: 'mvp' });
    await seedFounder({ points: 900, phase: 'mvp', at: lastWeek });
    await db.insert(pointsLedger).values([
      { userId: me.user.id, event: 'task-created', sourceId: 't1', points: 100 },
      { userId: me.user.id, event: 'task-created', sourceId: 'old', points: 70, createdAt: lastWeek },
    ]);

    // Last week's points count all time, not this week; the tie shares its rank.
    expect((await board()).rows.map((row) => [row.rank, row.points])).toEqual([[1, 300], [2, 100], [2, 100]]);
    expect((await board()).me).toEqual({ rank: 2, points: 100 });
    expect((await board('period=all')).me).toEqual({ rank: 3, points: 170 });

    // A revoked row is taken back; a new one adds.
    await db.update(pointsLedger).set({ revokedAt: new Date() }).where(eq(pointsLedger.userId, rival));
    await db.insert(pointsLedger).values({ userId: tied, event: 'task-created', sourceId: 't2', points: 5 });
    await changed(tied);
    expect((await board()).rows.map((row) => [row.rank, row.points])).toEqual([[1, 105], [2, 100]]);
    expect((await board()).me).toEqual({ rank: 2, points: 100 });

    // A suspended founder leaves every board, and comes back when reactivated.
    await db.update(users).set({ status: 'suspended' }).where(eq(users.id, tied));
    await changed(tied);
    expect((await board()).me).toEqual({ rank: 1, points: 100 });
    await db.update(users).set({ status: 'active' }).where(eq(users.id, tied));
    await changed(tied);
    expect((await board()).me).toEqual({ rank: 2, points: 100 });

    // A new phase moves the founder to that phase's board.
    await db.update(users).set({ startupPhase: 'scaling' }).where(eq(users.id, tied));
    await changed(tied);
    expect((await board('period=week&phase=mvp')).rows.map((row) => row.points)).toEqual([]);
    expect((await board('period=week&phase=scaling')).rows.map((row) => row.points)).toEqual([105]);
    expect((await board('period=week&phase=scaling')).me).toEqual({ rank: null, points: 100 });

    // A deleted ledger row is taken back too.
    await db.delete(pointsLedger).where(eq(pointsLedger.userId, tied));
    await changed(tied);
    expect((await board()).rows.map((row) => row.points)).toEqual([100]);

    // Through all of it, the histogram the ranks are read from still counts exactly the listed totals.
    const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
    const histogram = await rows(sql`select period, starts_on::text, phase, points, founders from points_period_histogram where founders <> 0 order by 1, 2, 3, 4`);
    const counted = await rows(sql`select period, starts_on::text, coalesce(phase, '') as phase, points, count(*)::integer as founders
      from points_period_totals where listed and points > 0 group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
    expect(histogram.length).toBeGreaterThan(0);
    expect(histogram).toEqual(counted);
  });
});
