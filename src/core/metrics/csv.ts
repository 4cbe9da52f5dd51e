import type { Language } from '../i18n/language.ts';
import { CSV_LABELS, type CsvTarget } from './csv-columns.ts';
import { compareWeeks } from './iso-week.ts';
import { WEEK_CSV_COLUMNS, type WeekRecord } from './week-record.ts';

/**
 * The week records as CSV: the export writes one header row of the record's fields and
 * one row per week; the import (csv-import.ts) reads the same format exactly, and also
 * files saved by spreadsheets in other locales, other column names and orders, dates and
 * months. Decisions 042, 045 and 117.
 */
export * from './csv-table.ts';
export * from './csv-import.ts';

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
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
        if (value === null || value === undefined) return '';
        // A margin under 1 % carries its sign: the import reads a bare 0.01 as a share of 1 (decision 251).
        if (column === 'grossMarginPct' && typeof value === 'number' && value > 0 && value < 1) return `${value}%`;
        return escapeCsvCell(String(value));
      }).join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** The template's columns: the Monday of each week, then the form's fields in the form's order. */
export const TEMPLATE_COLUMNS: readonly CsvTarget[] = [
  'date',
  'startingCustomers',
  'newCustomers',
  'lostCustomers',
  'weeklyRevenue',
  'startingRevenue',
  'churnedRevenue',
  'expansions',
  'downgrades',
  'weeklyCosts',
  'marketingCosts',
  'cashBalance',
  'grossMarginPct',
  'arpu',
  'weeklyActiveUsers',
  'dailyActiveUsers',
  'monthlyActiveUsers',
];

/**
 * An empty file to fill in, headed with the form's labels in `language`: separated by
 * `;` in Spanish (spreadsheets that write decimal commas open it in columns) and `,` in
 * English, with a byte-order mark so spreadsheets read the accents of `Año` as UTF-8.
 */
export function csvTemplate(language: Language): string {
  const separator = language === 'es-LA' ? ';' : ',';
  return `\uFEFF${TEMPLATE_COLUMNS.map((column) => escapeCsvCell(CSV_LABELS[language][column])).join(separator)}\r\n`;
}
