import Papa from 'papaparse';
import { readInConvention } from '../numbers/read-number.ts';
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
 * and also files saved by spreadsheets in other locales (`;` or tab separators,
 * decimal commas, a byte-order mark). Cells are only ever read as numbers, never
 * evaluated. Decisions 042 and 045.
 */

/** Ten years of ISO weeks (a year has at most 53). */
export const MAX_IMPORT_ROWS = 10 * 53;

export type CsvRowError = {
  /** The 1-based line of the file the row starts on (the header's line; blank lines count). */
  row: number;
  field?: string;
  /** A `metrics` translation key, e.g. `validation.nonNegative`. */
  message: string;
};

export type CsvParseResult = {
  records: WeekRecord[];
  errors: CsvRowError[];
  delimiter: string;
  /** Whether numbers were read with decimal commas (`1.234,5`), as detected from the cells. */
  decimalComma: boolean;
};

const BOM = '\uFEFF';
const CANDIDATE_DELIMITERS = [',', ';', '\t'] as const;
const columnByName = new Map<string, string>(WEEK_CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));
const optionalFields = new Set<string>(OPTIONAL_FIELDS);

/** The separator the header row (the first line with content) uses most, outside quotes. */
export function detectDelimiter(text: string): string {
  const firstLine = text.split(/\r\n|\r|\n/).find((line) => line.trim() !== '') ?? '';
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
const SPACES = /[\s\u00A0\u202F]/g;

/**
 * A cell as a number, or NaN, read by the shared number reader in the file's convention
 * only: with decimal commas `1.234,5` is 1234.5 and `1.234` is 1234 (a thousands group);
 * otherwise `1,234.5` is 1234.5 and `1,234` is 1234. Decision 110.
 */
export function parseNumberCell(raw: string, decimalComma: boolean): number {
  return readInConvention(raw, decimalComma ? ',' : '.');
}

type Votes = { decimalComma: number; decimalPoint: number };
type NumberFormatVotes = { clear: Votes; weak: Votes };

/**
 * What one cell says about the file's decimal separator. `7500,50`, `1.234,5` and
 * `1.234.567` are clearly written with decimal commas; `62.5`, `1,234.5` and
 * `1,234,567` with decimal points. `1.500` and `1,200` (one group of three digits)
 * are weak votes: most likely thousands (money has at most 2 decimals), but not surely.
 */
function voteOf(raw: string, votes: NumberFormatVotes) {
  const cell = raw.replace(SPACES, '').replace(/^-/, '');
  const comma = cell.lastIndexOf(',');
  const point = cell.lastIndexOf('.');
  if (comma >= 0 && point >= 0) {
    // The separator that comes last is the decimal one.
    votes.clear[comma > point ? 'decimalComma' : 'decimalPoint'] += 1;
    return;
  }
  if (!/^\d+([.,]\d+)+$/.test(cell)) return;
  const separator = comma >= 0 ? ',' : '.';
  const parts = cell.split(separator);
  const looksLikeThousands = /^[1-9]\d{0,2}$/.test(parts[0]!) && parts.slice(1).every((part) => part.length === 3);
  // Several separators can only group thousands; one that cannot group them is the decimal one.
  const thousands = parts.length > 2 || looksLikeThousands;
  const decimalComma = (separator === ',') !== thousands;
  const strength = parts.length === 2 && looksLikeThousands ? votes.weak : votes.clear;
  strength[decimalComma ? 'decimalComma' : 'decimalPoint'] += 1;
}

/**
 * Whether a file's numbers use decimal commas, read from its cells. With `,` separators
 * a decimal comma would split the cell, so it is never assumed. With `;` or tab the
 * clear cells decide by majority, then the weak ones; when no cell says, `;` files are
 * taken as Spanish-locale spreadsheets (decimal commas) and tab-separated ones as
 * decimal points.
 */
export function detectDecimalComma(rows: readonly (readonly string[])[], delimiter: string): boolean {
  if (delimiter === ',') return false;
  const votes: NumberFormatVotes = { clear: { decimalComma: 0, decimalPoint: 0 }, weak: { decimalComma: 0, decimalPoint: 0 } };
  for (const row of rows) for (const cell of row) voteOf(cell, votes);
  for (const { decimalComma, decimalPoint } of [votes.clear, votes.weak]) {
    if (decimalComma !== decimalPoint) return decimalComma > decimalPoint;
  }
  return delimiter === ';';
}

type SourceRow = { cells: string[]; line: number };

/**
 * The file's rows with the line each starts on. Blank rows (no cell with content, as
 * spreadsheets write trailing `;;;` lines) are left out but still counted, so every
 * row number the founder reads is the line their editor shows.
 */
function readRows(text: string, delimiter: string): SourceRow[] {
  const rows: SourceRow[] = [];
  const lineBreaks = /\r\n|\r|\n/g;
  let line = 1;
  let counted = 0;
  let start = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    step: (result) => {
      const cells = result.data;
      lineBreaks.lastIndex = counted;
      for (let match = lineBreaks.exec(text); match && match.index < start; match = lineBreaks.exec(text)) line += 1;
      counted = start;
      if (cells.some((cell) => cell.trim() !== '')) rows.push({ cells, line });
      start = result.meta.cursor;
    },
  });
  return rows;
}

export type CsvParseOptions = {
  /** The latest week that may be recorded (the current one): later weeks are errors. */
  notAfter?: WeekKey;
};

export function parseWeeksCsv(input: string, options: CsvParseOptions = {}): CsvParseResult {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const rows = readRows(text, delimiter);
  const decimalComma = detectDecimalComma(
    rows.slice(1).map((row) => row.cells),
    delimiter,
  );
  const result: CsvParseResult = { records: [], errors: [], delimiter, decimalComma };

  const header = rows[0];
  if (!header) {
    result.errors.push({ row: 1, message: 'import.emptyFile' });
    return result;
  }
  const columns = header.cells.map((name) => columnByName.get(name.trim().toLowerCase()));
  header.cells.forEach((name, index) => {
    if (!columns[index]) result.errors.push({ row: header.line, field: name.trim(), message: 'import.unknownColumn' });
  });
  for (const column of WEEK_CSV_COLUMNS) {
    if (!columns.includes(column) && !optionalFields.has(column)) {
      result.errors.push({ row: header.line, field: column, message: 'import.missingColumn' });
    }
  }
  if (result.errors.length > 0) return result;
  if (rows.length - 1 > MAX_IMPORT_ROWS) {
    result.errors.push({ row: rows[MAX_IMPORT_ROWS + 1]!.line, message: 'import.tooManyRows' });
    return result;
  }

  const seen = new Set<string>();
  for (const { cells, line: row } of rows.slice(1)) {
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
      continue;
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
    if (!key.success || !record.success) continue;
    if (options.notAfter && compareWeeks(key.data, options.notAfter) > 0) {
      result.errors.push({ row, field: 'week', message: 'validation.futureWeek' });
      continue;
    }
    const id = formatWeek(key.data);
    if (seen.has(id)) {
      result.errors.push({ row, field: 'week', message: 'import.duplicateWeek' });
      continue;
    }
    seen.add(id);
    result.records.push({ ...key.data, ...record.data });
  }
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

