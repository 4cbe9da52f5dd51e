import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insight } from '../../src/core/insights/weekly-insights.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/** GET /api/insights: the signed-in founder's insights this week, from their own weeks only. */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const insightsOf = async (cookie?: string, query = '') => {
  const response = await t.request(`/api/insights${query}`, cookie ? { cookie } : {});
  return { status: response.status, body: (await response.json()) as { insights: Insight[] } };
};

describe('weekly insights', () => {
  it('tell the founder their runway crossed under 40 weeks, with the weeks before and now, and nobody else', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    // Burn 9,000 − 5,000 = 4,000 a week: 200,000 lasts 50 weeks, then 150,000 lasts 37.5.
    expect((await t.request(weekPath(weeksAgo(2)), { method: 'PUT', cookie: ana.cookie, json: workedWeek })).status).toBe(200);
    expect((await t.request(weekPath(weeksAgo(1)), { method: 'PUT', cookie: ana.cookie, json: { ...workedWeek, cashBalance: 150_000 } })).status).toBe(200);

    const mine = await insightsOf(ana.cookie);
    expect(mine.status).toBe(200);
    // Most severe first (decision 255): this founder's weekly churn of 5 % is seven times its 0.7 % limit,
    // further off than a runway just under 40 weeks, which is still said.
    expect(mine.body.insights[0]).toEqual({ kind: 'stillOffTarget', metric: 'churnRate', to: 0.05, threshold: 0.007, times: 0.05 / 0.007 });
    expect(mine.body.insights).toContainEqual({ kind: 'runwayBelowTarget', metric: 'runwayWeeks', from: 50, to: 37.5, threshold: 40 });
    expect(mine.body.insights.length).toBeLessThanOrEqual(3);

    // Another founder sees only their own (none), whatever the query says.
    expect(await insightsOf(ben.cookie)).toEqual({ status: 200, body: { insights: [] } });
    const anaId = (await answerOf('GET /api/me', t.request('/api/me', { cookie: ana.cookie }))).id;
    expect((await insightsOf(ben.cookie, `?userId=${anaId}`)).body).toEqual({ insights: [] });
  });

  it('remind a founder whose last record is older than last week', async () => {
    const founder = await t.signUp();
    expect((await t.request(weekPath(weeksAgo(3)), { method: 'PUT', cookie: founder.cookie, json: workedWeek })).status).toBe(200);
    const { body } = await insightsOf(founder.cookie);
    expect(body.insights).toEqual([{ kind: 'weekNotRecorded', week: weeksAgo(1), latest: weeksAgo(3) }]);
  });

  it('tell the founder their CAC jumped against its trend, with the four weeks as recorded', async () => {
    const founder = await t.signUp();
    // 2,000 of marketing for 10 new customers: CAC 200 three weeks running. Then 8,000 for 10:
    // CAC is worked out over the trailing four weeks, (3 × 2,000 + 8,000) ÷ 40 = 350.
    // No customer lost and users growing 5 % a week: nothing else off target to rank above the jump.
    for (const [offset, marketingCosts, weeklyActiveUsers] of [[4, 2000, 400], [3, 2000, 420], [2, 2000, 441], [1, 8000, 464]] as const) {
      const week = { ...workedWeek, marketingCosts, weeklyActiveUsers, lostCustomers: 0 };
      expect((await t.request(weekPath(weeksAgo(offset)), { method: 'PUT', cookie: founder.cookie, json: week })).status).toBe(200);
    }
    const { body } = await insightsOf(founder.cookie);
    expect(body.insights).toContainEqual({ kind: 'cacJumped', metric: 'cac', values: [200, 200, 200, 350] });
  });

  it('are Premium: a founder on Free gets 403 PREMIUM_REQUIRED', async () => {
    const free = await createTestApp({ TRIAL_DAYS: '0' });
    try {
      const { cookie } = await free.signUp();
      const response = await free.request('/api/insights', { cookie });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PREMIUM_REQUIRED');
    } finally {
      await free.close();
    }
  });

  it('refuse a signed-out client', async () => {
    const response = await t.request('/api/insights');
    expect(response.status).toBe(401);
  });
});
