import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createTestApp } from './support/test-app.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
  if (weeklyRevenue !== null) {
    const saved = await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie: account.cookie, json: { ...workedWeek, weeklyRevenue } });
    expect(saved.status).toBe(200);
  }
  return account;
}

const benchmarks = async (cookie: string) => (await t.request('/api/metrics/benchmarks', { cookie })).json();

describe('GET /api/metrics/benchmarks (k-anonymity)', () => {
  it('shows nothing with fewer than 5 sharing peers; peers who opted out or recorded nothing do not count', async () => {
    const me = await founder('scaling', 'Fintech', 5000);
    for (const revenue of [1000, 2000, 3000, 4000]) await founder('scaling', 'Fintech', revenue);
    await founder('scaling', 'Fintech', 9000, false);
    await founder('scaling', 'Fintech', null);
    await founder('mvp', 'Fintech', 9000);
    const body = await benchmarks(me.cookie);
    expect(body).toEqual({ minPeers: 5, scope: null, peers: null, metrics: null, reason: 'too-few-peers' });
  });

  it('ranks among 5+ peers of the same phase with percentiles only, never a peer’s figure or id', async () => {
    const me = await founder('early-growth', 'Health', 5000);
    const peers = [];
    for (const [i, revenue] of [1111.11, 2222.22, 3333.33, 7777.77, 8888.88].entries()) {
      peers.push(await founder('early-growth', i < 2 ? 'Health' : 'Retail', revenue));
    }
    const response = await t.request('/api/metrics/benchmarks', { cookie: me.cookie });
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.scope).toBe('phase');
    expect(body.peers).toBe(5);
    // 3 of 5 peers have a lower MRR: 60th percentile; CAC is equal for all (mid-rank 50).
    expect(body.metrics.mrr).toEqual({ percentile: 60, betterThan: 60 });
    expect(body.metrics.cac).toEqual({ percentile: 50, betterThan: 50 });
    for (const peer of peers) expect(text).not.toContain(peer.user.id);
    for (const figure of ['1111', '2222', '3333', '7777', '8888', '4814', '9629']) expect(text).not.toContain(figure);

    // The peer at 1111.11 opts out: 4 remain, nothing is shown.
    await t.db.update(users).set({ benchmarkSharing: false }).where(eq(users.id, peers[0]!.user.id));
    expect((await benchmarks(me.cookie)).metrics).toBeNull();
  });

  it('narrows to the same industry when that alone has 5 peers', async () => {
    const me = await founder('mvp', 'EdTech', 5000);
    for (const revenue of [100, 200, 300, 400, 6000]) await founder('mvp', 'edtech', revenue);
    const body = await benchmarks(me.cookie);
    expect(body.scope).toBe('industry');
    expect(body.metrics.mrr.percentile).toBe(80);
    // Lower burn is better: four peers burn more (less revenue, same costs).
    expect(body.metrics.weeklyBurnRate).toEqual({ percentile: 20, betterThan: 80 });
  });

  it('says why when the founder has no weeks yet', async () => {
    const me = await founder('mvp', 'EdTech', null);
    expect(await benchmarks(me.cookie)).toMatchObject({ metrics: null, reason: 'no-weeks' });
  });
});
