import { currencyDigits, type DecimalMark, type NumberConvention } from './convention.ts';

/**
 * Numbers as founders type them, in either convention (decision 110): `1.234.567,89`
 * and `1,234,567.89`, `198900,5`, `$ 1 234`, `12,5%`, `−5`. Only a lone separator
 * before exactly three digits (`198.900`, `1,200`) can be read two ways; the field's
 * kind settles some of those, the founder answers the rest. Never `Number()`: it reads
 * `1e6`, `0x10` and `Infinity`, which nobody types as an amount.
 */

/**
 * One way to read a text: its value, the decimal mark that reading assumes (null: it
 * reads the same in both conventions) and how many decimals it was written with.
 */
export type Reading = { value: number; decimal: DecimalMark | null; fractionDigits: number };

export type NumberText =
  | { kind: 'empty' }
  | { kind: 'invalid'; reason: 'format' | 'exponent' }
  /** One reading, or two (thousands first, then decimals) when the text is ambiguous. */
  | { kind: 'number'; readings: Reading[] };

/**
 * What a field holds, which decides the symbols it accepts and which readings fit it:
 * people (whole), money in a currency, a percentage (`12,5 %`), an exchange rate (any
 * decimals), or a plain quantity with at most 2 decimals (weeks of runway, a multiple).
 */
export type NumberKind = { unit: 'count' } | { unit: 'money'; currency: string } | { unit: 'percent' } | { unit: 'rate' } | { unit: 'quantity' };

/**
 * What the founder answered the last time a lone `.` or `,` before three digits was
 * asked about: it groups thousands (`65.000` is 65 000) or marks decimals (`65.000` is 65).
 * Kept per founder (decision 250), so the question is asked once per mark, not per field.
 */
export type SeparatorAnswers = Partial<Record<DecimalMark, 'group' | 'decimal'>>;

const SIGN = /^[-\u2212]/;
const EXPONENT = /^[-\u2212]?\d+([.,]\d+)?e[-+]?\d+$/i;
const other = (mark: DecimalMark): DecimalMark => (mark === '.' ? ',' : '.');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const symbolsCache = new Map<string, string[]>();

/**
 * The ways the currency is written before or after an amount, longest first: its code
 * and the symbols of English, Spanish and its own country (`$`, `US$`, `MX$`, `R$`, `S/`, `Gs.`…).
 */
export function currencySymbols(currency: string): string[] {
  let symbols = symbolsCache.get(currency);
  if (!symbols) {
    const region = currency.slice(0, 2);
    const found = new Set([currency]);
    for (const locale of ['en', 'es', 'es-419', `es-${region}`, `pt-${region}`, `en-${region}`]) {
      for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
        try {
          const part = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay }).formatToParts(1).find((p) => p.type === 'currency');
          if (part) found.add(part.value);
        } catch {
          // a locale or currency this runtime lacks: its symbols are not offered
        }
      }
    }
    symbols = [...found].sort((a, b) => b.length - a.length);
    symbolsCache.set(currency, symbols);
  }
  return symbols;
}

/** The text without one leading or trailing unit (currency or %), or null when it has something else around the digits. */
function withoutUnit(text: string, kind: NumberKind | undefined): string {
  const units = kind?.unit === 'money' ? currencySymbols(kind.currency) : kind?.unit === 'percent' ? ['%'] : [];
  for (const unit of units) {
    const around = new RegExp(`^(?:${escape(unit)}\\s*([^]*)|([^]*?)\\s*${escape(unit)})$`, 'i').exec(text);
    if (around) return around[1] ?? around[2] ?? '';
  }
  return text;
}

/** Thousands grouped with the mark: 1 to 3 digits, then groups of exactly three (`1.234.567`). */
const GROUPED: Record<DecimalMark, RegExp> = { '.': /^[1-9]\d{0,2}(?:\.\d{3})+$/, ',': /^[1-9]\d{0,2}(?:,\d{3})+$/ };
const grouped = (digits: string, group: DecimalMark) => GROUPED[group].test(digits);

/** A reading of digits already stripped of their group marks. */
const reading = (integer: string, decimal: DecimalMark | null, fraction = ''): Reading => ({
  value: Number(fraction ? `${integer || '0'}.${fraction}` : integer),
  decimal,
  fractionDigits: fraction.length,
});

/** The unsigned body of a number: digits and separators, nothing else. */
function readBody(body: string): Reading[] {
  if (/\s/.test(body)) {
    // Spaces group thousands (`1 234 567,5`), so a `.` or `,` after them is the decimal mark.
    const match = /^(\d{1,3}(?:\s\d{3})+)(?:([.,])(\d+))?$/.exec(body);
    if (!match) return [];
    return [reading(match[1]!.replace(/\s/g, ''), (match[2] ?? null) as DecimalMark | null, match[3])];
  }
  if (!/^[\d.,]*\d[\d.,]*$/.test(body)) return [];
  const last = Math.max(body.lastIndexOf('.'), body.lastIndexOf(','));
  if (last < 0) return [reading(body, null)];
  const mark = body[last] as DecimalMark;
  const before = body.slice(0, last);
  const after = body.slice(last + 1);
  if (before.includes(mark)) {
    // `1.234.567`: the mark repeats, so it can only group thousands.
    return grouped(body, mark) ? [reading(body.replaceAll(mark, ''), other(mark))] : [];
  }
  if (after === '') return [];
  if (before.includes(other(mark))) {
    // `1.234,5` and `1,234.5`: the mark that comes last is the decimal one.
    return grouped(before, other(mark)) ? [reading(before.replaceAll(other(mark), ''), mark, after)] : [];
  }
  const decimals = reading(before, mark, after);
  // `198.900`: thousands for those who group with that mark, 198.9 for those who write decimals with it.
  return grouped(body, mark) ? [reading(before + after, other(mark)), decimals] : [decimals];
}

/** Every way the text can be read as a number, without guessing between them. */
export function readNumber(raw: string, kind?: NumberKind): NumberText {
  const text = raw.trim();
  if (text === '') return { kind: 'empty' };
  if (EXPONENT.test(text)) return { kind: 'invalid', reason: 'exponent' };
  // A sign may come before or after the currency: `-$5`, `$ −5`.
  let rest = text;
  let negative = SIGN.test(rest);
  if (negative) rest = rest.slice(1).trimStart();
  rest = withoutUnit(rest, kind).trim();
  if (!negative && SIGN.test(rest)) {
    negative = true;
    rest = rest.slice(1).trimStart();
  }
  const readings = readBody(rest).map((read) => (negative && read.value !== 0 ? { ...read, value: -read.value } : read));
  return readings.length === 0 ? { kind: 'invalid', reason: 'format' } : { kind: 'number', readings };
}

/** Whether a value has at most `digits` decimals. */
export const hasAtMostDecimals = (value: number, digits: number) => Number(value.toFixed(digits)) === value;

/**
 * Whether a reading is one this field could hold. Whole-number fields (counts, and
 * money in a currency without cents such as CLP) are never written with three decimals,
 * so `1.200` there is twelve hundred; money with cents and percentages take at most 2
 * decimals, so `1.234` is 1234 but `198.900` (198.9 or 198,900) stays a question.
 */
function fits(reading: Reading, kind: NumberKind): boolean {
  // An exchange rate may have any number of decimals (1 CLP = 0.00105 USD): both readings fit.
  if (kind.unit === 'rate') return true;
  const digits = kind.unit === 'count' ? 0 : kind.unit === 'money' ? currencyDigits(kind.currency) : 2;
  if (digits === 0) return reading.fractionDigits === 0;
  return hasAtMostDecimals(reading.value, digits) && (kind.unit !== 'percent' || Math.abs(reading.value) <= 100);
}

export type FieldNumber =
  | { status: 'empty' }
  | { status: 'invalid'; reason: 'format' | 'exponent' }
  | { status: 'value'; value: number }
  /** Two readings, the founder's convention first: the founder must choose. */
  | { status: 'ambiguous'; readings: [number, number] };

/** The reading that takes the lone mark as a decimal one (`198.900` → 198.9), and the mark. */
function decimalsReading(readings: readonly Reading[]): Reading & { decimal: DecimalMark } {
  return readings.find((reading) => reading.fractionDigits > 0) as Reading & { decimal: DecimalMark };
}

/**
 * A typed field read for saving: one value, a question, or why it is not a number. A
 * question the founder already answered for the same mark (`answers`) is not asked again.
 */
export function readField(raw: string, kind: NumberKind, convention: NumberConvention, answers: SeparatorAnswers = {}): FieldNumber {
  const text = readNumber(raw, kind);
  if (text.kind !== 'number') return text.kind === 'empty' ? { status: 'empty' } : { status: 'invalid', reason: text.reason };
  const [first, second] = text.readings;
  if (!second) return { status: 'value', value: first!.value };
  const fitting = text.readings.filter((reading) => fits(reading, kind));
  if (fitting.length === 1) return { status: 'value', value: fitting[0]!.value };
  const decimals = decimalsReading(text.readings);
  const answer = answers[decimals.decimal];
  if (answer) return { status: 'value', value: answer === 'decimal' ? decimals.value : text.readings.find((reading) => reading !== decimals)!.value };
  const ordered = first!.decimal === convention.decimal ? [first!, second] : [second, first!];
  return { status: 'ambiguous', readings: [ordered[0]!.value, ordered[1]!.value] };
}

/**
 * What choosing `value` for the ambiguous `raw` says about how the founder writes: the
 * lone mark groups thousands or marks decimals. Null when `raw` is not ambiguous.
 */
export function answerOf(raw: string, value: number): SeparatorAnswers | null {
  const text = readNumber(raw, { unit: 'percent' });
  if (text.kind !== 'number' || text.readings.length < 2) return null;
  const decimals = decimalsReading(text.readings);
  return { [decimals.decimal]: decimals.value === value ? 'decimal' : 'group' };
}

/**
 * A cell of a file whose convention is known (CSV import, decision 045): read only as
 * that convention writes it, or NaN (`5000,5` in a decimal-point file is refused, not guessed).
 */
export function readInConvention(raw: string, decimal: DecimalMark, kind?: NumberKind): number {
  const text = readNumber(raw, kind);
  if (text.kind !== 'number') return Number.NaN;
  const matching = text.readings.filter((reading) => reading.decimal === null || reading.decimal === decimal);
  return matching.length === 1 ? matching[0]!.value : Number.NaN;
}
