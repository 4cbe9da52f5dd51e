import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { refusal } from './support/refusal.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Week = Record<string, number | null>;

const changeCurrency = (cookie: string, json: unknown) => t.request('/api/metrics/currency', { method: 'POST', cookie, json });
const weeksOf = async (cookie: string) => (await t.request('/api/metrics/weeks', { cookie })).json() as Promise<Week[]>;
const meOf = async (cookie: string) => (await t.request('/api/me', { cookie })).json() as Promise<{ currency: string }>;
const changesOf = async (cookie: string) => (await t.request('/api/metrics/currency-changes', { cookie })).json() as Promise<Record<string, unknown>[]>;
const summaryOf = async (cookie: string) => (await t.request('/api/metrics/summary', { cookie })).json() as Promise<{ latest: { mrr: number; cashBalance: number } }>;

/** A founder billing in MXN with two recorded weeks (cash of millions: a rate near the maximum overflows it). */
async function mexicanFounder() {
  const { cookie } = await t.signUp();
  expect((await t.request('/api/me', { method: 'PATCH', cookie, json: { currency: 'MXN' } })).status).toBe(200);
  for (const [offset, cash] of [[1, 2_500_000], [0, 2_000_000]] as const) {
    expect((await t.request(weekPath(weeksAgo(offset)), { method: 'PUT', cookie, json: { ...workedWeek, cashBalance: cash } })).status).toBe(200);
  }
  return cookie;
}

describe('POST /api/metrics/currency', () => {
  it('answers 401 signed out, for both routes', async () => {
    expect((await t.request('/api/metrics/currency', { method: 'POST', json: { mode: 'relabel', currency: 'USD' } })).status).toBe(401);
    expect((await t.request('/api/metrics/currency-changes')).status).toBe(401);
  });

  it('converts every past amount at the rate in one go, recomputes the metrics and records the change', async () => {
    const cookie = await mexicanFounder();
    const response = await changeCurrency(cookie, { mode: 'convert', currency: 'USD', rate: 0.05 });
    expect(response.status).toBe(201);
    const change = await response.json();
    expect(change).toMatchObject({ fromCurrency: 'MXN', toCurrency: 'USD', mode: 'convert', rate: 0.05, weeksConverted: 2 });
    expect(change).not.toHaveProperty('userId');

    const [latest, earlier] = await weeksOf(cookie);
    // Money × 0.05 to the cent; counts and the margin untouched.
    expect(latest).toMatchObject({ cashBalance: 100_000, weeklyRevenue: 250, startingRevenue: 240, churnedRevenue: 5, expansions: 12.5, downgrades: 2.5, weeklyCosts: 450, marketingCosts: 100, arpu: 0.63 });
    expect(latest).toMatchObject({ newCustomers: 10, startingCustomers: 100, weeklyActiveUsers: 400, grossMarginPct: 80 });
    expect(earlier!.cashBalance).toBe(125_000);
    expect((await meOf(cookie)).currency).toBe('USD');
    const { latest: metrics } = await summaryOf(cookie);
    expect(metrics.cashBalance).toBe(100_000);
    expect(metrics.mrr).toBeCloseTo((250 * 52) / 12, 2);
    expect(await changesOf(cookie)).toEqual([change]);
    // Every converted week is still a valid week: saved back as it is, it is accepted.
    const { year: _year, week: _week, ...input } = latest!;
    expect((await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie, json: input })).status).toBe(200);
  });

  it('relabels without touching a number, and records that too', async () => {
    const cookie = await mexicanFounder();
    const before = await weeksOf(cookie);
    const response = await changeCurrency(cookie, { mode: 'relabel', currency: 'USD' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ fromCurrency: 'MXN', toCurrency: 'USD', mode: 'relabel', rate: null, weeksConverted: 0 });
    expect(await weeksOf(cookie)).toEqual(before);
    expect((await meOf(cookie)).currency).toBe('USD');
  });

  it.each([
    ['a rate of 0', { mode: 'convert', currency: 'USD', rate: 0 }, 'rate', 'validation:currency.ratePositive'],
    ['a negative rate', { mode: 'convert', currency: 'USD', rate: -0.05 }, 'rate', 'validation:currency.ratePositive'],
    ['a rate written as text', { mode: 'convert', currency: 'USD', rate: '0.05' }, 'rate', 'validation:currency.rateNumber'],
    ['no rate', { mode: 'convert', currency: 'USD' }, 'rate', 'validation:currency.rateNumber'],
    ['a currency not offered', { mode: 'convert', currency: 'DOGE', rate: 1 }, 'currency', 'validation:profile.currency'],
    ['the current currency', { mode: 'convert', currency: 'MXN', rate: 2 }, 'currency', 'validation:currency.same'],
    ['a rate that makes an amount too large to store', { mode: 'convert', currency: 'COP', rate: 999_999 }, 'rate', 'validation:currency.tooLarge'],
  ])('refuses %s with 400 and changes nothing', async (_name, json, field, message) => {
    const cookie = await mexicanFounder();
    const before = await weeksOf(cookie);
    const { latest } = await summaryOf(cookie);
    const response = await changeCurrency(cookie, json);
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details).toContainEqual(refusal({ field, message }));
    expect(await weeksOf(cookie)).toEqual(before);
    expect((await summaryOf(cookie)).latest).toEqual(latest);
    expect((await meOf(cookie)).currency).toBe('MXN');
    expect(await changesOf(cookie)).toEqual([]);
  });

  it("touches only the founder's own weeks, and lists only their own changes", async () => {
    const ana = await mexicanFounder();
    const bruno = await mexicanFounder();
    const anasWeeks = await weeksOf(ana);
    expect((await changeCurrency(bruno, { mode: 'convert', currency: 'USD', rate: 0.05 })).status).toBe(201);
    expect(await weeksOf(ana)).toEqual(anasWeeks);
    expect((await meOf(ana)).currency).toBe('MXN');
    expect(await changesOf(ana)).toEqual([]);
    expect(await changesOf(bruno)).toHaveLength(1);
  });

  it('converts revenue typed per month, and the week derived from it still agrees', async () => {
    const { cookie } = await t.signUp();
    await t.request('/api/me', { method: 'PATCH', cookie, json: { currency: 'MXN' } });
    const { weeklyRevenue: _typedMonthly, ...week } = workedWeek;
    expect((await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie, json: { ...week, monthlyRevenue: 21_666.67 } })).status).toBe(200);
    expect((await changeCurrency(cookie, { mode: 'convert', currency: 'USD', rate: 0.055 })).status).toBe(201);
    const [latest] = await weeksOf(cookie);
    // 21,666.67 × 0.055 = 1,191.67 a month, 275.00 a week (× 12 ÷ 52).
    expect(latest).toMatchObject({ monthlyRevenue: 1191.67, weeklyRevenue: 275, cashBalance: 11_000 });
    const { year: _year, week: _week, ...input } = latest!;
    expect((await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie, json: input })).status).toBe(200);
  });

  it('converts into a currency without cents in whole units', async () => {
    const cookie = await mexicanFounder();
    expect((await changeCurrency(cookie, { mode: 'convert', currency: 'CLP', rate: 48.37 })).status).toBe(201);
    const [latest] = await weeksOf(cookie);
    expect(latest).toMatchObject({ cashBalance: 96_740_000, arpu: 605, expansions: 12_093 }); // 604.625 → 605; 12,092.5 → 12,093
  });
});
