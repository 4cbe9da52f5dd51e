import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CSV_LABELS, suggestMapping, targetOfHeader } from '../../../src/core/metrics/csv-columns.ts';
import { csvTemplate, decodeCsvBytes, importTable, parseWeeksCsv, readCsvTable, suggestImport } from '../../../src/core/metrics/csv.ts';
import { detectDateOrder, parseMonthCell, weekOfDateCell, weeksOfMonth } from '../../../src/core/metrics/csv-periods.ts';
import { formatWeek, isoWeekOf, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import { WEEK_INPUT_FIELDS } from '../../../src/core/metrics/week-record.ts';

const localeFields = (language: string) => JSON.parse(fs.readFileSync(`src/web/locales/${language}/metrics.json`, 'utf8')).fields as Record<string, string>;
const spanishHeader = ['Fecha', ...WEEK_INPUT_FIELDS.map((field) => CSV_LABELS['es-LA'][field])].join(';');
/** One week's cells, in WEEK_INPUT_FIELDS order, as a Spanish spreadsheet writes them. */
const spanishCells = '10;2.000;100;5;4.800;100;250;50;9.000;5.000,50;198.900,50;120;400;900;80;12,5';

describe('matching columns', () => {
  it('knows Rumbo\'s own labels in both languages (the form\'s, from the locale files) and the API names', () => {
    for (const language of ['en', 'es-LA'] as const) {
      const labels = localeFields(language);
      for (const field of WEEK_INPUT_FIELDS) {
        expect(CSV_LABELS[language][field]).toBe(labels[field]);
        expect(targetOfHeader(labels[field]!)).toBe(field);
        expect(targetOfHeader(field)).toBe(field);
      }
      expect(targetOfHeader(labels.monthlyRevenue!)).toBe('monthlyRevenue');
    }
  });

  it('matches any case, accents or none, common names, and leaves what it does not know for the founder', () => {
    expect(suggestMapping(['AÑO', 'semana', 'INGRESOS SEMANALES', 'Ano', 'Plata en el banco', 'MRR', 'Clientes', 'weekly_costs'])).toEqual([
      'year',
      'week',
      'weeklyRevenue',
      null, // a second year column is not guessed
      null,
      'monthlyRevenue',
      'endingCustomers',
      'weeklyCosts',
    ]);
  });
});

describe('periods', () => {
  it('reads a date as its ISO week, day first or month first, and tells the order when a cell proves it', () => {
    expect(weekOfDateCell('2026-11-02', 'dmy')).toEqual({ year: 2026, week: 45 });
    expect(weekOfDateCell('02/11/2026', 'dmy')).toEqual({ year: 2026, week: 45 });
    expect(weekOfDateCell('11/02/2026', 'mdy')).toEqual({ year: 2026, week: 45 });
    expect(weekOfDateCell('2026-12-31', 'dmy')).toEqual({ year: 2026, week: 53 });
    expect(weekOfDateCell('2027-01-01', 'dmy')).toEqual({ year: 2026, week: 53 });
    expect(weekOfDateCell('31/02/2026', 'dmy')).toBeNull();
    expect(detectDateOrder(['02/11/2026', '23/11/2026'])).toBe('dmy');
    expect(detectDateOrder(['11/02/2026', '11/23/2026'])).toBe('mdy');
    expect(detectDateOrder(['02/11/2026', '09/11/2026'])).toBeNull();
  });

  it('reads months written many ways', () => {
    for (const cell of ['2026-11', '11/2026', 'nov 2026', 'Noviembre de 2026', 'November 2026', 'nov.-2026', '2026-11-01']) {
      expect(parseMonthCell(cell, 'dmy'), cell).toEqual({ year: 2026, month: 11 });
    }
    expect(parseMonthCell('11', 'dmy', '2026')).toEqual({ year: 2026, month: 11 });
    expect(parseMonthCell('sept', 'dmy', '2026')).toEqual({ year: 2026, month: 9 });
    expect(parseMonthCell('13/2026', 'dmy')).toBeNull();
  });

  it('gives every ISO week to exactly one month: the one its Thursday is in', () => {
    const weeks = Array.from({ length: 12 * 5 }, (_, i) => weeksOfMonth({ year: 2024 + Math.floor(i / 12), month: (i % 12) + 1 })).flat();
    const first = weekIndex(weeks[0]!);
    expect(weeks.map(weekIndex)).toEqual(Array.from({ length: weeks.length }, (_, i) => first + i));
    expect(weeksOfMonth({ year: 2026, month: 10 }).map(formatWeek)).toEqual(['2026-W40', '2026-W41', '2026-W42', '2026-W43', '2026-W44']);
    expect(weeksOfMonth({ year: 2026, month: 11 }).map(formatWeek)).toEqual(['2026-W45', '2026-W46', '2026-W47', '2026-W48']);
  });
});

describe('importing a founder\'s own spreadsheet', () => {
  const notAfter = { year: 2026, week: 50 };

  it('reads Spanish headers in any order, dates for weeks, and a Latin-1 file', () => {
    const text = `${spanishHeader}\r\n02/11/2026;${spanishCells}\r\n`;
    const bytes = Uint8Array.from(Buffer.from(text, 'latin1'));
    const decoded = decodeCsvBytes(bytes);
    expect(decoded.encoding).toBe('windows-1252');
    expect(decoded.text).toContain('Ingresos perdidos por cancelación');
    const parsed = parseWeeksCsv(decoded.text, { notAfter });
    expect(parsed.errors).toEqual([]);
    expect(parsed.records).toEqual([
      { year: 2026, week: 45, newCustomers: 10, marketingCosts: 2000, startingCustomers: 100, lostCustomers: 5, startingRevenue: 4800, churnedRevenue: 100, expansions: 250, downgrades: 50, weeklyCosts: 9000, weeklyRevenue: 5000.5, cashBalance: 198900.5, dailyActiveUsers: 120, weeklyActiveUsers: 400, monthlyActiveUsers: 900, grossMarginPct: 80, arpu: 12.5, monthlyRevenue: null },
    ]);
    // Reversed columns read the same.
    const reversed = [spanishHeader.split(';').reverse().join(';'), `${spanishCells.split(';').reverse().join(';')};2026-11-02`].join('\n');
    expect(parseWeeksCsv(reversed, { notAfter }).records).toEqual(parsed.records);
    expect(decodeCsvBytes(new TextEncoder().encode(text)).encoding).toBe('utf-8');
  });

  it('lets the founder place an unknown column, and reads the rest of the row', () => {
    const text = ['Semana del;Clientes nuevos;Costos de marketing;Clientes al inicio;Clientes perdidos;Costos semanales;Ingresos semanales;Plata en el banco;Usuarios activos semanales', '02/11/2026;10;2.000;100;5;9.000;5.000;200.000;400', '09/11/2026;12;2.000;105;3;9.000;5.100;195.000;420'].join('\n');
    const table = readCsvTable(text)!;
    const plan = suggestImport(table, 'en');
    // Spanish headers write the day first, whatever the founder's language.
    expect(plan).toMatchObject({ period: 'week', dateOrder: 'dmy', dateOrderInDoubt: false });
    expect(plan.mapping[7]).toBeNull();
    // The API has no one to ask.
    expect(importTable(table, { notAfter }).errors).toEqual([
      { row: 1, field: 'Plata en el banco', message: 'validation:import.unknownColumn' },
      { row: 1, field: 'cashBalance', message: 'validation:import.missingColumn' },
    ]);
    const mapping = [...plan.mapping];
    mapping[7] = 'cashBalance';
    const parsed = importTable(table, { notAfter, plan: { ...plan, mapping } });
    expect(parsed.errors).toEqual([]);
    // Starting revenue was not in the file: each week starts from the one before (the first from its own).
    expect(parsed.records.map((week) => [formatWeek(week), week.startingRevenue, week.cashBalance])).toEqual([
      ['2026-W45', 5000, 200000],
      ['2026-W46', 5000, 195000],
    ]);
  });

  it('asks which way dates are written when no cell tells, and the API refuses to guess', () => {
    const text = ['Date,New customers,Marketing costs,Starting customers,Lost customers,Weekly costs,Weekly revenue,Cash balance,Weekly active users', '11/02/2026,10,2000,100,5,9000,5000,200000,400', '11/09/2026,12,2000,105,3,9000,5100,195000,420'].join('\n');
    const table = readCsvTable(text)!;
    const plan = suggestImport(table, 'en');
    expect(plan).toMatchObject({ dateOrder: 'mdy', dateOrderInDoubt: true });
    expect(importTable(table, { notAfter }).errors).toEqual([{ row: 1, field: 'date', message: 'validation:import.ambiguousDates' }]);
    expect(importTable(table, { notAfter, plan }).records.map(formatWeek)).toEqual(['2026-W45', '2026-W46']);
    expect(importTable(table, { notAfter, plan: { ...plan, dateOrder: 'dmy' } }).records.map(formatWeek)).toEqual(['2026-W07', '2026-W37']);
    expect(suggestImport(table, 'es-LA').dateOrder).toBe('dmy');
  });

  it('spreads one month per row over its weeks, adding up to the month, with MRR as weekly revenue × 12 ÷ 52', () => {
    const text = ['Mes,Clientes,Clientes nuevos,Clientes perdidos,MRR,Costos,Costos de marketing,Saldo de caja,Usuarios activos', '2026-10,110,12,2,13000,40000,8000,500000,900', '2026-11,118,10,2,13650,41000.10,8000,460000,950'].join('\n');
    const parsed = parseWeeksCsv(text, { notAfter });
    expect(parsed.errors).toEqual([]);
    expect(parsed.plan).toMatchObject({ period: 'month' });
    const october = parsed.records.filter((week) => weeksOfMonth({ year: 2026, month: 10 }).some((key) => formatWeek(key) === formatWeek(week)));
    const november = parsed.records.filter((week) => !october.includes(week));
    expect(october).toHaveLength(5);
    expect(november).toHaveLength(4);
    const sum = (weeks: typeof october, field: 'newCustomers' | 'weeklyCosts' | 'lostCustomers') => weeks.reduce((total, week) => total + week[field] * 100, 0) / 100;
    expect([sum(october, 'newCustomers'), sum(october, 'lostCustomers'), sum(october, 'weeklyCosts')]).toEqual([12, 2, 40000]);
    expect([sum(november, 'newCustomers'), sum(november, 'weeklyCosts')]).toEqual([10, 41000.1]);
    expect(october.map((week) => week.newCustomers)).toEqual([3, 3, 2, 2, 2]);
    expect(november.map((week) => week.weeklyCosts)).toEqual([10250.03, 10250.03, 10250.02, 10250.02]);
    expect(october.every((week) => week.weeklyRevenue === 3000 && week.monthlyRevenue === 13000)).toBe(true);
    // Customers: October ended with 110, so it started with 100; each week starts where the last ended.
    expect(october.map((week) => week.startingCustomers)).toEqual([100, 102, 104, 106, 108]);
    expect(november[0]!.startingCustomers).toBe(110);
    expect(november[0]!.startingRevenue).toBe(3000);
    expect(parsed.lines).toEqual([2, 2, 2, 2, 2, 3, 3, 3, 3]);
    // No column for the revenue movements: recorded as 0, and the preview says so.
    expect(parsed.zeroed).toEqual(['churnedRevenue', 'expansions', 'downgrades']);
    expect(october[0]).toMatchObject({ churnedRevenue: 0, expansions: 0, downgrades: 0 });
  });

  it('leaves out the weeks of the current month that have not come yet', () => {
    const thisWeek = isoWeekOf(new Date(Date.UTC(2026, 10, 12)));
    const parsed = parseWeeksCsv('Mes;MRR;Clientes al inicio;Clientes nuevos;Clientes perdidos;Costos;Costos de marketing;Saldo de caja;Usuarios activos\nnoviembre 2026;13.000;100;10;0;40.000;8.000;500.000;900\n', { notAfter: thisWeek });
    expect(parsed.records.map(formatWeek)).toEqual(['2026-W45', '2026-W46']);
    expect(parseWeeksCsv('Mes;MRR;Clientes al inicio;Clientes nuevos;Clientes perdidos;Costos;Costos de marketing;Saldo de caja;Usuarios activos\ndiciembre 2026;13.000;100;10;0;40.000;8.000;500.000;900\n', { notAfter: thisWeek }).errors).toEqual([
      { row: 2, field: 'month', message: 'validation:metrics.futureWeek' },
    ]);
  });

  it('offers a template in each language that imports once filled in', () => {
    for (const language of ['en', 'es-LA'] as const) {
      const template = csvTemplate(language);
      expect(template.startsWith('\uFEFF')).toBe(true);
      const header = template.slice(1).trimEnd();
      expect(header.split(language === 'es-LA' ? ';' : ',')[0]).toBe(language === 'es-LA' ? 'Fecha' : 'Date');
      const week = { year: 2026, week: 50 };
      const monday = new Date(Date.UTC(2026, 11, 7)).toISOString().slice(0, 10);
      const row = language === 'es-LA' ? `${monday};100;10;5;5.000;4.800;100;250;50;9.000;2.000;200.000;80;12,5;400;120;900` : `${monday},100,10,5,5000,4800,100,250,50,9000,2000,200000,80,12.5,400,120,900`;
      const parsed = parseWeeksCsv(`${template}${row}\r\n`, { notAfter });
      expect(parsed.errors).toEqual([]);
      expect(parsed.records).toMatchObject([{ ...week, startingCustomers: 100, weeklyRevenue: 5000, arpu: 12.5, monthlyActiveUsers: 900 }]);
    }
  });
});
