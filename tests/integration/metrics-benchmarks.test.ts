import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createLogger } from '../../src/server/logger.ts';
import { peerSnapshotTakenAt, refreshPeerSnapshot, startPeerSnapshotJob } from '../../src/server/features/metrics/peer-snapshot.ts';
import { createTestApp } from './support/test-app.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const recordWeek = (cookie: string, weeklyRevenue: number) =>
  t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie, json: { ...workedWeek, weeklyRevenue } });

/** A founder of this phase and industry who recorded one week with this MRR driver. */
async function founder(phase: string, industry: string, weeklyRevenue: number | null, sharing = true) {
  const account = await t.signUp();
  const onboarding = await t.request('/api/onboarding', {
    method: 'POST',
    cookie: account.cookie,
    json: { industry, teamSize: '1', startupPhase: phase },
  });
  expect(onboarding.status).toBe(200);
  if (!sharing) await t.db.update(users).set({ benchmarkSharing: false }).where(eq(users.id, account.user.id));
  if (weeklyRevenue !== null) expect((await recordWeek(account.cookie, weeklyRevenue)).status).toBe(200);
  return account;
}

/** The daily refresh (the job runs it at midnight UTC; here it runs when the test says the day has turned). */
const nextDay = () => refreshPeerSnapshot(t.db);
const benchmarks = async (cookie: string) => (await t.request('/api/metrics/benchmarks', { cookie })).json();
let industries = 0;
/** An industry no other test uses, so its founders are only each other's peers. */
const ownIndustry = () => `Privacy ${++industries}`;

describe('GET /api/metrics/benchmarks (k-anonymity)', () => {
  it('shows nothing with fewer than 5 sharing peers; peers who opted out or recorded nothing do not count', async () => {
    const me = await founder('scaling', 'Fintech', 5000);
    for (const revenue of [1000, 2000, 3000, 4000]) await founder('scaling', 'Fintech', revenue);
    await founder('scaling', 'Fintech', 9000, false);
    await founder('scaling', 'Fintech', null);
    await founder('mvp', 'Fintech', 9000);
    await nextDay();
    const body = await benchmarks(me.cookie);
    expect(body).toMatchObject({ minPeers: 5, scope: null, peers: null, metrics: null, reason: 'too-few-peers' });
  });

  it('ranks among 5+ peers of the same phase in bands only, never a peer’s figure or id', async () => {
    const me = await founder('early-growth', 'Health', 5000);
    const peers = [];
    for (const [i, revenue] of [1111.11, 2222.22, 3333.33, 7777.77, 8888.88].entries()) {
      peers.push(await founder('early-growth', i < 2 ? 'Health' : 'Retail', revenue));
    }
    await nextDay();
    const response = await t.request('/api/metrics/benchmarks', { cookie: me.cookie });
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body).toMatchObject({ scope: 'phase', peers: 5, reason: null });
    // 3 of 5 peers have a lower MRR (better than 60 %): the middle half. CAC is equal for all: the middle.
    expect(body.metrics.mrr).toEqual({ band: 'middle' });
    expect(body.metrics.cac).toEqual({ band: 'middle' });
    for (const value of Object.values(body.metrics) as (object | null)[]) if (value !== null) expect(Object.keys(value)).toEqual(['band']);
    expect(body.metrics.revenueGrowth).toBeNull();
    for (const peer of peers) expect(text).not.toContain(peer.user.id);
    for (const figure of ['1111', '2222', '3333', '7777', '8888', '4814', '9629']) expect(text).not.toContain(figure);

    // The peer at 1111.11 opts out: 4 remain, nothing is shown.
    await t.db.update(users).set({ benchmarkSharing: false }).where(eq(users.id, peers[0]!.user.id));
    expect((await benchmarks(me.cookie)).metrics).toBeNull();
  });

  it('narrows to the same industry when that alone has 5 peers', async () => {
    const me = await founder('mvp', 'EdTech', 5000);
    for (const revenue of [100, 200, 300, 400, 6000]) await founder('mvp', 'edtech', revenue);
    await nextDay();
    const body = await benchmarks(me.cookie);
    expect(body.scope).toBe('industry');
    // Better than 4 of 5: the top quarter.
    expect(body.metrics.mrr).toEqual({ band: 'top' });
    // Lower burn is better: four peers burn more (less revenue, same costs).
    expect(body.metrics.weeklyBurnRate).toEqual({ band: 'top' });
    // Everyone recorded the same retention: NDR ties with every peer, the middle half.
    expect(body.metrics.ndr).toEqual({ band: 'middle' });
  });

  it('says why when the founder has no weeks yet', async () => {
    const me = await founder('mvp', 'EdTech', null);
    expect(await benchmarks(me.cookie)).toMatchObject({ metrics: null, reason: 'no-weeks' });
  });
});

/** A founder at 2,500 a week and five peers of an industry of their own at 1,000 … 5,000, in today's snapshot. */
async function founderAmongFive() {
  const industry = ownIndustry();
  const me = await founder('scaling', industry, 2500);
  const peers = [];
  for (const revenue of [1000, 2000, 3000, 4000, 5000]) peers.push(await founder('scaling', industry, revenue));
  await nextDay();
  return { me, peers, industry };
}

describe('the daily snapshot (decision 046): editing one’s own week cannot probe the peers', () => {
  it('the comparison does not move when the founder edits their week, until the snapshot refreshes', async () => {
    const { me } = await founderAmongFive();
    const before = await benchmarks(me.cookie);
    expect(before).toMatchObject({ scope: 'industry', peers: 5, reason: null });
    expect(before.metrics.mrr).toEqual({ band: 'middle' });

    // Probing: the founder tries one value after another. Nothing moves all day.
    for (const probe of [999_999, 1, 3500, 4500]) {
      expect((await recordWeek(me.cookie, probe)).status).toBe(200);
      expect(await benchmarks(me.cookie)).toEqual(before);
    }
    // The dashboard's own numbers are live; only the comparison waits.
    const summary = await (await t.request('/api/metrics/summary', { cookie: me.cookie })).json();
    expect(summary.latest.weeklyRecurringRevenue).toBe(4500);

    // After the refresh the last value recorded counts: better than 4 of 5, the top quarter.
    await nextDay();
    const after = await benchmarks(me.cookie);
    expect(after.metrics.mrr).toEqual({ band: 'top' });
    expect(new Date(after.asOf).getTime()).toBeGreaterThan(new Date(before.asOf).getTime());
  });

  it('a peer’s edits do not move it either; a founder new since the refresh waits for the next one', async () => {
    const { me, peers, industry } = await founderAmongFive();
    const before = await benchmarks(me.cookie);
    expect(before.metrics.mrr).toEqual({ band: 'middle' });

    // Two peers pass the founder today, and a sixth founder records a first week.
    for (const peer of peers.slice(0, 2)) expect((await recordWeek(peer.cookie, 9000)).status).toBe(200);
    const newcomer = await founder('scaling', industry, 100);
    expect(await benchmarks(me.cookie)).toEqual(before);
    expect(await benchmarks(newcomer.cookie)).toMatchObject({ metrics: null, reason: 'pending' });

    await nextDay();
    const after = await benchmarks(me.cookie);
    expect(after).toMatchObject({ peers: 6 });
    // Better than 1 of 6 (the newcomer): the bottom quarter.
    expect(after.metrics.mrr).toEqual({ band: 'bottom' });
    expect((await benchmarks(newcomer.cookie)).metrics.mrr).toEqual({ band: 'bottom' });
  });

  it('PATCH /api/me { benchmarkSharing: false } takes a founder out of their peers’ comparisons at once', async () => {
    const { me, peers } = await founderAmongFive();
    expect(await benchmarks(me.cookie)).toMatchObject({ scope: 'industry', peers: 5 });

    const optOut = await t.request('/api/me', { method: 'PATCH', cookie: peers[4]!.cookie, json: { benchmarkSharing: false } });
    expect(optOut.status).toBe(200);
    expect((await optOut.json()).benchmarkSharing).toBe(false);
    // No refresh needed: four peers are left in the industry, too few to show anything there.
    const without = await benchmarks(me.cookie);
    expect(without.scope).not.toBe('industry');

    const optIn = await t.request('/api/me', { method: 'PATCH', cookie: peers[4]!.cookie, json: { benchmarkSharing: true } });
    expect(optIn.status).toBe(200);
    expect(await benchmarks(me.cookie)).toMatchObject({ scope: 'industry', peers: 5 });
  });

  it('the job copies at start when a scheduled copy was missed, and not again until the next is due', async () => {
    await founder('mvp', ownIndustry(), 1000);
    // The last copy was taken two days ago: midnight has passed since, with no server running.
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await refreshPeerSnapshot(t.db, twoDaysAgo);
    const job = await startPeerSnapshotJob(t.db, createLogger('silent'), '0 0 * * *');
    job.stop();
    const takenAt = (await peerSnapshotTakenAt(t.db))!;
    expect(takenAt.getTime()).toBeGreaterThan(twoDaysAgo.getTime());
    // Just copied: starting again copies nothing.
    const again = await startPeerSnapshotJob(t.db, createLogger('silent'), '0 0 * * *');
    again.stop();
    expect(await peerSnapshotTakenAt(t.db)).toEqual(takenAt);
  });
});
