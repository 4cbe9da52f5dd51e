import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weeksOfMonth } from '../../src/core/metrics/csv-periods.ts';
import { formatWeek, isoWeekStart } from '../../src/core/metrics/iso-week.ts';
import { createTestApp } from './support/test-app.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { refusal } from './support/refusal.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const importCsv = (cookie: string, body: BodyInit, type = 'text/csv') => t.request('/api/metrics/import', { method: 'POST', cookie, body, headers: { 'content-type': type } });
const weeksOf = async (cookie: string) => (await t.request('/api/metrics/weeks', { cookie })).json() as Promise<Array<Record<string, number | null>>>;
const isoDate = (offset: number) => isoWeekStart(weeksAgo(offset)).toISOString().slice(0, 10);

describe('monthly revenue', () => {
  it('a week sent as MRR is recorded as its weekly share, keeps the month, and round-trips through the CSV', async () => {
    const a = await t.signUp();
    const { weeklyRevenue: _weekly, ...withoutWeekly } = workedWeek;
    const saved = await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie: a.cookie, json: { ...withoutWeekly, monthlyRevenue: 10_000 } });
    expect(saved.status).toBe(200);
    const [week] = await weeksOf(a.cookie);
    expect(week).toMatchObject({ weeklyRevenue: 2307.69, monthlyRevenue: 10_000 });
    const summary = await (await t.request('/api/metrics/summary', { cookie: a.cookie })).json();
    expect(summary.latest.mrr).toBeCloseTo(9999.99, 6);

    const disagreeing = await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie: a.cookie, json: { ...workedWeek, monthlyRevenue: 10_000 } });
    expect(disagreeing.status).toBe(400);
    expect((await disagreeing.json()).error.details).toEqual([refusal({ field: 'weeklyRevenue', message: 'validation:metrics.monthlyMismatch' })]);

    const csv = await (await t.request('/api/metrics/export.csv', { cookie: a.cookie })).text();
    expect(csv.split('\r\n')[1]!.endsWith(',2307.69,200000,120,400,900,80,12.5,10000')).toBe(true);
    const b = await t.signUp();
    expect((await importCsv(b.cookie, csv)).status).toBe(200);
    expect(await weeksOf(b.cookie)).toEqual(await weeksOf(a.cookie));
  });
});

describe('POST /api/metrics/import reads a founder\'s own spreadsheet', () => {
  it('a Latin-1 file with Spanish headers, dates and a column order of its own', async () => {
    const { cookie } = await t.signUp();
    const header = 'Fecha;Ingresos semanales;Clientes al inicio;Clientes nuevos;Clientes perdidos;Ingresos perdidos por cancelación;Expansiones;Reducciones de plan;Costos semanales;Costos de marketing;Saldo de caja;Usuarios activos semanales;Año';
    const rows = [2, 1].map((offset) => `${isoDate(offset).split('-').reverse().join('/')};5.000,50;100;10;5;100;250;50;9.000;2.000;198.900,50;400;`);
    const response = await importCsv(cookie, Buffer.from([header, ...rows].join('\r\n'), 'latin1'));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({ imported: 2 });
    const weeks = await weeksOf(cookie);
    expect(weeks.map((week) => formatWeek(week as { year: number; week: number }))).toEqual([formatWeek(weeksAgo(1)), formatWeek(weeksAgo(2))]);
    // Starting revenue was not in the file: the second week starts from the first's revenue.
    expect(weeks[0]).toMatchObject({ weeklyRevenue: 5000.5, cashBalance: 198900.5, churnedRevenue: 100, startingRevenue: 5000.5 });
  });

  it('a file declared in another charset is read in it', async () => {
    const { cookie } = await t.signUp();
    const csv = `Semana ISO,Clientes al inicio,Clientes nuevos,Clientes perdidos,Ingresos semanales,Costos semanales,Costos de marketing,Saldo de caja,Usuarios activos semanales\r\n${formatWeek(weeksAgo(1))},100,10,5,5000,9000,2000,200000,400\r\n`;
    expect((await importCsv(cookie, Buffer.from(csv, 'latin1'), 'text/csv; charset=ISO-8859-1')).status).toBe(200);
    expect(await weeksOf(cookie)).toHaveLength(1);
  });

  it('one month per row, spread over its weeks', async () => {
    const { cookie } = await t.signUp();
    const now = new Date();
    const month = { year: now.getUTCFullYear() - 1, month: now.getUTCMonth() + 1 };
    const csv = `Mes,MRR,Clientes,Clientes nuevos,Clientes perdidos,Costos,Costos de marketing,Saldo de caja,Usuarios activos\r\n${month.year}-${String(month.month).padStart(2, '0')},13000,110,12,2,40000,8000,500000,900\r\n`;
    const response = await importCsv(cookie, csv);
    const weeks = weeksOfMonth(month);
    expect(await response.json()).toEqual({ imported: weeks.length });
    const stored = (await weeksOf(cookie)).reverse();
    expect(stored.map((week) => formatWeek(week as { year: number; week: number }))).toEqual(weeks.map(formatWeek));
    expect(stored.every((week) => week.weeklyRevenue === 3000 && week.monthlyRevenue === 13000 && week.churnedRevenue === 0)).toBe(true);
    expect(stored.reduce((sum, week) => sum + week.newCustomers!, 0)).toBe(12);
    expect(stored.reduce((sum, week) => sum + week.weeklyCosts!, 0)).toBe(40000);
  });

  it('refuses to guess what it cannot know: an unknown column, dates that read both ways', async () => {
    const { cookie } = await t.signUp();
    const csv = `Date,Starting customers,New customers,Lost customers,Weekly revenue,Weekly costs,Marketing costs,Cash balance,Weekly active users,Colour\r\n03/02/2026,100,10,5,5000,9000,2000,200000,400,blue\r\n`;
    const response = await importCsv(cookie, csv);
    expect(response.status).toBe(400);
    expect((await response.json()).error.details).toEqual([
      refusal({ row: 1, field: 'Colour', message: 'validation:import.unknownColumn' }),
      refusal({ row: 1, field: 'date', message: 'validation:import.ambiguousDates' }),
    ]);
    expect(await weeksOf(cookie)).toEqual([]);
  });
});
