import Papa from 'papaparse';
import { compareWeeks, formatWeek, type WeekKey } from './iso-week.ts';
import {
  OPTIONAL_FIELDS,
  WEEK_CSV_COLUMNS,
  type WeekRecord,
  WeekKeySchema,
  WeekRecordInput,
} from './week-record.ts';

/**
 * The week records as CSV: the export writes one header row of the record's fields
 * and one row per week; the import reads the same format (the round trip is exact)
 * and also files saved by Spanish-locale spreadsheets (`;` separators, decimal
 * commas, a byte-order mark). Cells are only ever read as numbers, never evaluated.
 */

/** Ten years of ISO weeks (a year has at most 53). */
export const MAX_IMPORT_ROWS = 10 * 53;

export type CsvRowError = {
  /** 1-based line of the file as a spreadsheet numbers it: the header is row 1. */
  row: number;
  field?: string;
  /** A `metrics` translation key, e.g. `validation.nonNegative`. */
  message: string;
};

export type CsvParseResult = {
  records: WeekRecord[];
  errors: CsvRowError[];
  delimiter: string;
  decimalComma: boolean;
};

const BOM = '\uFEFF';
const CANDIDATE_DELIMITERS = [',', ';', '\t'] as const;
const columnByName = new Map<string, string>(WEEK_CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));
const optionalFields = new Set<string>(OPTIONAL_FIELDS);

/** The separator the header row uses most (outside quotes). */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  let best: string = ',';
  let bestCount = 0;
  for (const delimiter of CANDIDATE_DELIMITERS) {
    const count = unquoted.split(delimiter).length - 1;
    if (count > bestCount) {
      best = delimiter;
      bestCount = count;
    }
  }
  return best;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A cell as a number, or NaN. With decimal commas (`;`-separated files) `1.234,5`
 * is 1234.5 and `1.234` is 1234 (a thousands group); otherwise `1,234.5` is 1234.5.
 */
export function parseNumberCell(raw: string, decimalComma: boolean): number {
  let cell = raw.trim().replace(/[\s\u00A0\u202F]/g, '');
  if (decimalComma) {
    if (cell.includes(',')) cell = cell.replace(/\./g, '').replace(',', '.');
    else if (/^-?\d{1,3}(\.\d{3})+$/.test(cell)) cell = cell.replace(/\./g, '');
  } else if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(cell)) {
    cell = cell.replace(/,/g, '');
  }
  return PLAIN_NUMBER.test(cell) ? Number(cell) : Number.NaN;
}

export type CsvParseOptions = {
  /** The latest week that may be recorded (the current one): later weeks are errors. */
  notAfter?: WeekKey;
};

export function parseWeeksCsv(input: string, options: CsvParseOptions = {}): CsvParseResult {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const decimalComma = delimiter !== ',';
  const result: CsvParseResult = { records: [], errors: [], delimiter, decimalComma };
  const rows = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: 'greedy' }).data;

  const header = rows[0];
  if (!header) {
    result.errors.push({ row: 1, message: 'import.emptyFile' });
    return result;
  }
  const columns = header.map((name) => columnByName.get(name.trim().toLowerCase()));
  header.forEach((name, index) => {
    if (!columns[index]) result.errors.push({ row: 1, field: name.trim(), message: 'import.unknownColumn' });
  });
  for (const column of WEEK_CSV_COLUMNS) {
    if (!columns.includes(column) && !optionalFields.has(column)) {
      result.errors.push({ row: 1, field: column, message: 'import.missingColumn' });
    }
  }
  if (result.errors.length > 0) return result;
  if (rows.length - 1 > MAX_IMPORT_ROWS) {
    result.errors.push({ row: MAX_IMPORT_ROWS + 2, message: 'import.tooManyRows' });
    return result;
  }

  const seen = new Map<string, number>();
  rows.slice(1).forEach((cells, index) => {
    const row = index + 2;
    const values: Record<string, number | null> = {};
    const rowErrors: CsvRowError[] = [];
    if (cells.length > columns.length) rowErrors.push({ row, message: 'import.extraCells' });
    columns.forEach((column, columnIndex) => {
      const cell = (cells[columnIndex] ?? '').trim();
      if (cell === '') {
        if (optionalFields.has(column!)) values[column!] = null;
        else rowErrors.push({ row, field: column, message: 'validation.required' });
        return;
      }
      const value = parseNumberCell(cell, decimalComma);
      if (Number.isNaN(value)) rowErrors.push({ row, field: column, message: 'validation.number' });
      else values[column!] = value;
    });
    if (rowErrors.length > 0) {
      result.errors.push(...rowErrors);
      return;
    }
    const { year, week, ...inputs } = values;
    const key = WeekKeySchema.safeParse({ year, week });
    const record = WeekRecordInput.safeParse(inputs);
    const reasons = new Set<string>();
    for (const issue of [...(key.error?.issues ?? []), ...(record.error?.issues ?? [])]) {
      const field = issue.path.join('.');
      // Week 54 fails both the range and the ISO check: one reason per field is enough.
      if (reasons.has(`${field}:${issue.message}`)) continue;
      reasons.add(`${field}:${issue.message}`);
      result.errors.push({ row, field, message: issue.message });
    }
    if (!key.success || !record.success) return;
    if (options.notAfter && compareWeeks(key.data, options.notAfter) > 0) {
      result.errors.push({ row, field: 'week', message: 'validation.futureWeek' });
      return;
    }
    const id = formatWeek(key.data);
    const firstRow = seen.get(id);
    if (firstRow !== undefined) {
      result.errors.push({ row, field: 'week', message: 'import.duplicateWeek' });
      return;
    }
    seen.set(id, row);
    result.records.push({ ...key.data, ...record.data });
  });
  result.records.sort(compareWeeks);
  return result;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell safe to open in a spreadsheet: text that starts like a formula gets a
 * leading apostrophe (CSV injection); plain numbers, negative ones included, are
 * kept as they are so the round trip stays exact.
 */
export function escapeCsvCell(value: string): string {
  let cell = value;
  if (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell)) cell = `'${cell}`;
  if (/[",;\r\n]/.test(cell)) cell = `"${cell.replace(/"/g, '""')}"`;
  return cell;
}

/** Every week, oldest first, under a header row of the record's fields. */
export function weeksToCsv(records: readonly WeekRecord[]): string {
  const sorted = [...records].sort(compareWeeks);
  const lines = [WEEK_CSV_COLUMNS.join(',')];
  for (const record of sorted) {
    lines.push(
      WEEK_CSV_COLUMNS.map((column) => {
        const value = record[column];
        return value === null || value === undefined ? '' : escapeCsvCell(String(value));
      }).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

