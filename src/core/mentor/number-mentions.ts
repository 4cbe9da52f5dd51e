import { readNumber } from '../numbers/read-number.ts';

/**
 * The numbers a text states, as a founder or a model writes them in English or Spanish:
 * `$14,083`, `USD 14.083`, `14 083`, `$14.1K`, `25 mil`, `2,1 %`, `5:1`, `−12%`, `7 months`,
 * `2026-W47`, `June 2027`, `30 de junio`. Each mention keeps where it stands in the text and
 * every value it can be read as (`1.500` is 1500 or 1.5: decision 110), with how precisely
 * it was written, so a checker can allow for rounding (`$14k` for 14,083).
 */

/** A word after the number that says what it counts, which lets weeks be written as months. */
export type UnitHint = 'weeks' | 'months' | 'perWeek' | 'perMonth';

/** One way to read a mention: its value (a percent as a fraction) and how far rounding may have moved it. */
export type MentionReading = { value: number; tolerance: number };

export type NumberMention = {
  start: number;
  end: number;
  raw: string;
  kind: 'number' | 'date';
  /** Number mentions: every reading, the founder's convention undecided. */
  readings: MentionReading[];
  percent: boolean;
  hint: UnitHint | null;
  /** Date mentions: the days (since 1970-01-01, UTC) the date may mean, inclusive. */
  days?: { from: number; to: number };
  /** A month (1-12) without a year ('late June'), matched against any year. */
  month?: number;
  /** Counting words and years (`2 engineers`, `in 2026`): not a claim about the founder's data. */
  incidental: boolean;
};

const DAY_MS = 86_400_000;
const dayOf = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / DAY_MS;
const lastDayOf = (year: number, month: number) => dayOf(year, month + 1, 0);

const MONTHS: Record<string, number> = {
  january: 1, jan: 1, enero: 1, ene: 1,
  february: 2, feb: 2, febrero: 2,
  march: 3, mar: 3, marzo: 3,
  april: 4, apr: 4, abril: 4, abr: 4,
  may: 5, mayo: 5,
  june: 6, jun: 6, junio: 6,
  july: 7, jul: 7, julio: 7,
  august: 8, aug: 8, agosto: 8, ago: 8,
  september: 9, sep: 9, sept: 9, septiembre: 9, setiembre: 9,
  october: 10, oct: 10, octubre: 10,
  november: 11, nov: 11, noviembre: 11,
  december: 12, dec: 12, diciembre: 12, dic: 12,
};
/** Month words that are also ordinary words in lower case ('revenue may 20%', 'el mar'). */
const AMBIGUOUS_MONTHS = new Set(['may', 'mar']);
const MONTH_WORD = `(${Object.keys(MONTHS).sort((a, b) => b.length - a.length).join('|')})\\.?`;

/** ISO week labels as Rumbo writes them (`2026-W47`, Spanish `2026-S47`), ISO dates, and dates in words. */
const DATE_PATTERNS: { pattern: RegExp; read: (m: RegExpExecArray) => Pick<NumberMention, 'days' | 'month'> | null }[] = [
  {
    pattern: /(?<![\p{L}\p{N}])(\d{4})-?[WS](\d{1,2})(?![\p{L}\p{N}])/gu,
    read: (m) => {
      const year = Number(m[1]);
      const week = Number(m[2]);
      const jan4 = dayOf(year, 1, 4);
      const monday = jan4 - ((((jan4 + 3) % 7) + 7) % 7) + (week - 1) * 7;
      return week >= 1 && week <= 53 ? { days: { from: monday, to: monday + 6 } } : null;
    },
  },
  {
    pattern: /(?<![\p{L}\p{N}])(\d{4})-(\d{2})-(\d{2})(?![\p{L}\p{N}])/gu,
    read: (m) => {
      const day = dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
      return Number.isFinite(day) ? { days: { from: day, to: day } } : null;
    },
  },
  {
    // June 30, 2026 · June 30 · 30 June 2026 · 30 de junio de 2026 · 30 de junio
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${MONTH_WORD}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?|(\\d{1,2})(?:\\s+de)?\\s+${MONTH_WORD}(?:,?\\s+(?:de(?:l)?\\s+)?(\\d{4}))?)(?![\\p{L}\\p{N}%]|[.,]\\d)`, 'giu'),
    read: (m) => {
      const word = (m[1] ?? m[5])!;
      if (AMBIGUOUS_MONTHS.has(word)) return null;
      const month = MONTHS[word.toLowerCase()]!;
      const day = Number(m[2] ?? m[4]);
      const year = m[3] ?? m[6];
      if (day < 1 || day > 31) return null;
      if (!year) return { month };
      const date = dayOf(Number(year), month, day);
      return { days: { from: date, to: date } };
    },
  },
  {
    // June 2027 · junio de 2027
    pattern: new RegExp(`(?<![\\p{L}\\p{N}])${MONTH_WORD}(?:\\s+de(?:l)?)?\\s+(\\d{4})(?![\\p{L}\\p{N}])`, 'giu'),
    read: (m) => {
      if (AMBIGUOUS_MONTHS.has(m[1]!)) return null;
      const month = MONTHS[m[1]!.toLowerCase()]!;
      const year = Number(m[2]);
      return { days: { from: dayOf(year, month, 1), to: lastDayOf(year, month) } };
    },
  },
];

const MULTIPLIERS: Record<string, number> = {
  k: 1e3, mil: 1e3, m: 1e6, mm: 1e6, million: 1e6, millions: 1e6, millón: 1e6, millon: 1e6, millones: 1e6, bn: 1e9, billion: 1e9,
};

/** The currency codes founders in the region write before an amount (`USD 14,083`, `CLP 950.000`). */
const CURRENCY_CODES = 'USD|EUR|GBP|CAD|MXN|CLP|COP|ARS|PEN|BRL|UYU|PYG|BOB|CRC|GTQ|DOP|HNL|NIO|PAB|VES';

/**
 * A number: an optional sign, the digits with their group and decimal marks (`14,083.5`,
 * `14.083,5`, `14 083`), an optional size word (`14.1K`, `25 mil`, `1,2 millones`), then `%`
 * or `:1`. Currency signs and codes around it need no reading: the value is the same.
 */
const NUMBER = new RegExp(
  String.raw`(?<![\p{L}\p{N}.,])` +
    String.raw`(?<sign>[-\u2212](?=[\d$€£]|[A-Z]{1,3}\$|[A-Z]{3}\s?\d))?` +
    String.raw`(?<currency>(?:[A-Z]{1,3}\$|[$€£]|S\/\s?|(?:${CURRENCY_CODES})\s?))?` +
    String.raw`(?<body>\d{1,3}(?:[ \u00A0\u202F]\d{3})+(?:[.,]\d+)?|\d(?:[\d.,]*\d)?)` +
    String.raw`(?<size>[ \u00A0\u202F]?(?:k|K|M|MM|bn|mil|millones|millón|millon|million|millions|billion)(?![\p{L}\p{N}]))?` +
    String.raw`(?<percent>[ \u00A0\u202F]?%)?` +
    String.raw`(?<ratio>\s?:\s?1(?!\d|[.,]\d))?` +
    String.raw`(?![\p{L}\p{N}]|[.,]\d)`,
  'gu',
);

const HINTS: [RegExp, UnitHint][] = [
  [/^(?:a|per|\/|each)\s*(?:week|wk)\b|^weekly\b|^(?:a la|por|cada|\/)\s*semana\b|^semanal(?:es)?\b/i, 'perWeek'],
  [/^(?:a|per|\/|each)\s*(?:month|mo)\b|^monthly\b|^(?:al|por|cada|\/)\s*mes\b|^mensual(?:es)?\b/i, 'perMonth'],
  [/^(?:weeks?|wks?|semanas?)\b/i, 'weeks'],
  [/^(?:months?|mos?|mes(?:es)?)\b/i, 'months'],
];

/** Words that make a four-digit number a year: `in 2026`, `Q3 2026`, `en 2026`, `de 2026`. */
const YEAR_BEFORE = /(?:\b(?:in|by|since|of|year|en|de|del|desde|para|año)|\bQ[1-4]|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\w*)[\s,]+$/i;

function hintAfter(text: string, end: number): UnitHint | null {
  // Emphasis may close between the number and its unit: `**22** weeks`.
  const after = text.slice(end, end + 24).replace(/^[*_~\s\u00A0\u202F]+/, '');
  return HINTS.find(([pattern]) => pattern.test(after))?.[1] ?? null;
}

/** How far a written number may be from the value it rounds: half its last written place. */
function toleranceOf(body: string, fractionDigits: number): number {
  if (fractionDigits > 0) return 0.5 * 10 ** -fractionDigits;
  const digits = body.replace(/\D/g, '');
  const significant = digits.replace(/0+$/, '');
  const trailingZeros = digits.length - significant.length;
  // `14,000` may round 14,083, but `40` says 40, not something between 35 and 45.
  return significant.length >= 2 && trailingZeros > 0 ? 0.5 * 10 ** trailingZeros : 0.5;
}

/** Spans never read as numbers: addresses, and the markers of ordered lists. */
function skippedSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const m of text.matchAll(/https?:\/\/\S+|\]\([^)]*\)/g)) spans.push([m.index, m.index + m[0].length]);
  for (const m of text.matchAll(/^[ \t]{0,3}\d{1,3}[.)](?=[ \t])/gm)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

const overlaps = (spans: [number, number][], start: number, end: number) => spans.some(([from, to]) => start < to && end > from);

export function findNumberMentions(text: string): NumberMention[] {
  const skipped = skippedSpans(text);
  const mentions: NumberMention[] = [];
  for (const { pattern, read } of DATE_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const start = m.index;
      const end = start + m[0].length;
      if (overlaps(skipped, start, end)) continue;
      const date = read(m as RegExpExecArray);
      if (!date) continue;
      skipped.push([start, end]);
      mentions.push({ start, end, raw: m[0], kind: 'date', readings: [], percent: false, hint: null, incidental: false, ...date });
    }
  }
  for (const m of text.matchAll(NUMBER)) {
    const start = m.index;
    const end = start + m[0].length;
    if (overlaps(skipped, start, end)) continue;
    const groups = m.groups!;
    const body = groups.body!;
    const parsed = readNumber(body);
    if (parsed.kind !== 'number') continue;
    const multiplier = groups.size ? (MULTIPLIERS[groups.size.trim().toLowerCase()] ?? 1) : 1;
    const percent = Boolean(groups.percent);
    const scale = multiplier / (percent ? 100 : 1);
    const sign = groups.sign ? -1 : 1;
    const readings = parsed.readings.map((reading) => ({
      value: sign * reading.value * scale,
      tolerance: toleranceOf(body, reading.fractionDigits) * scale,
    }));
    const hint = hintAfter(text, end);
    const plain = !groups.currency && !groups.size && !percent && !groups.ratio && !hint && !/[.,\s]/.test(body);
    const value = Number(body);
    // `2 engineers`, `3 steps`, `in 2026`: counting words and years, not figures to trace.
    const year = value >= 1900 && value <= 2100 && YEAR_BEFORE.test(text.slice(Math.max(0, start - 12), start));
    const incidental = plain && (value <= 10 || year);
    mentions.push({ start, end, raw: m[0], kind: 'number', readings, percent, hint, incidental });
  }
  return mentions.sort((a, b) => a.start - b.start);
}
