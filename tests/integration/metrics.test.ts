import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weeksToCsv } from '../../src/core/metrics/csv.ts';
import { WEEK_CSV_COLUMNS } from '../../src/core/metrics/week-record.ts';
import { pointsLedger, users } from '../../src/server/db/schema/index.ts';
import { createTestApp } from './support/test-app.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { refusal } from './support/refusal.ts';
import { answerOf } from './support/answer.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const put = (cookie: string, key: { year: number; week: number }, json: unknown) =>
  t.request(weekPath(key), { method: 'PUT', cookie, json });
const weeksOf = async (cookie: string) => (await t.request('/api/metrics/weeks', { cookie })).json() as Promise<Array<Record<string, number>>>;
const importCsv = (cookie: string, body: string, type = 'text/csv') =>
  t.request('/api/metrics/import', { method: 'POST', cookie, body, headers: { 'content-type': type } });

describe('signed out', () => {
  it('every metrics route answers 401', async () => {
    for (const [method, path] of [
      ['GET', '/api/metrics/weeks'],
      ['PUT', weekPath(weeksAgo(0))],
      ['GET', '/api/metrics/summary'],
      ['GET', '/api/metrics/export.csv'],
      ['POST', '/api/metrics/import'],
      ['GET', '/api/metrics/benchmarks'],
    ] as const) {
      expect((await t.request(path, { method })).status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('PUT /api/metrics/weeks/:year/:week', () => {
  it('records a week, replaces it when sent again, and lists weeks newest first', async () => {
    const { cookie } = await t.signUp();
    const thisWeek = weeksAgo(0);
    const lastWeek = weeksAgo(1);
    expect((await put(cookie, lastWeek, workedWeek)).status).toBe(200);
    const saved = await put(cookie, thisWeek, { ...workedWeek, weeklyRevenue: 5100.5 });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ ...thisWeek, weeklyRevenue: 5100.5 });

    const replaced = await put(cookie, thisWeek, { ...workedWeek, weeklyRevenue: 6000, arpu: null });
    expect(replaced.status).toBe(200);
    const weeks = await weeksOf(cookie);
    expect(weeks.map((w) => [w.year, w.week])).toEqual([
      [thisWeek.year, thisWeek.week],
      [lastWeek.year, lastWeek.week],
    ]);
    expect(weeks[0]).toEqual({ ...thisWeek, ...workedWeek, weeklyRevenue: 6000, arpu: null });
  });

  it.each([
    ['negative customers', { startingCustomers: -1 }, 'startingCustomers', 'validation:metrics.nonNegative'],
    ['churned revenue above starting revenue', { churnedRevenue: 5000 }, 'churnedRevenue', 'validation:metrics.churnAboveStart'],
    ['gross margin over 100', { grossMarginPct: 120 }, 'grossMarginPct', 'validation:metrics.percent'],
    ['a non-numeric value', { weeklyRevenue: 'lots' }, 'weeklyRevenue', 'validation:metrics.number'],
    ['a computed metric sent by the client', { mrr: 999999 }, '', undefined],
  ])('refuses %s with 400 and writes nothing', async (_name, change, field, message) => {
    const { cookie } = await t.signUp();
    const response = await put(cookie, weeksAgo(0), { ...workedWeek, ...change });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    if (message) expect(body.error.details).toContainEqual(refusal({ field, message }));
    expect(await weeksOf(cookie)).toEqual([]);
  });

  it('refuses week 54, week 53 of a 52-week year, a future week and a malformed path', async () => {
    const { cookie } = await t.signUp();
    const notDigits = ['/api/metrics/weeks/2026.0/10', '/api/metrics/weeks/2026/1e1', '/api/metrics/weeks/2026/0x10'];
    for (const path of ['/api/metrics/weeks/2026/54', '/api/metrics/weeks/2025/53', '/api/metrics/weeks/2026/x', '/api/metrics/weeks/1999/10', ...notDigits]) {
      expect((await t.request(path, { method: 'PUT', cookie, json: workedWeek })).status, path).toBe(400);
    }
    const future = await put(cookie, weeksAgo(-3), workedWeek);
    expect(future.status).toBe(400);
    expect((await future.json()).error.details).toEqual([refusal({ field: 'week', message: 'validation:metrics.futureWeek' })]);
    expect(await weeksOf(cookie)).toEqual([]);
  });

  it('refuses a body with a blocked pattern as a security violation', async () => {
    const { cookie } = await t.signUp();
    const response = await put(cookie, weeksAgo(0), { ...workedWeek, note: '<script>alert(1)</script>' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('SECURITY_VIOLATION');
  });
});

describe('GET /api/metrics/summary', () => {
  it('is empty before the first week', async () => {
    const { cookie } = await t.signUp();
    const summary = await (await t.request('/api/metrics/summary', { cookie })).json();
    expect(summary).toMatchObject({ latest: null, series: [], statuses: null });
    expect(summary.targets.churnRate).toEqual({ direction: 'below', threshold: 0.007 });
  });

  it('computes every metric on the server from the records (worked check 1)', async () => {
    const { cookie } = await t.signUp();
    await put(cookie, weeksAgo(0), workedWeek);
    const { latest, series, statuses, targets, needsWeeks } = await (await t.request('/api/metrics/summary', { cookie })).json();
    expect(latest).toMatchObject({ ...weeksAgo(0), cac: 200, churnRate: 0.05, weeklyBurnRate: 4000, runwayWeeks: 50, cashBalance: 200000, activeUsers: 400, weeklyRecurringRevenue: 5000 });
    expect(latest.mrr).toBeCloseTo(21666.67, 2);
    expect(latest.arpc).toBeCloseTo(206.35, 2);
    expect(latest.ltv).toBeCloseTo(828.3, 1);
    expect(latest.paybackWeeks).toBeCloseTo(5.25, 2);
    expect(latest.ndr).toBeCloseTo(2.92, 2);
    expect(latest.ndrConfidence).toBe('low');
    expect(latest.ltvToCac).toBeCloseTo(4.14, 2);
    expect(series).toHaveLength(1);
    expect(statuses).toMatchObject({ paybackWeeks: 'on', ndr: 'on', runwayWeeks: 'on', churnRate: 'off', ltvToCac: 'near', revenueGrowth: null });
    expect(Object.keys(targets).sort()).toEqual(['churnRate', 'ltvToCac', 'ndr', 'paybackWeeks', 'revenueGrowth', 'runwayWeeks', 'userGrowth']);
    // One week: the metrics that need history say how many more weeks (decision 112).
    expect(needsWeeks).toEqual({ ndr: 12, revenueGrowth: 7, userGrowth: 1, ltv: 3, ltvToCac: 3 });
  });

  it('answers null, never 0 or Infinity, for zero denominators', async () => {
    const { cookie } = await t.signUp();
    await put(cookie, weeksAgo(0), { ...workedWeek, newCustomers: 0, lostCustomers: 0, weeklyCosts: 1000 });
    const { latest, statuses } = await (await t.request('/api/metrics/summary', { cookie })).json();
    expect(latest).toMatchObject({ cac: null, paybackWeeks: null, ltvToCac: null, ltv: null, churnRate: 0, runwayWeeks: null, runwayStatus: 'not-burning' });
    expect(statuses.runwayWeeks).toBe('on');
  });

  it('follows every save, import and delete (the cached summary is never stale)', async () => {
    const { cookie } = await t.signUp();
    const summary = async () => (await (await t.request('/api/metrics/summary', { cookie })).json()).latest;
    await put(cookie, weeksAgo(0), workedWeek);
    expect((await summary()).weeklyRecurringRevenue).toBe(5000);
    expect((await summary()).weeklyRecurringRevenue).toBe(5000);
    await put(cookie, weeksAgo(0), { ...workedWeek, weeklyRevenue: 5200 });
    expect((await summary()).weeklyRecurringRevenue).toBe(5200);
    await importCsv(cookie, weeksToCsv([{ ...weeksAgo(0), ...workedWeek, weeklyRevenue: 5300 }]));
    expect((await summary()).weeklyRecurringRevenue).toBe(5300);
    await t.request(weekPath(weeksAgo(0)), { method: 'DELETE', cookie });
    expect(await summary()).toBeNull();
  });

  it('charts every week, oldest first', async () => {
    const { cookie } = await t.signUp();
    for (const offset of [2, 0, 1]) await put(cookie, weeksAgo(offset), { ...workedWeek, weeklyActiveUsers: 100 * (3 - offset) });
    const { series, latest } = await (await t.request('/api/metrics/summary', { cookie })).json();
    expect(series.map((point: { activeUsers: number }) => point.activeUsers)).toEqual([100, 200, 300]);
    expect(latest.userGrowth).toBeCloseTo(0.5, 10);
  });
});

describe('the worked checks beyond the first, through the API', () => {
  const summaryOf = async (cookie: string) => (await t.request('/api/metrics/summary', { cookie })).json();
  /** Imports `weeks` (oldest first) ending this week, each the worked week changed by `change(index)`. */
  async function importWeeks(cookie: string, count: number, change: (index: number) => Partial<typeof workedWeek>) {
    const weeks = Array.from({ length: count }, (_, i) => ({ ...weeksAgo(count - 1 - i), ...workedWeek, ...change(i) }));
    const response = await importCsv(cookie, weeksToCsv(weeks));
    expect(response.status).toBe(200);
  }

  it('trailing window: churn, CAC and burn sum the last 4 recorded weeks; a quiet week does not zero churn, older weeks do not count (check 2)', async () => {
    const { cookie } = await t.signUp();
    // Week 0 (outside the window) lost 40 customers; week 3 lost none and won none.
    const lost = [40, 4, 4, 0, 4, 4];
    const won = [10, 10, 10, 0, 10, 10];
    await importWeeks(cookie, 6, (i) => ({ lostCustomers: lost[i]!, newCustomers: won[i]!, marketingCosts: 1000 * (i + 1), weeklyCosts: 8000 + 1000 * i }));
    const { latest } = await summaryOf(cookie);
    expect(latest.churnRate).toBeCloseTo((4 + 0 + 4 + 4) / 400, 12);
    expect(latest.cac).toBeCloseTo((3000 + 4000 + 5000 + 6000) / 30, 10);
    // Burn: (costs − revenue) averaged over the same 4 weeks: (10000 + 11000 + 12000 + 13000) / 4 − 5000.
    expect(latest.weeklyBurnRate).toBeCloseTo(46000 / 4 - 5000, 10);
    expect(latest.runwayWeeks).toBeCloseTo(200000 / 6500, 10);

    // No new customers anywhere in the window: CAC, payback and LTV:CAC are null, not 0.
    const quiet = await t.signUp();
    await importWeeks(quiet.cookie, 5, (i) => ({ newCustomers: i === 0 ? 50 : 0 }));
    expect((await summaryOf(quiet.cookie)).latest).toMatchObject({ cac: null, paybackWeeks: null, ltvToCac: null });
  });

  it('NDR compounds the last 52 weeks with revenue: measured at 52, projected with fewer, low confidence under 13', async () => {
    const { cookie } = await t.signUp();
    // 3 old weeks keeping half their revenue, then 52 weeks keeping 101 % (10 lost, 20 expansion on 1,000),
    // with 8 weeks of no starting revenue among them, which NDR skips.
    const retention = (i: number) =>
      i < 3
        ? { startingRevenue: 1000, churnedRevenue: 500, downgrades: 0, expansions: 0 }
        : (i - 3) % 8 === 7
          ? { startingRevenue: 0, churnedRevenue: 0, downgrades: 0, expansions: 0 }
          : { startingRevenue: 1000, churnedRevenue: 10, downgrades: 0, expansions: 20 };
    const total = 3 + 52 + Math.floor(52 / 7);
    await importWeeks(cookie, total, retention);
    const measured = (await summaryOf(cookie)).latest;
    expect(measured.ndrConfidence).toBe('measured');
    expect(measured.ndr).toBeCloseTo(1.01 ** 52, 8);

    const quarter = await t.signUp();
    await importWeeks(quarter.cookie, 13, () => retention(3));
    const projected = (await summaryOf(quarter.cookie)).latest;
    expect(projected.ndrConfidence).toBe('projected');
    expect(projected.ndr).toBeCloseTo((1.01 ** 13) ** 4, 8);

    const month = await t.signUp();
    await importWeeks(month.cookie, 4, () => retention(3));
    expect((await summaryOf(month.cookie)).latest).toMatchObject({ ndrConfidence: 'low' });
  });

  it('LTV in monthly terms (check 4): ARPC 100 and monthly churn 5 % with a 100 % margin give about 2,000', async () => {
    const { cookie } = await t.signUp();
    // 130,000 customers paying 3,000,000 a week: MRR 13,000,000, ARPC 100. 1,530 lost a week: 1 − (1 − 1530/130000)^(52/12) = 5.0009 %.
    await put(cookie, weeksAgo(0), {
      ...workedWeek,
      startingCustomers: 130_000,
      newCustomers: 1530,
      lostCustomers: 1530,
      startingRevenue: 3_000_000,
      weeklyRevenue: 3_000_000,
      churnedRevenue: 0,
      downgrades: 0,
      expansions: 0,
      grossMarginPct: 100,
    });
    const { latest } = await summaryOf(cookie);
    expect(latest.arpc).toBeCloseTo(100, 10);
    expect(latest.monthlyChurnRate).toBeCloseTo(0.05, 4);
    expect(latest.ltv).toBeCloseTo(2000, 0);
    expect(latest.withoutMargin).toBe(false);

    // Without a gross margin LTV uses 100 % and says so.
    await put(cookie, weeksAgo(0), { ...workedWeek, grossMarginPct: null });
    expect((await summaryOf(cookie)).latest).toMatchObject({ withoutMargin: true, grossMargin: null });
    expect((await summaryOf(cookie)).latest.ltv).toBeCloseTo(206.349 / 0.19934, 0);
  });

  it('growth counts back by calendar week: a missing week is a missing figure, until it is filled (decision 047)', async () => {
    const { cookie } = await t.signUp();
    await put(cookie, weeksAgo(2), { ...workedWeek, weeklyActiveUsers: 100 });
    await put(cookie, weeksAgo(0), { ...workedWeek, weeklyActiveUsers: 120 });
    let summary = await summaryOf(cookie);
    expect(summary.latest.userGrowth).toBeNull();
    expect(summary.statuses.userGrowth).toBeNull();

    await put(cookie, weeksAgo(1), { ...workedWeek, weeklyActiveUsers: 110 });
    summary = await summaryOf(cookie);
    expect(summary.latest.userGrowth).toBeCloseTo(120 / 110 - 1, 12);
    expect(summary.statuses.userGrowth).toBe('on');

    // Revenue growth and burn multiple need 8 and 5 calendar weeks; deleting week −4 leaves both without a figure.
    const grower = await t.signUp();
    await importWeeks(grower.cookie, 8, (i) => ({ weeklyRevenue: i < 4 ? 4000 : 5000, weeklyCosts: 9000 }));
    const full = (await summaryOf(grower.cookie)).latest;
    expect(full.revenueGrowth).toBeCloseTo(0.25, 12);
    expect(full.burnMultiple).not.toBeNull();
    expect((await t.request(weekPath(weeksAgo(4)), { method: 'DELETE', cookie: grower.cookie })).status).toBe(204);
    expect((await summaryOf(grower.cookie)).latest).toMatchObject({ revenueGrowth: null, burnMultiple: null });
  });
});

describe('DELETE /api/metrics/weeks/:year/:week and ownership', () => {
  it('deletes the owner’s week; another founder gets 404 and never sees it', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const key = weeksAgo(1);
    await put(a.cookie, key, workedWeek);

    expect((await t.request(weekPath(key), { method: 'DELETE', cookie: b.cookie })).status).toBe(404);
    expect(await weeksOf(b.cookie)).toEqual([]);
    expect((await (await t.request('/api/metrics/summary', { cookie: b.cookie })).json()).latest).toBeNull();
    expect(await (await t.request('/api/metrics/export.csv', { cookie: b.cookie })).text()).toBe(`${WEEK_CSV_COLUMNS.join(',')}\r\n`);
    expect(await weeksOf(a.cookie)).toHaveLength(1);

    expect((await t.request(weekPath(key), { method: 'DELETE', cookie: a.cookie })).status).toBe(204);
    expect(await weeksOf(a.cookie)).toEqual([]);
    expect((await t.request(weekPath(key), { method: 'DELETE', cookie: a.cookie })).status).toBe(404);
  });
});

describe('CSV export and import', () => {
  it('exports text/csv with a header row and escapes nothing that is a number', async () => {
    const { cookie } = await t.signUp();
    await put(cookie, weeksAgo(0), { ...workedWeek, cashBalance: -1500.25 });
    const response = await t.request('/api/metrics/export.csv', { cookie });
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const [header, row] = (await response.text()).split('\r\n');
    expect(header).toBe(WEEK_CSV_COLUMNS.join(','));
    expect(row).toContain(',-1500.25,');
  });

  it('round-trips exactly: export, import into another account, export again', async () => {
    const a = await t.signUp();
    for (const offset of [0, 1, 2, 10]) await put(a.cookie, weeksAgo(offset), { ...workedWeek, weeklyRevenue: 5000 + offset * 0.01, grossMarginPct: offset === 1 ? null : 72.5 });
    const csv = await (await t.request('/api/metrics/export.csv', { cookie: a.cookie })).text();
    const b = await t.signUp();
    const imported = await importCsv(b.cookie, csv);
    expect(imported.status).toBe(200);
    expect(await imported.json()).toEqual({ imported: 4 });
    expect(await (await t.request('/api/metrics/export.csv', { cookie: b.cookie })).text()).toBe(csv);
    expect(await weeksOf(b.cookie)).toEqual(await weeksOf(a.cookie));
  });

  it('round-trips values at the edge of every column exactly, and refuses what a column could not store', async () => {
    const a = await t.signUp();
    const edges = [
      { ...workedWeek, grossMarginPct: 62.25, arpu: 0.01, weeklyRevenue: 4999.99 },
      { ...workedWeek, grossMarginPct: 33.33, cashBalance: 999_999_999_999.99, weeklyActiveUsers: 2_147_483_647 },
      { ...workedWeek, grossMarginPct: 0.01, cashBalance: -999_999_999_999.99, marketingCosts: 0.1 },
    ];
    for (const [offset, week] of edges.entries()) expect((await put(a.cookie, weeksAgo(offset), week)).status).toBe(200);
    const stored = await weeksOf(a.cookie);
    expect(stored).toEqual(edges.map((week, offset) => ({ ...weeksAgo(offset), ...week })));
    const csv = await (await t.request('/api/metrics/export.csv', { cookie: a.cookie })).text();
    expect(csv).toContain(',62.25,0.01,\r\n');
    const b = await t.signUp();
    expect((await importCsv(b.cookie, csv)).status).toBe(200);
    expect(await weeksOf(b.cookie)).toEqual(stored);
    expect(await (await t.request('/api/metrics/export.csv', { cookie: b.cookie })).text()).toBe(csv);

    // More decimals than numeric(5,2) keeps, or more users than an integer holds: a 400 naming the field, not a 500.
    for (const [change, field, message] of [
      [{ grossMarginPct: 62.255 }, 'grossMarginPct', 'validation:metrics.percentDecimals'],
      [{ weeklyActiveUsers: 3_000_000_000 }, 'weeklyActiveUsers', 'validation:metrics.tooLarge'],
    ] as const) {
      const refused = await put(b.cookie, weeksAgo(0), { ...workedWeek, ...change });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error.details).toEqual([refusal({ field, message })]);
      const row = weeksToCsv([{ ...weeksAgo(0), ...workedWeek, ...change }]);
      expect((await (await importCsv(b.cookie, row)).json()).error.details).toEqual([refusal({ row: 2, field, message })]);
    }
    expect(await weeksOf(b.cookie)).toEqual(stored);
  });

  it('is all-or-nothing: one bad row writes nothing and lists row numbers and reasons', async () => {
    const { cookie } = await t.signUp();
    await put(cookie, weeksAgo(0), workedWeek);
    const before = await weeksOf(cookie);
    const good = { ...weeksAgo(0), ...workedWeek, weeklyRevenue: 1 };
    const lines = weeksToCsv([good, { ...weeksAgo(1), ...workedWeek }]).trimEnd().split('\r\n');
    lines.push(lines[2]!.replace(/^(\d+),(\d+),10,2000,100,5,/, '$1,54,10,2000,-3,5,'));
    lines.push(lines[2]!.replace(/,2000,/, ',=cmd|\' /C calc\'!A0,'));
    const response = await importCsv(cookie, lines.join('\n'));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Error importing CSV' });
    expect(body.error.details).toEqual(
      expect.arrayContaining([
        refusal({ row: 4, field: 'week', message: 'validation:metrics.week' }),
        refusal({ row: 4, field: 'startingCustomers', message: 'validation:metrics.nonNegative' }),
        refusal({ row: 5, field: 'marketingCosts', message: 'validation:metrics.number' }),
      ]),
    );
    expect(await weeksOf(cookie)).toEqual(before);
  });

  it('replaces existing weeks and reads a Spanish-locale file (BOM, semicolons, decimal commas)', async () => {
    const { cookie } = await t.signUp();
    const key = weeksAgo(0);
    await put(cookie, key, workedWeek);
    const spanish = `\uFEFF${WEEK_CSV_COLUMNS.join(';')}\r\n${key.year};${key.week};10;2.000;100;5;4.800;100;250;50;9.000;7.500,50;150.000;;400;;62,5;\r\n`;
    const response = await importCsv(cookie, spanish, 'text/csv; charset=utf-8');
    expect(response.status).toBe(200);
    const [week] = await weeksOf(cookie);
    expect(week).toMatchObject({ ...key, weeklyRevenue: 7500.5, cashBalance: 150000, grossMarginPct: 62.5, dailyActiveUsers: null, marketingCosts: 2000 });
    expect(await weeksOf(cookie)).toHaveLength(1);
  });

  it('reads tab-separated files in either number format, as their cells say', async () => {
    const { cookie } = await t.signUp();
    const tsv = (key: { year: number; week: number }, cells: string) => `${WEEK_CSV_COLUMNS.join('\t')}\n${key.year}\t${key.week}\t${cells}\n`;
    const english = tsv(weeksAgo(1), '10\t1,200\t100\t5\t4,800\t100\t250\t50\t9,000\t5,000.75\t200,000\t\t400\t\t62.5\t');
    expect((await importCsv(cookie, english, 'text/plain')).status).toBe(200);
    const spanish = tsv(weeksAgo(0), '10\t2.000\t100\t5\t4.800\t100\t250\t50\t9.000\t1.234,5\t200.000\t\t400\t\t62,5\t');
    expect((await importCsv(cookie, spanish)).status).toBe(200);
    const [thisWeek, lastWeek] = await weeksOf(cookie);
    expect(lastWeek).toMatchObject({ marketingCosts: 1200, startingRevenue: 4800, weeklyRevenue: 5000.75, cashBalance: 200000, grossMarginPct: 62.5 });
    expect(thisWeek).toMatchObject({ marketingCosts: 2000, startingRevenue: 4800, weeklyRevenue: 1234.5, cashBalance: 200000, grossMarginPct: 62.5 });
  });

  it('names rows by the file\'s real line numbers when blank lines are skipped', async () => {
    const { cookie } = await t.signUp();
    const [header, row] = weeksToCsv([{ ...weeksAgo(1), ...workedWeek }]).trimEnd().split('\r\n');
    const bad = weeksToCsv([{ ...weeksAgo(0), ...workedWeek }]).trimEnd().split('\r\n')[1]!.replace(',4800,100,', ',4800,9999,');
    const response = await importCsv(cookie, ['', header, '', row, ',,,', '', bad, ''].join('\r\n'));
    expect(response.status).toBe(400);
    expect((await response.json()).error.details).toEqual([refusal({ row: 7, field: 'churnedRevenue', message: 'validation:metrics.churnAboveStart' })]);
    expect(await weeksOf(cookie)).toEqual([]);
  });

  it('refuses future weeks, duplicate weeks, non-CSV bodies and files over the size limit', async () => {
    const { cookie } = await t.signUp();
    const future = weeksToCsv([{ ...weeksAgo(-5), ...workedWeek }]);
    expect((await (await importCsv(cookie, future)).json()).error.details).toEqual([refusal({ row: 2, field: 'week', message: 'validation:metrics.futureWeek' })]);
    const lines = weeksToCsv([{ ...weeksAgo(0), ...workedWeek }]).trimEnd().split('\r\n');
    const duplicate = await importCsv(cookie, [...lines, lines[1]].join('\n'));
    expect((await duplicate.json()).error.details).toEqual([{ row: 3, field: 'week', message: 'This week appears twice in the file.', key: 'validation:import.duplicateWeek' }]);
    const notCsv = await importCsv(cookie, '{"a":1}', 'application/json');
    expect(notCsv.status).toBe(400);
    expect((await notCsv.json()).error.details).toEqual([{ field: 'body', message: 'Send the file as CSV.', key: 'validation:import.notCsv' }]);
    const huge = await importCsv(cookie, `${lines[0]}\n${'9'.repeat(50 * 1024 * 1024)}`);
    expect(huge.status).toBe(413);
    expect((await t.request('/api/health')).status).toBe(200);
    expect(await weeksOf(cookie)).toEqual([]);
  });

  it('imports 10 years of weekly rows in one go', async () => {
    const { cookie } = await t.signUp();
    const decade = Array.from({ length: 520 }, (_, i) => ({ ...weeksAgo(519 - i), ...workedWeek, weeklyRevenue: 1000 + i }));
    const response = await importCsv(cookie, weeksToCsv(decade));
    expect(await response.json()).toEqual({ imported: 520 });
    const summary = async (query: string) => (await t.request(`/api/metrics/summary${query}`, { cookie })).json();
    const { series, latest } = await summary('?range=all');
    expect(series).toHaveLength(520);
    expect(latest.weeklyRecurringRevenue).toBe(1519);
    expect(latest.ndrConfidence).toBe('measured');
    // By default a year of weeks travels, not ten; the latest week is the same whatever the range.
    const byDefault = await summary('');
    expect(byDefault.series).toHaveLength(52);
    expect(byDefault.series.at(-1)).toEqual(series.at(-1));
    expect(byDefault.latest).toEqual(latest);
    expect((await summary('?range=12w')).series.map((p: { weeklyRecurringRevenue: number }) => p.weeklyRecurringRevenue)).toEqual(
      Array.from({ length: 12 }, (_, i) => 1508 + i),
    );
    expect((await summary('?range=6m')).series).toHaveLength(26);
  });

  it('cuts the series by calendar weeks, so missing weeks do not stretch a range, and refuses an unknown range', async () => {
    const { cookie } = await t.signUp();
    for (const offset of [0, 11, 12, 30]) await put(cookie, weeksAgo(offset), workedWeek);
    const weeksIn = async (range: string) => (await (await t.request(`/api/metrics/summary?range=${range}`, { cookie })).json()).series.length;
    expect(await weeksIn('12w')).toBe(2);
    expect(await weeksIn('6m')).toBe(3);
    expect(await weeksIn('1y')).toBe(4);
    const refused = await t.request('/api/metrics/summary?range=forever', { cookie });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'range', message: 'Range must be one of 12w, 6m, 1y, all' }] });
  });
});

describe('tier 2: historical data management', () => {
  let free: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    free = await createTestApp({ TRIAL_DAYS: '0' });
  });
  afterAll(() => free.close());

  it('a tier-1 founder edits the last 4 weeks but not older ones, and cannot import', async () => {
    const { cookie, user } = await free.signUp();
    const send = (key: { year: number; week: number }, method = 'PUT') =>
      free.request(weekPath(key), { method, cookie, json: method === 'PUT' ? workedWeek : undefined });
    expect((await send(weeksAgo(0))).status).toBe(200);
    expect((await send(weeksAgo(3))).status).toBe(200);
    const old = await send(weeksAgo(4));
    expect(old.status).toBe(403);
    expect((await old.json()).error.code).toBe('PREMIUM_REQUIRED');
    const csv = weeksToCsv([{ ...weeksAgo(0), ...workedWeek }]);
    const refused = await free.request('/api/metrics/import', { method: 'POST', cookie, body: csv, headers: { 'content-type': 'text/csv' } });
    expect(refused.status).toBe(403);
    expect((await free.request('/api/metrics/benchmarks', { cookie })).status).toBe(403);

    await free.db.update(users).set({ userTier: 2 }).where(eq(users.id, user.id));
    expect((await send(weeksAgo(4))).status).toBe(200);
    await free.db.update(users).set({ userTier: 1 }).where(eq(users.id, user.id));
    expect((await send(weeksAgo(4), 'DELETE')).status).toBe(403);
    expect((await send(weeksAgo(3), 'DELETE')).status).toBe(204);
  });

  it('the trial counts as tier 2', async () => {
    const { cookie } = await t.signUp();
    expect((await put(cookie, weeksAgo(30), workedWeek)).status).toBe(200);
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me).toMatchObject({ isInTrial: true, effectiveUserTier: 2 });
  });
});

describe('points, streak and Metrics Master', () => {
  type Gamification = { streak: number; badges: { key: string }[]; ledger: { event: string; points: number }[] };
  const gamification = async (cookie: string) => (await t.request('/api/me/gamification', { cookie })).json() as Promise<Gamification>;

  it('counts a saved week as today’s activity, once per week however often it is saved', async () => {
    const { cookie } = await t.signUp();
    expect((await put(cookie, weeksAgo(0), workedWeek)).status).toBe(200);
    expect((await put(cookie, weeksAgo(0), { ...workedWeek, newCustomers: 11 })).status).toBe(200);
    const standing = await gamification(cookie);
    expect(standing.streak).toBe(1);
    expect(standing.ledger.filter((row) => row.event === 'metrics-saved')).toHaveLength(1);
  });

  it('a recent week earns 10 points once; typing or importing the same weeks earns the same, history nothing', async () => {
    const points = async (cookie: string) => (await gamification(cookie)).ledger.filter((row) => row.event === 'metrics-saved').map((row) => row.points);
    const typed = await t.signUp();
    const imported = await t.signUp();
    // Two weeks still recent and one old enough to be history (the trial lets both tiers type it).
    const weeks = [weeksAgo(10), weeksAgo(1), weeksAgo(0)];
    for (const week of weeks) expect((await put(typed.cookie, week, workedWeek)).status).toBe(200);
    expect((await put(typed.cookie, weeksAgo(0), { ...workedWeek, newCustomers: 12 })).status).toBe(200);
    expect((await importCsv(imported.cookie, weeksToCsv(weeks.map((week) => ({ ...week, ...workedWeek }))))).status).toBe(200);
    for (const cookie of [typed.cookie, imported.cookie]) {
      expect((await points(cookie)).sort((a, b) => a - b)).toEqual([0, 10, 10]);
      expect((await answerOf('GET /api/me/gamification', t.request('/api/me/gamification', { cookie }))).points).toBe(20);
    }
    // Importing them again earns nothing more.
    expect((await importCsv(imported.cookie, weeksToCsv(weeks.map((week) => ({ ...week, ...workedWeek }))))).status).toBe(200);
    expect(await points(imported.cookie)).toHaveLength(3);
  });

  it('a first import of ten years awards every week once, and a re-import awards none again', async () => {
    const { cookie, user } = await t.signUp();
    const decade = Array.from({ length: 520 }, (_, i) => ({ ...weeksAgo(519 - i), ...workedWeek }));
    expect((await importCsv(cookie, weeksToCsv(decade))).status).toBe(200);
    const ledger = () => t.db.select().from(pointsLedger).where(eq(pointsLedger.userId, user.id));
    expect((await ledger()).filter((row) => row.event === 'metrics-saved')).toHaveLength(520);
    expect((await gamification(cookie)).badges.map((badge) => badge.key)).toContain('metrics-master');
    expect((await importCsv(cookie, weeksToCsv(decade))).status).toBe(200);
    expect(await ledger()).toHaveLength(520);
  });

  it('weeks and their awards commit together: if the award fails, no week is written', async () => {
    const { cookie, user } = await t.signUp();
    // A real failure inside the database, for this founder's metrics awards only.
    await t.db.execute(sql.raw(`
      create function refuse_metrics_award() returns trigger language plpgsql as $$
      begin
        if new.user_id = '${user.id}' and new.event = 'metrics-saved' then raise exception 'ledger unavailable'; end if;
        return new;
      end $$`));
    await t.db.execute(sql.raw('create trigger refuse_metrics_award before insert on points_ledger for each row execute function refuse_metrics_award()'));
    try {
      expect((await put(cookie, weeksAgo(0), workedWeek)).status).toBe(500);
      expect((await importCsv(cookie, weeksToCsv([{ ...weeksAgo(1), ...workedWeek }]))).status).toBe(500);
      expect(await weeksOf(cookie)).toEqual([]);
      expect((await (await t.request('/api/metrics/summary', { cookie })).json()).latest).toBeNull();
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_metrics_award on points_ledger'));
      await t.db.execute(sql.raw('drop function refuse_metrics_award()'));
    }
    expect((await put(cookie, weeksAgo(0), workedWeek)).status).toBe(200);
    expect(await weeksOf(cookie)).toHaveLength(1);
  });

  it('unlocks Metrics Master with 7 consecutive weeks recorded (here by import), not with 6', async () => {
    const { cookie } = await t.signUp();
    const sixWeeks = [6, 5, 4, 3, 2, 1].map((offset) => ({ ...weeksAgo(offset), ...workedWeek }));
    expect((await importCsv(cookie, weeksToCsv(sixWeeks))).status).toBe(200);
    expect((await gamification(cookie)).badges.map((badge) => badge.key)).not.toContain('metrics-master');

    expect((await put(cookie, weeksAgo(0), workedWeek)).status).toBe(200);
    expect((await gamification(cookie)).badges.map((badge) => badge.key)).toContain('metrics-master');
  });
});
