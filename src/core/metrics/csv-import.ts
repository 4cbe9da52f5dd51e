import { type ColumnMapping, CSV_LABELS, type CsvTarget, headerKey, PERIOD_TARGETS, type PeriodTarget, suggestMapping } from './csv-columns.ts';
import { type RowValues, spreadMonth } from './csv-months.ts';
import {
  type DateOrder,
  detectDateOrder,
  formatMonth,
  hasSlashDates,
  type MonthKey,
  parseDateCell,
  parseIsoWeekCell,
  parseMonthCell,
  weekOfDateCell,
  weeksOfMonth,
} from './csv-periods.ts';
import { type CsvRowError, type CsvTable, MAX_IMPORT_ROWS, parseNumberCell, parsePercentCell, readCsvTable, type SourceRow } from './csv-table.ts';
import { compareWeeks, formatWeek, type WeekKey } from './iso-week.ts';
import { weeklyFromMonthly } from './revenue-period.ts';
import { OPTIONAL_FIELDS, WEEK_INPUT_FIELDS, type WeekInputField, type WeekRecord, WeekKeySchema, WeekRecordInput } from './week-record.ts';
import { endingCustomers } from './formulas.ts';

/**
 * Reading weeks from any founder's spreadsheet (decisions 042, 045 and 117): columns in
 * either language and any order, matched to Rumbo's fields (and adjustable by the founder
 * in the import dialog); rows that are weeks (year and week, an ISO week, or a date) or
 * months (spread over their weeks, csv-months.ts). All or nothing: every problem is
 * listed with the file's line, and no record is returned to write while one remains.
 */

export type RowPeriod = 'week' | 'month';

/** How a file is read: each column's target, what a row stands for, and how its `02/11/2026` dates are written. */
export type ImportPlan = {
  mapping: ColumnMapping;
  period: RowPeriod;
  dateOrder: DateOrder;
  /** True when no cell told the date order (every `dd/mm` part is 12 or less): the founder should confirm it. */
  dateOrderInDoubt: boolean;
};

export type CsvParseResult = {
  records: WeekRecord[];
  /** The file line each record comes from (a month's weeks share their row's line). */
  lines: number[];
  errors: CsvRowError[];
  delimiter: string;
  decimalComma: boolean;
  headers: string[];
  plan: ImportPlan | null;
  /** The week's movements the file has no column for, recorded as 0 (said in the preview). */
  zeroed: WeekInputField[];
};

export type CsvParseOptions = {
  /** The latest week that may be recorded (the current one): later weeks are errors. */
  notAfter?: WeekKey;
  /**
   * The founder's reading of the file. Without one, the suggested plan is used and a
   * column it cannot place, or dates it cannot order, are errors (the API's import).
   */
  plan?: ImportPlan;
};

const isPeriod = (target: CsvTarget): target is PeriodTarget => (PERIOD_TARGETS as readonly string[]).includes(target);
const columnCells = (table: CsvTable, column: number) => table.rows.map((row) => (row.cells[column] ?? '').trim()).filter(Boolean);

/** A period column's target from what its cells hold, whatever its header called it. */
function periodFromCells(cells: readonly string[], target: PeriodTarget): PeriodTarget {
  const sample = cells.slice(0, 20);
  if (sample.length === 0) return target;
  if (sample.every((cell) => parseIsoWeekCell(cell))) return 'isoWeek';
  if (target !== 'month' && sample.every((cell) => parseDateCell(cell, 'dmy') || parseDateCell(cell, 'mdy'))) return 'date';
  if (target !== 'year' && target !== 'week' && sample.every((cell) => parseMonthCell(cell, 'dmy') && !parseDateCell(cell, 'dmy'))) return 'month';
  return target;
}

/** Month rows: a month column, or dates that are all the first of their month with no two in one month. */
function periodOf(table: CsvTable, mapping: ColumnMapping): RowPeriod {
  if (mapping.includes('month')) return 'month';
  const dateColumn = mapping.indexOf('date');
  if (dateColumn < 0) return 'week';
  const dates = columnCells(table, dateColumn).map((cell) => parseDateCell(cell, 'dmy') ?? parseDateCell(cell, 'mdy'));
  const months = new Set(dates.map((date) => (date ? `${date.getUTCFullYear()}-${date.getUTCMonth()}` : '')));
  return dates.length >= 2 && dates.every((date) => date?.getUTCDate() === 1) && months.size === dates.length ? 'month' : 'week';
}

/**
 * The suggested reading of a file: columns by header (csv-columns.ts), then period columns
 * by content (a "Semana" column of `2026-W45` is an ISO week, one of dates a date); rows are
 * months when a column is a month or every date is a month's first day; revenue in a file
 * of months is monthly revenue. `language` picks the date order when no cell tells.
 */
export function suggestImport(table: CsvTable, language: 'en' | 'es-LA' = 'es-LA'): ImportPlan {
  const mapping = suggestMapping(table.headers).map((target, column) => {
    // A year column is a year whatever it holds; the others are read by their cells.
    return target && isPeriod(target) && target !== 'year' ? periodFromCells(columnCells(table, column), target) : target;
  });
  const period = periodOf(table, mapping);
  if (period === 'month' && !mapping.includes('monthlyRevenue')) {
    const revenue = mapping.indexOf('weeklyRevenue');
    if (revenue >= 0) mapping[revenue] = 'monthlyRevenue';
  }
  const dateColumn = mapping.findIndex((target) => target === 'date' || target === 'month');
  const dates = dateColumn < 0 ? [] : columnCells(table, dateColumn);
  // Only the United States writes the month first, in English and with decimal points.
  const dayFirstFile = table.decimalComma || table.headers.some((header) => spanishHeaders.has(headerKey(header)));
  const detected = detectDateOrder(dates) ?? (dayFirstFile ? 'dmy' : null);
  return {
    mapping,
    period,
    dateOrder: detected ?? (language === 'en' ? 'mdy' : 'dmy'),
    dateOrderInDoubt: detected === null && hasSlashDates(dates),
  };
}

const englishHeaders = new Set(Object.values(CSV_LABELS.en).map(headerKey));
const spanishHeaders = new Set(Object.values(CSV_LABELS['es-LA']).map(headerKey).filter((key) => !englishHeaders.has(key)));

/** The period columns a plan needs; each option is enough alone. */
const PERIOD_OPTIONS: Record<RowPeriod, PeriodTarget[][]> = {
  week: [['date'], ['isoWeek'], ['year', 'week']],
  month: [['month'], ['date']],
};
const optional = new Set<string>(OPTIONAL_FIELDS);
/**
 * Inputs a file may leave out because they follow from other columns or from the row
 * before (customers at the start also from customers at the end).
 */
const DERIVABLE: Partial<Record<string, CsvTarget[]>> = {
  startingCustomers: [],
  startingRevenue: [],
  weeklyRevenue: ['monthlyRevenue'],
};
/** Revenue movements few spreadsheets track: without a column, recorded as 0 and said so in the preview. */
const ZERO_WHEN_ABSENT = ['churnedRevenue', 'expansions', 'downgrades'] as const satisfies readonly WeekInputField[];

/** What is missing from a plan: the period columns, or a required input with nothing to derive it from. */
function planErrors(plan: ImportPlan, line: number): CsvRowError[] {
  const has = (target: CsvTarget) => plan.mapping.includes(target);
  const errors: CsvRowError[] = [];
  if (!PERIOD_OPTIONS[plan.period].some((option) => option.every(has))) {
    errors.push({ row: line, field: plan.period === 'month' ? 'month' : 'date', message: 'validation:import.missingPeriod' });
  }
  for (const field of WEEK_INPUT_FIELDS) {
    if (optional.has(field) || has(field) || (ZERO_WHEN_ABSENT as readonly string[]).includes(field)) continue;
    const alternatives = DERIVABLE[field];
    if (alternatives && (alternatives.length === 0 || alternatives.some(has))) continue;
    errors.push({ row: line, field, message: 'validation:import.missingColumn' });
  }
  return errors;
}

const zeroedFields = (plan: ImportPlan): WeekInputField[] => ZERO_WHEN_ABSENT.filter((field) => !plan.mapping.includes(field));

type ReadRow = { line: number; values: RowValues; weeks: WeekKey[]; label: string };

/** One row's period and numbers, or its errors. */
function readRow(row: SourceRow, plan: ImportPlan, decimalComma: boolean, columns: number): ReadRow | CsvRowError[] {
  const errors: CsvRowError[] = [];
  const cellOf = (target: CsvTarget) => {
    const column = plan.mapping.indexOf(target);
    return column < 0 ? '' : (row.cells[column] ?? '').trim();
  };
  if (row.cells.length > columns) errors.push({ row: row.line, message: 'validation:import.extraCells' });
  const values: RowValues = {};
  plan.mapping.forEach((target, column) => {
    if (!target || isPeriod(target)) return;
    const cell = (row.cells[column] ?? '').trim();
    if (cell === '') {
      values[target] = null;
      return;
    }
    const value = target === 'grossMarginPct' ? parsePercentCell(cell, decimalComma) : parseNumberCell(cell, decimalComma);
    if (Number.isNaN(value)) errors.push({ row: row.line, field: target, message: 'validation:metrics.number' });
    else values[target] = value;
  });

  let weeks: WeekKey[] = [];
  let label = '';
  const periodError = (field: string, message: string) => errors.push({ row: row.line, field, message });
  if (plan.period === 'month') {
    const cell = plan.mapping.includes('month') ? cellOf('month') : cellOf('date');
    const month: MonthKey | null = parseMonthCell(cell, plan.dateOrder, cellOf('year'));
    if (!month) periodError(plan.mapping.includes('month') ? 'month' : 'date', cell === '' ? 'validation:metrics.required' : 'validation:import.badMonth');
    else {
      weeks = weeksOfMonth(month);
      label = formatMonth(month);
    }
  } else if (plan.mapping.includes('date') || plan.mapping.includes('isoWeek')) {
    const target = plan.mapping.includes('date') ? 'date' : 'isoWeek';
    const cell = cellOf(target);
    const week = target === 'date' ? weekOfDateCell(cell, plan.dateOrder) : parseIsoWeekCell(cell);
    if (!week) periodError(target, cell === '' ? 'validation:metrics.required' : target === 'date' ? 'validation:import.badDate' : 'validation:metrics.week');
    else weeks = [week];
  } else {
    const [year, week] = (['year', 'week'] as const).map((field) => {
      const cell = cellOf(field);
      const value = cell === '' ? null : parseNumberCell(cell, decimalComma);
      if (value === null) periodError(field, 'validation:metrics.required');
      else if (Number.isNaN(value)) periodError(field, 'validation:metrics.number');
      return value;
    });
    if (errors.length > 0) return errors;
    const key = WeekKeySchema.safeParse({ year, week });
    const reasons = new Set<string>();
    for (const issue of key.error?.issues ?? []) {
      const field = issue.path.join('.');
      // Week 54 fails both the range and the ISO check: one reason per field is enough.
      if (!reasons.has(field)) errors.push({ row: row.line, field, message: issue.message });
      reasons.add(field);
    }
    if (key.success) weeks = [key.data];
  }
  for (const week of weeks) {
    if (!WeekKeySchema.safeParse(week).success) {
      periodError(plan.period === 'month' ? 'month' : 'year', 'validation:metrics.year');
      break;
    }
  }
  if (errors.length === 0) return { line: row.line, values, weeks, label: label || formatWeek(weeks[0]!) };
  // A row whose period is wrong is still checked, so one reading lists all its problems.
  const numbersRead = errors.every((error) => !error.field || isPeriod(error.field as CsvTarget));
  if (numbersRead) {
    const mapped = new Set<string>(plan.mapping.filter((target) => target !== null));
    errors.push(...inputErrors(weekInputs(values, undefined, zeroedFields(plan)), row.line, new Set()).filter((error) => mapped.has(error.field!)));
  }
  return errors;
}

/**
 * A week's inputs from a row's figures and the week recorded before it: customers and
 * revenue at the start, when the file has no figure for them, continue from that week
 * (the first row: customers at the end less new plus lost; revenue: the row's own).
 */
function weekInputs(values: RowValues, before: WeekRecord | undefined, zeroed: readonly WeekInputField[]): Record<string, number | null | undefined> {
  const { endingCustomers: ending, ...inputs } = values;
  const record: Record<string, number | null | undefined> = { ...inputs };
  for (const field of zeroed) record[field] = 0;
  if (record.startingCustomers === null || record.startingCustomers === undefined) {
    record.startingCustomers = ending !== null && ending !== undefined ? ending - (values.newCustomers ?? 0) + (values.lostCustomers ?? 0) : before ? endingCustomers(before) : null;
  }
  const monthly = record.monthlyRevenue;
  if ((record.weeklyRevenue === null || record.weeklyRevenue === undefined) && monthly !== null && monthly !== undefined) record.weeklyRevenue = weeklyFromMonthly(monthly);
  if (record.startingRevenue === null || record.startingRevenue === undefined) record.startingRevenue = before?.weeklyRevenue ?? record.weeklyRevenue ?? null;
  for (const field of OPTIONAL_FIELDS) record[field] ??= null;
  return record;
}

/** The schema's reasons for a week's inputs, as row errors (once per field and reason). */
function inputErrors(inputs: Record<string, unknown>, line: number, seen: Set<string>): CsvRowError[] {
  const result = WeekRecordInput.safeParse(inputs);
  const errors: CsvRowError[] = [];
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.');
    const missing = inputs[field] === null || inputs[field] === undefined;
    const message = missing && issue.message === 'validation:metrics.number' ? 'validation:metrics.required' : issue.message;
    const key = `${line}:${field}:${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ row: line, field, message });
  }
  return errors;
}

/** Reads a table with a plan: the records to write, or every error by line. */
export function importTable(table: CsvTable, options: CsvParseOptions = {}): CsvParseResult {
  const plan = options.plan ?? suggestImport(table);
  const result: CsvParseResult = {
    records: [],
    lines: [],
    errors: [],
    delimiter: table.delimiter,
    decimalComma: table.decimalComma,
    headers: table.headers,
    plan,
    zeroed: zeroedFields(plan),
  };
  if (!options.plan) {
    // The API's import has no one to ask: an unplaced column or undecidable dates are errors.
    plan.mapping.forEach((target, column) => {
      if (!target) result.errors.push({ row: table.headerLine, field: table.headers[column], message: 'validation:import.unknownColumn' });
    });
    if (plan.dateOrderInDoubt) result.errors.push({ row: table.headerLine, field: 'date', message: 'validation:import.ambiguousDates' });
  }
  result.errors.push(...planErrors(plan, table.headerLine));
  if (result.errors.length > 0) return result;
  if (table.rows.length > MAX_IMPORT_ROWS) {
    result.errors.push({ row: table.rows[MAX_IMPORT_ROWS]!.line, message: 'validation:import.tooManyRows' });
    return result;
  }

  const read: ReadRow[] = [];
  for (const row of table.rows) {
    const outcome = readRow(row, plan, table.decimalComma, table.headers.length);
    if (Array.isArray(outcome)) result.errors.push(...outcome);
    else read.push(outcome);
  }
  // Duplicates name the later line; weeks are then built oldest first so each starts from the one before.
  const seen = new Map<string, number>();
  const unique: ReadRow[] = [];
  for (const row of read) {
    const id = row.label;
    if (seen.has(id)) result.errors.push({ row: row.line, field: plan.period === 'month' ? 'month' : 'week', message: plan.period === 'month' ? 'validation:import.duplicateMonth' : 'validation:import.duplicateWeek' });
    else {
      seen.set(id, row.line);
      unique.push(row);
    }
  }
  unique.sort((a, b) => compareWeeks(a.weeks[0]!, b.weeks[0]!));

  const reported = new Set<string>();
  let before: WeekRecord | undefined;
  for (const row of unique) {
    const weekValues = plan.period === 'month' ? spreadMonth(row.values, row.weeks) : [row.values];
    const latest = options.notAfter;
    if (latest && compareWeeks(row.weeks[0]!, latest) > 0) {
      result.errors.push({ row: row.line, field: plan.period === 'month' ? 'month' : 'week', message: 'validation:metrics.futureWeek' });
      continue;
    }
    row.weeks.forEach((week, index) => {
      // A month still under way: only its weeks up to now.
      if (latest && compareWeeks(week, latest) > 0) return;
      const inputs = weekInputs(weekValues[index]!, before, result.zeroed);
      const errors = inputErrors(inputs, row.line, reported);
      if (errors.length > 0) {
        result.errors.push(...errors);
        before = undefined;
        return;
      }
      before = { ...week, ...WeekRecordInput.parse(inputs) };
      result.records.push(before);
      result.lines.push(row.line);
    });
  }
  if (result.records.length > MAX_IMPORT_ROWS) result.errors.push({ row: result.lines[MAX_IMPORT_ROWS]!, message: 'validation:import.tooManyRows' });
  // Errors in the file's order; a row's own errors keep the order they were found in.
  result.errors.sort((a, b) => a.row - b.row);
  if (result.errors.length > 0) {
    result.records = [];
    result.lines = [];
  }
  return result;
}

/** Reads a CSV's text into week records (the API's import, and the dialog before its mapping step). */
export function parseWeeksCsv(input: string, options: CsvParseOptions = {}): CsvParseResult {
  const table = readCsvTable(input);
  if (!table) return { records: [], lines: [], errors: [{ row: 1, message: 'validation:import.emptyFile' }], delimiter: ',', decimalComma: false, headers: [], plan: null, zeroed: [] };
  return importTable(table, options);
}
