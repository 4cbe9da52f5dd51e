import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type KnownNumber, type NumberUnit, checkNumbers, numbersIn } from '../../../src/core/mentor/number-check.ts';
import { findNumberMentions } from '../../../src/core/mentor/number-mentions.ts';
import { DECIMAL_COMMA, DECIMAL_POINT } from '../../../src/core/numbers/convention.ts';
import type { MetricUnit } from '../../../src/core/metrics/metric-units.ts';
import { metricFormatter } from '../../../src/web/lib/metric-format.ts';

const metric = (key: string, value: number, unit: NumberUnit, week = '2026-W47'): KnownNumber => ({ kind: 'metric', key, value, unit, week });

/** The founder of the worked example: $14,083 MRR, 2.13% weekly churn, 30 weeks of runway at a $7,000 burn. */
const KNOWN: KnownNumber[] = [
  metric('mrr', 14_083.33, 'money'),
  metric('churnRate', 0.02134, 'percent'),
  metric('runwayWeeks', 30.46, 'weeks'),
  metric('weeklyBurnRate', 7000, 'moneyPerWeek'),
  metric('ltvToCac', 4.2, 'multiple'),
  { kind: 'target', key: 'runwayWeeks', value: 40, unit: 'weeks' },
  { kind: 'task', key: 'iceTotal', value: 2.5, unit: 'score', detail: 'If we call churned customers…' },
];

const sourcesOf = (text: string, known = KNOWN) => checkNumbers(text, known).map((check) => [check.raw, check.source?.key ?? null]);

describe('finding the numbers of a text', () => {
  it('reads both conventions, sizes, percents, ratios and signs', () => {
    const values = (text: string) => findNumberMentions(text).map((m) => m.readings.map((r) => Number(r.value.toFixed(6))));
    expect(values('MRR $14,083.50 and USD 14.083,50')).toEqual([[14083.5], [14083.5]]);
    expect(values('$14.1K, 25 mil, 1,2 millones')).toEqual([[14100], [25000], [1200000]]);
    expect(values('churn 2,1 % then −12%')).toEqual([[0.021], [-0.12]]);
    expect(values('LTV:CAC 4.2:1')).toEqual([[4.2]]);
    // `1.500` is 1500 for most of Latin America and 1.5 for Mexico: both readings are kept.
    expect(values('1.500')).toEqual([[1500, 1.5]]);
  });

  it('leaves out list markers, addresses, counting words and years', () => {
    const raws = (text: string) => findNumberMentions(text).filter((m) => !m.incidental).map((m) => m.raw);
    expect(raws('1. Hire 2 engineers in 2026\n2. See https://example.com/report/2026/47')).toEqual([]);
    expect(raws('3 weeks, 12 customers, 8%')).toEqual(['3', '12', '8%']);
  });

  it('reads week labels and dates in words in both languages', () => {
    const kinds = findNumberMentions('In 2026-W47 (2026-S47), cash out in June 2027, on 30 de junio de 2027 or June 30.').map((m) => [m.raw, m.kind]);
    expect(kinds).toEqual([
      ['2026-W47', 'date'],
      ['2026-S47', 'date'],
      ['June 2027', 'date'],
      ['30 de junio de 2027', 'date'],
      ['June 30', 'date'],
    ]);
    // 'may' and 'mar' are words before they are months.
    expect(findNumberMentions('Revenue may 20% up').map((m) => m.raw)).toEqual(['20%']);
  });
});

describe('checking an answer against the context', () => {
  it('finds rounded and restated numbers: $14k, 2.1%, about 7 months, $30,333 a month', () => {
    expect(sourcesOf('MRR is $14k (USD 14.083), churn 2.1%, runway 30.5 weeks, about 7 months.')).toEqual([
      ['$14k', 'mrr'],
      ['USD 14.083', 'mrr'],
      ['2.1%', 'churnRate'],
      ['30.5', 'runwayWeeks'],
      ['7', 'runwayWeeks'],
    ]);
    expect(sourcesOf('Burn is $7,000 a week, $30,333 a month.')).toEqual([
      ['$7,000', 'weeklyBurnRate'],
      ['$30,333', 'weeklyBurnRate'],
    ]);
    expect(sourcesOf('Target: above **40** weeks. Top task ICE 2.5. LTV:CAC 4.2:1.')).toEqual([
      ['40', 'runwayWeeks'],
      ['2.5', 'iceTotal'],
      ['4.2:1', 'ltvToCac'],
    ]);
  });

  it('marks a number found nowhere, and does not stretch rounding: 40 weeks is not 36', () => {
    expect(sourcesOf('Your churn is 5.4% and runway 36 weeks.')).toEqual([
      ['5.4%', null],
      ['36', null],
    ]);
    // A share is never a count: 30% is not 30 weeks.
    expect(sourcesOf('30%')).toEqual([['30%', null]]);
  });

  it("traces the founder's own notes and question, and dates to the recorded week", () => {
    const note = numbersIn('We need MRR above USD 25k by March.', 'note');
    const question = numbersIn('Should I hire two engineers at $1,500 a week each?', 'question');
    expect(sourcesOf('Your note asks for $25,000; you are at $14,083. Each $1,500 costs runway. Since 2026-W47…', [...KNOWN, ...note, ...question])).toEqual([
      ['$25,000', 'note'],
      ['$14,083', 'mrr'],
      ['$1,500', 'question'],
      ['2026-W47', 'mrr'],
    ]);
    expect(sourcesOf('Cash runs out in June 2027 (2027-06-21).', [{ kind: 'derived', key: 'cashOutDate', value: Date.UTC(2027, 5, 21) / 86_400_000, unit: 'date' }])).toEqual([
      ['June 2027', 'cashOutDate'],
      ['2027-06-21', 'cashOutDate'],
    ]);
  });
});

/** Every unit the dashboard formats, with the values it may have to print. */
const DASHBOARD_UNITS: [MetricUnit, fc.Arbitrary<number>][] = [
  ['money', fc.double({ min: -5e6, max: 5e7, noNaN: true })],
  ['moneyPerWeek', fc.double({ min: -1e6, max: 1e6, noNaN: true })],
  ['percent', fc.double({ min: -1, max: 3, noNaN: true })],
  ['weeks', fc.double({ min: 0, max: 2000, noNaN: true })],
  ['count', fc.integer({ min: 0, max: 5e6 })],
  ['multiple', fc.double({ min: 0, max: 100, noNaN: true })],
];
const STYLES = fc.record({
  locale: fc.constantFrom('en-US', 'es-419'),
  convention: fc.constantFrom(DECIMAL_POINT, DECIMAL_COMMA),
  currency: fc.constantFrom('USD', 'CLP', 'MXN', 'COP'),
});
const UNIT_WORD: Partial<Record<MetricUnit, string>> = { weeks: 'weeks', count: 'users' };

describe('the number check, over generated numbers', () => {
  it("finds every number the dashboard's own formatter prints, in both languages and conventions", () => {
    fc.assert(
      fc.property(fc.constantFrom(...DASHBOARD_UNITS).chain(([unit, values]) => fc.tuple(fc.constant(unit), values)), STYLES, fc.boolean(), ([unit, value], style, compact) => {
        const printed = metricFormatter(unit, style, compact)(value);
        const text = `Your number is ${printed}${UNIT_WORD[unit] ? ` ${UNIT_WORD[unit]}` : ''}.`;
        const checks = checkNumbers(text, [metric('shown', value, unit)]);
        expect(checks.filter((check) => check.source === null)).toEqual([]);
        // Only a bare whole number up to 10 ('3 users') is left out, as a counting word.
        const countingWord = unit !== 'weeks' && /^\d+$/.test(printed) && Number(printed) <= 10;
        expect(checks).toHaveLength(countingWord ? 0 : 1);
      }),
      { numRuns: 2000 },
    );
  });

  /** Every value a known number can be confused with: restated by weeks per month, as a percent, or by a misread separator. */
  const FACTORS = [1, 52 / 12, 12 / 52, 100, 1 / 100, 1000, 1 / 1000];
  const farFrom = (value: number, known: number[]) =>
    known.every((k) => FACTORS.every((factor) => Math.abs(Math.abs(value) - Math.abs(k * factor)) > 0.1 * Math.max(Math.abs(value), Math.abs(k * factor))));

  it('does not find a number more than 10% away from every known number, however it is written', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...DASHBOARD_UNITS), fc.double({ min: 0.001, max: 1e6, noNaN: true })), { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...DASHBOARD_UNITS),
        fc.double({ min: 11, max: 1e6, noNaN: true }),
        STYLES,
        (knownDraws, [foreignUnit], foreign, style) => {
          const known = knownDraws.map(([[unit], value]) => metric('known', value, unit));
          const printed = metricFormatter(foreignUnit, style)(foreign);
          const shown = findNumberMentions(printed)[0];
          fc.pre(shown !== undefined && shown.readings.every((reading) => farFrom(reading.value, known.map((k) => k.value))));
          expect(checkNumbers(`They said ${printed} ${UNIT_WORD[foreignUnit] ?? ''}.`, known).map((check) => check.source)).toEqual([null]);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
