import Papa from 'papaparse';
import { readInConvention, readNumber } from '../numbers/read-number.ts';

/**
 * A CSV file as rows of cells, before anything is made of them: its separator (`,`, `;`
 * or tab), its number format read from the cells, the header row and every row with the
 * line it starts on. Cells are only ever read as numbers or periods, never evaluated.
 * Decisions 042, 045 and 117.
 */

/** Ten years of ISO weeks (a year has at most 53). */
export const MAX_IMPORT_ROWS = 10 * 53;

export type CsvRowError = {
  /** The 1-based line of the file the row starts on (the header's line; blank lines count). */
  row: number;
  field?: string;
  /** A translation key, e.g. `validation:metrics.nonNegative`. */
  message: string;
};

export type SourceRow = { cells: string[]; line: number };

export type CsvTable = {
  delimiter: string;
  /** Whether numbers are written with decimal commas (`1.234,5`), as detected from the cells. */
  decimalComma: boolean;
  headers: string[];
  headerLine: number;
  rows: SourceRow[];
};

const BOM = '\uFEFF';
const CANDIDATE_DELIMITERS = [',', ';', '\t'] as const;

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

const SPACES = /[\s\u00A0\u202F]/g;

/**
 * A cell as a number, or NaN, read by the shared number reader in the file's convention
 * only: with decimal commas `1.234,5` is 1234.5 and `1.234` is 1234 (a thousands group);
 * otherwise `1,234.5` is 1234.5 and `1,234` is 1234. Decision 110.
 */
export function parseNumberCell(raw: string, decimalComma: boolean): number {
  return readInConvention(raw, decimalComma ? ',' : '.');
}

/**
 * A percentage cell (gross margin), as spreadsheets write it: `80%`, `80 %`, `80`, or the
 * share `0,8` / `0.8` (a value between 0 and 1 written with decimals and no `%` is a
 * fraction: a 0.8 % margin is not a business). A cell that reads one way only is taken in
 * either convention, since a share has no thousands to mistake. Decision 251.
 */
export function parsePercentCell(raw: string, decimalComma: boolean): number {
  const text = readNumber(raw, { unit: 'percent' });
  const single = text.kind === 'number' && text.readings.length === 1 ? text.readings[0]! : null;
  const value = single ? single.value : readInConvention(raw, decimalComma ? ',' : '.', { unit: 'percent' });
  const share = single !== null && single.fractionDigits > 0 && !raw.includes('%') && value > 0 && value < 1;
  return share ? Math.round(value * 1e6) / 1e4 : value;
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

/** The file's header and rows, or null when it has no line with content. */
export function readCsvTable(input: string): CsvTable | null {
  const text = input.startsWith(BOM) ? input.slice(1) : input;
  const delimiter = detectDelimiter(text);
  const [header, ...rows] = readRows(text, delimiter);
  if (!header) return null;
  const decimalComma = detectDecimalComma(rows.map((row) => row.cells), delimiter);
  return { delimiter, decimalComma, headers: header.cells.map((cell) => cell.trim()), headerLine: header.line, rows };
}

export type DecodedFile = { text: string; encoding: 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' };

/**
 * A file's bytes as text. UTF-8 (with or without its mark) and UTF-16 with its mark are
 * read as such; bytes that are not valid UTF-8 are Windows-1252, the Latin-1 superset that
 * spreadsheets in Spanish save `Año` and `Clientes al inicio` in ("CSV (MS-DOS)", "CSV
 * (delimitado por comas)"). Reading them as UTF-8 would turn every accent into `�`.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedFile {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}
