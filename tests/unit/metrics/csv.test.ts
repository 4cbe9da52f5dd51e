import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectDecimalComma, escapeCsvCell, MAX_IMPORT_ROWS, parseNumberCell, parseWeeksCsv, weeksToCsv } from '../../../src/core/metrics/csv.ts';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import { WEEK_CSV_COLUMNS, type WeekRecord } from '../../../src/core/metrics/week-record.ts';
import { workedWeek as validWeek } from '../../fixtures/metrics-week.ts';

const record = (year: number, week: number, changes: Partial<WeekRecord> = {}): WeekRecord => ({ year, week, ...validWeek, ...changes });
const header = WEEK_CSV_COLUMNS.join(',');

describe('export', () => {
  it('writes a header row of the record fields and one row per week, oldest first', () => {
    const csv = weeksToCsv([record(2026, 2), record(2026, 1, { arpu: null })]);
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(header);
    expect(lines[1]).toBe('2026,1,10,2000,100,5,4800,100,250,50,9000,5000,200000,120,400,900,80,,');
    expect(lines[2]!.startsWith('2026,2,')).toBe(true);
  });
  it('escapes text that starts like a formula, but keeps negative numbers as numbers', () => {
    expect(escapeCsvCell('=cmd|/c calc')).toBe("'=cmd|/c calc");
    expect(escapeCsvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(escapeCsvCell('+1+2')).toBe("'+1+2");
    expect(escapeCsvCell('-1200.5')).toBe('-1200.5');
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
  });
});

describe('import', () => {
  it('round-trips exactly', () => {
    const weeks = [record(2025, 52, { cashBalance: -10.25, arpu: 3.33 }), record(2026, 1, { grossMarginPct: null, dailyActiveUsers: null })];
    const csv = weeksToCsv(weeks);
    const parsed = parseWeeksCsv(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.records).toEqual(weeks);
    expect(weeksToCsv(parsed.records)).toBe(csv);
  });
  it('round-trips any valid history (property)', () => {
    const cents = fc.integer({ min: 0, max: 10_000_000 }).map((value) => value / 100);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 2800, max: 3300 }), { minLength: 1, maxLength: 20 }),
        cents,
        cents,
        fc.option(fc.integer({ min: 0, max: 100 })),
        (indexes, revenue, cash, margin) => {
          const weeks = indexes.map((index) => ({
            ...record(0, 0, { weeklyRevenue: revenue, cashBalance: -cash, grossMarginPct: margin }),
            ...weekFromIndex(index),
          }));
          const csv = weeksToCsv(weeks);
          const parsed = parseWeeksCsv(csv);
          expect(parsed.errors).toEqual([]);
          expect(weeksToCsv(parsed.records)).toBe(csv);
          expect(parsed.records.map(weekIndex)).toEqual([...indexes].sort((a, b) => a - b));
        },
      ),
    );
  });
  it('reads a Spanish-locale spreadsheet file: BOM, semicolons, decimal commas, thousands dots', () => {
    const row = '2026;3;10;2.000;100;5;4.800;100;250;50;9.000;5.000,75;200.000;120;400;900;80,5;12,5';
    const parsed = parseWeeksCsv(`\uFEFF${WEEK_CSV_COLUMNS.join(';')}\r\n${row}\r\n`);
    expect(parsed.errors).toEqual([]);
    expect(parsed.delimiter).toBe(';');
    expect(parsed.records[0]).toEqual(record(2026, 3, { weeklyRevenue: 5000.75, grossMarginPct: 80.5, marketingCosts: 2000, cashBalance: 200000 }));
  });
  it('numbers rows by the file\'s own lines, counting the blank lines it skips', () => {
    const good = weeksToCsv([record(2026, 1)]).split('\r\n')[1]!;
    const bad = good.replace(/^2026,1,10,2000,100,/, '2026,2,10,2000,-100,');
    const lines = ['', header, good.replace(/^2026,1,/, '2026,3,'), '', '   ', ',,,,', bad, '"multi', 'line",1', '', bad.replace(/^2026,2,/, '2026,4,')];
    const parsed = parseWeeksCsv(lines.join('\r\n'));
    // Line 8 starts a quoted cell that runs onto line 9; the row after the next blank line is line 11.
    expect([...new Set(parsed.errors.map((error) => error.row))]).toEqual([7, 8, 11]);
    expect(parsed.errors).toContainEqual({ row: 7, field: 'startingCustomers', message: 'validation:metrics.nonNegative' });
    expect(parsed.errors).toContainEqual({ row: 8, field: 'year', message: 'validation:metrics.number' });
    expect(parsed.errors).toContainEqual({ row: 11, field: 'startingCustomers', message: 'validation:metrics.nonNegative' });
    expect(parseWeeksCsv(['', '', 'year,week,colour'].join('\n')).errors).toContainEqual({ row: 3, field: 'colour', message: 'validation:import.unknownColumn' });
    expect(parseWeeksCsv(['', 'year;week;colour'].join('\n')).errors).toContainEqual({ row: 2, field: 'colour', message: 'validation:import.unknownColumn' });
  });
  it('detects the number format of tab- and semicolon-separated files from their cells', () => {
    const tsv = (...rows: string[]) => [WEEK_CSV_COLUMNS.join('\t'), ...rows].join('\n');
    // English spreadsheet saved as TSV: thousands commas, decimal points.
    const english = parseWeeksCsv(tsv('2026\t3\t10\t1,200\t100\t5\t4,800\t100\t250\t50\t9,000\t5,000.75\t200,000\t\t400\t\t62.5\t'));
    expect(english).toMatchObject({ errors: [], delimiter: '\t', decimalComma: false });
    expect(english.records[0]).toMatchObject({ marketingCosts: 1200, weeklyRevenue: 5000.75, cashBalance: 200000, grossMarginPct: 62.5 });
    // Only `1,200`-like cells: thousands, so 1200, not 1.2.
    const grouped = parseWeeksCsv(tsv('2026\t3\t10\t1,200\t100\t5\t4800\t100\t250\t50\t9000\t5000\t200000\t\t400\t\t80\t'));
    expect(grouped).toMatchObject({ errors: [], decimalComma: false });
    expect(grouped.records[0]!.marketingCosts).toBe(1200);
    // Spanish spreadsheet saved as TSV: thousands dots, decimal commas.
    const spanish = parseWeeksCsv(tsv('2026\t3\t10\t2.000\t100\t5\t4.800\t100\t250\t50\t9.000\t1.234,5\t200.000\t\t400\t\t62,5\t'));
    expect(spanish).toMatchObject({ errors: [], decimalComma: true });
    expect(spanish.records[0]).toMatchObject({ marketingCosts: 2000, weeklyRevenue: 1234.5, cashBalance: 200000, grossMarginPct: 62.5 });
    // Only round Spanish thousands: `2.000` is two thousand, not two.
    const round = parseWeeksCsv(tsv('2026\t3\t10\t2.000\t100\t5\t4.800\t100\t250\t50\t9.000\t5.000\t200.000\t\t400\t\t80\t'));
    expect(round.decimalComma).toBe(true);
    expect(round.records[0]).toMatchObject({ marketingCosts: 2000, weeklyRevenue: 5000 });
    // A semicolon file whose cells use decimal points is read with decimal points.
    const pointy = parseWeeksCsv([WEEK_CSV_COLUMNS.join(';'), '2026;3;10;2000;100;5;4800;100;250;50;9000;5000.5;200000;;400;;62.25;'].join('\n'));
    expect(pointy).toMatchObject({ errors: [], delimiter: ';', decimalComma: false });
    expect(pointy.records[0]).toMatchObject({ weeklyRevenue: 5000.5, grossMarginPct: 62.25 });
  });
  it('a cell in the other convention is a row error, never a silent misreading', () => {
    const csv = [WEEK_CSV_COLUMNS.join('\t'), '2026\t3\t10\t2000\t100\t5\t4800\t100\t250\t50\t9000\t5000.5\t200000\t\t400\t\t62.5\t', '2026\t4\t10\t2000\t100\t5\t4800\t100\t250\t50\t9000\t5000,5\t200000\t\t400\t\t62.5\t'].join('\n');
    expect(parseWeeksCsv(csv).errors).toEqual([{ row: 3, field: 'weeklyRevenue', message: 'validation:metrics.number' }]);
    expect(detectDecimalComma([['1,200', '7,5']], '\t')).toBe(true);
    expect(detectDecimalComma([['1.500', '1,234,567']], '\t')).toBe(false);
    expect(detectDecimalComma([['12']], ';')).toBe(true);
    expect(detectDecimalComma([['12']], '\t')).toBe(false);
    expect(detectDecimalComma([['7,5']], ',')).toBe(false);
  });
  it('parses number cells in both conventions', () => {
    expect(parseNumberCell('1.234,56', true)).toBe(1234.56);
    expect(parseNumberCell('1.234', true)).toBe(1234);
    expect(parseNumberCell('0,5', true)).toBe(0.5);
    expect(parseNumberCell('1,234.5', false)).toBe(1234.5);
    expect(parseNumberCell('-7', false)).toBe(-7);
    expect(Number.isNaN(parseNumberCell('=1+1', false))).toBe(true);
    expect(Number.isNaN(parseNumberCell('12abc', false))).toBe(true);
  });
  it('lists every bad row with its row number and reason, and returns no partial result to write', () => {
    const lines = [
      header,
      '2026,1,10,2000,-100,5,4800,100,250,50,9000,5000,200000,,400,,80,',
      '2026,54,10,2000,100,5,4800,100,250,50,9000,5000,200000,,400,,80,',
      '2026,3,10,2000,100,5,4800,4900,250,50,9000,5000,200000,,400,,180,',
      '2026,4,10,"=cmd|\' /C calc\'!A0",100,5,4800,100,250,50,9000,5000,200000,,400,,80,',
      '2026,5,10,2000,100,5,4800,100,250,50,9000,5000,200000,,400,,80,',
      '2026,5,10,2000,100,5,4800,100,250,50,9000,5000,200000,,400,,80,',
    ];
    const parsed = parseWeeksCsv(lines.join('\n'));
    expect(parsed.errors).toEqual([
      { row: 2, field: 'startingCustomers', message: 'validation:metrics.nonNegative' },
      { row: 2, field: 'lostCustomers', message: 'validation:metrics.lostAboveCustomers' },
      { row: 3, field: 'week', message: 'validation:metrics.week' },
      { row: 4, field: 'grossMarginPct', message: 'validation:metrics.percent' },
      { row: 4, field: 'churnedRevenue', message: 'validation:metrics.churnAboveStart' },
      { row: 5, field: 'marketingCosts', message: 'validation:metrics.number' },
      { row: 7, field: 'week', message: 'validation:import.duplicateWeek' },
    ]);
  });
  it('refuses unknown and missing columns, empty files and more than 10 years of rows', () => {
    expect(parseWeeksCsv('').errors).toEqual([{ row: 1, message: 'validation:import.emptyFile' }]);
    expect(parseWeeksCsv('year,week,colour\n').errors).toContainEqual({ row: 1, field: 'colour', message: 'validation:import.unknownColumn' });
    expect(parseWeeksCsv('year,week\n').errors).toContainEqual({ row: 1, field: 'weeklyRevenue', message: 'validation:import.missingColumn' });
    const many = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => weeksToCsv([{ ...record(0, 0), ...weekFromIndex(2900 + i) }]).split('\r\n')[1]);
    expect(parseWeeksCsv([header, ...many].join('\n')).errors).toEqual([{ row: MAX_IMPORT_ROWS + 2, message: 'validation:import.tooManyRows' }]);
  });
  it('accepts exactly 10 years of weeks', () => {
    const weeks = Array.from({ length: 522 }, (_, i) => ({ ...record(0, 0), ...weekFromIndex(2900 + i) }));
    const parsed = parseWeeksCsv(weeksToCsv(weeks));
    expect(parsed.errors).toEqual([]);
    expect(parsed.records).toHaveLength(522);
  });
  it('leaves optional columns out and reads header names in any case', () => {
    const columns = WEEK_CSV_COLUMNS.filter((c) => !['arpu', 'dailyActiveUsers', 'monthlyActiveUsers', 'grossMarginPct'].includes(c));
    const csv = `${columns.map((c) => c.toUpperCase()).join(',')}\n2026,1,10,2000,100,5,4800,100,250,50,9000,5000,200000,400\n`;
    const parsed = parseWeeksCsv(csv);
    expect(parsed.errors).toEqual([]);
    expect(parsed.records[0]).toMatchObject({ arpu: null, grossMarginPct: null, weeklyActiveUsers: 400 });
  });
});
