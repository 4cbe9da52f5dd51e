import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePercentCell } from '../../../src/core/metrics/csv-table.ts';
import { DECIMAL_COMMA, DECIMAL_POINT, type NumberConvention } from '../../../src/core/numbers/convention.ts';
import { answerOf, type FieldNumber, readField } from '../../../src/core/numbers/read-number.ts';
import { formatIceTotal } from '../../../src/core/tasks/ice.ts';
import { TASK_METRIC_KEYS } from '../../../src/core/tasks/task-metrics.ts';
import { readTarget, targetText } from '../../../src/core/tasks/task-target.ts';
import { kindOf, DRAFT_FIELDS } from '../../../src/web/features/metrics/week-values.ts';
import { CHANGE_FIELDS } from '../../../src/core/reports/scenario-drafts.ts';
import { changeFieldKind } from '../../../src/web/features/reports/scenarios/scenario-drafts.ts';

/** Every numeric input of the web app, as the reader sees it (a field kind), with the currency of a Chilean (CLP) or an American (USD). */
function numericInputs(currency: string): { name: string; read: (text: string, convention: NumberConvention) => FieldNumber | { status: 'share'; readings: [number, number] } }[] {
  return [
    ...DRAFT_FIELDS.map((field) => ({ name: `week.${field}`, read: (text: string, c: NumberConvention) => readField(text, kindOf(field, currency), c) })),
    ...TASK_METRIC_KEYS.map((metric) => ({ name: `task.target.${metric}`, read: (text: string, c: NumberConvention) => readTarget(text, metric, currency, c) })),
    ...Object.values(CHANGE_FIELDS)
      .flat()
      .map((field) => ({ name: `scenario.${field}`, read: (text: string, c: NumberConvention) => readField(text, changeFieldKind(field, currency), c) })),
    { name: 'profile.currencyRate', read: (text: string, c: NumberConvention) => readField(text, { unit: 'rate' }, c) },
  ];
}

/** Inputs holding a percentage, where `65.000` % can only mean 65 %. */
const PERCENT_INPUT = /Pct$|Percent$|\.percent$|churnRate$|ndr$/;

const LANGUAGES = [
  ['es-LA', DECIMAL_COMMA],
  ['en', DECIMAL_POINT],
] as const;

describe('every numeric input reads the bad inputs as meant, asks, or refuses (both languages)', () => {
  for (const currency of ['CLP', 'USD']) {
    for (const [language, convention] of LANGUAGES) {
      for (const input of numericInputs(currency)) {
        it(`${input.name} in ${language} with ${currency}`, () => {
          const meant = (text: string, value: number) => {
            const read = input.read(text, convention);
            // Read as meant (a percentage target is stored as its share), or asked with the meant reading offered.
            if (read.status === 'value') expect([value, value / 100]).toContain(read.value);
            else if (read.status === 'ambiguous' || read.status === 'share') expect(read.readings).toContain(value);
            else expect(read.status).toBe('invalid'); // a whole-number field refuses decimals later, in its schema
          };
          for (const [text, value] of [
            ['65.000', 65_000],
            ['1.234,5', 1234.5],
            ['8.000', 8000],
            ['0,01', 0.01],
          ] as const) {
            const read = input.read(text, convention);
            // Never silently a thousandth (or a thousand times) of what was typed; a percentage of 65.000 can only be 65.
            if (read.status === 'value' && text.includes('.000') && !PERCENT_INPUT.test(input.name)) expect(Math.abs(read.value)).not.toBe(value / 1000);
            if (read.status === 'value' && text === '1.234,5') meant(text, value);
          }
          for (const text of ['', '   ']) expect(input.read(text, convention).status).toBe('empty');
          for (const text of ['abc', '12abc', 'doce']) expect(input.read(text, convention)).toMatchObject({ status: 'invalid', reason: 'format' });
          // −5 (Unicode minus) is minus five; where a share is stored, it asks −500 % or −5 %.
          const minus = input.read('\u22125', convention);
          if (minus.status === 'share') expect(minus.readings).toEqual([-500, -5]);
          else expect(minus).toEqual({ status: 'value', value: -5 });
        });
      }
    }
  }
});

describe('the bad inputs in the fields where they are likely', () => {
  it('a CLP task target of 65.000 is 65 000 pesos in both languages; 8.000 a month of hire is 8 000 pesos', () => {
    for (const [, convention] of LANGUAGES) {
      expect(readTarget('65.000', 'mrr', 'CLP', convention)).toEqual({ status: 'value', value: 65_000 });
      expect(readField('8.000', changeFieldKind('monthlyCost', 'CLP'), convention)).toEqual({ status: 'value', value: 8000 });
    }
  });

  it('a USD amount of 8.000 is asked about (8 000 or 8), the founder\'s convention first, and never read as 8 alone', () => {
    expect(readField('8.000', changeFieldKind('monthlyCost', 'USD'), DECIMAL_COMMA)).toEqual({ status: 'ambiguous', readings: [8000, 8] });
    expect(readField('8.000', changeFieldKind('monthlyCost', 'USD'), DECIMAL_POINT)).toEqual({ status: 'ambiguous', readings: [8, 8000] });
  });

  it('a churn target is a share (0,01 is 1 %, never 100 %), a % sign means percent, and a bare 3 asks 300 % or 3 %', () => {
    expect(readTarget('0,01', 'churnRate', 'USD', DECIMAL_COMMA)).toEqual({ status: 'value', value: 0.01 });
    expect(readTarget('0.005', 'churnRate', 'USD', DECIMAL_COMMA)).toEqual({ status: 'value', value: 0.005 });
    expect(readTarget('12,5 %', 'churnRate', 'USD', DECIMAL_COMMA)).toEqual({ status: 'value', value: 0.125 });
    expect(readTarget('80%', 'churnRate', 'USD', DECIMAL_POINT)).toEqual({ status: 'value', value: 0.8 });
    expect(readTarget('0,01 %', 'churnRate', 'USD', DECIMAL_COMMA)).toEqual({ status: 'value', value: 0.0001 });
    expect(readTarget('3', 'churnRate', 'USD', DECIMAL_COMMA)).toEqual({ status: 'share', readings: [300, 3] });
    expect(readTarget('1,1', 'ndr', 'USD', DECIMAL_COMMA)).toEqual({ status: 'share', readings: [110, 1.1] });
    expect(readTarget('1.234,5', 'runwayWeeks', 'USD', DECIMAL_POINT)).toEqual({ status: 'value', value: 1234.5 });
  });

  it('a stored target shows in the field as the founder reads it, and reads back as itself', () => {
    expect(targetText(0.025, 'churnRate', 'USD', DECIMAL_COMMA)).toBe('0,025');
    expect(targetText(65_000, 'mrr', 'CLP', DECIMAL_COMMA)).toBe('65.000');
    expect(targetText(5000, 'mrr', 'USD', DECIMAL_POINT)).toBe('5,000.00');
    for (const [value, metric, currency, convention] of [
      [0.025, 'churnRate', 'USD', DECIMAL_COMMA],
      [1.1, 'ndr', 'USD', DECIMAL_POINT],
      [65_000, 'mrr', 'CLP', DECIMAL_COMMA],
      [40.5, 'runwayWeeks', 'USD', DECIMAL_COMMA],
    ] as const) {
      expect(readTarget(targetText(value, metric, currency, convention), metric, currency, convention)).toEqual({ status: 'value', value });
    }
  });
});

describe('the number question is asked once per founder and mark (decision 250)', () => {
  it('an answer is remembered per mark and settles the next question on that mark only', () => {
    const usd = { unit: 'money', currency: 'USD' } as const;
    expect(answerOf('65.000', 65_000)).toEqual({ '.': 'group' });
    expect(answerOf('198,9', 198.9)).toBeNull(); // one reading: nothing to learn
    const answers = { ...answerOf('65.000', 65_000) };
    expect(readField('8.000', usd, DECIMAL_COMMA, answers)).toEqual({ status: 'value', value: 8000 });
    expect(readField('198.900', { unit: 'rate' }, DECIMAL_COMMA, answers)).toEqual({ status: 'value', value: 198_900 });
    // The other mark was never answered: still a question.
    expect(readField('8,000', usd, DECIMAL_COMMA, answers)).toMatchObject({ status: 'ambiguous' });
    const decimals = { ...answerOf('1,500', 1.5) };
    expect(decimals).toEqual({ ',': 'decimal' });
    expect(readField('8,000', usd, DECIMAL_COMMA, decimals)).toEqual({ status: 'value', value: 8 });
  });

  it('four weeks typed like 5.000 in every money field ask once, not once per field', () => {
    const usd = { unit: 'money', currency: 'USD' } as const;
    let answers = {};
    let questions = 0;
    for (let week = 0; week < 4; week += 1) {
      for (const text of ['5.000', '12.000', '3.500', '40.000']) {
        const read = readField(text, usd, DECIMAL_COMMA, answers);
        if (read.status === 'ambiguous') {
          questions += 1;
          answers = { ...answers, ...answerOf(text, read.readings[0]) };
        }
      }
    }
    expect(questions).toBe(1);
  });
});

describe('percentages in the CSV import', () => {
  it('reads 80%, 80 % and the share 0,8 / 0.8 as a gross margin of 80, in either file convention', () => {
    for (const decimalComma of [true, false]) {
      for (const cell of ['80%', '80 %', '80', '0,8', '0.8', '80,0 %']) expect(parsePercentCell(cell, decimalComma)).toBe(80);
      expect(parsePercentCell('62,5 %', decimalComma)).toBe(62.5);
      expect(parsePercentCell('0,5 %', decimalComma)).toBe(0.5);
      expect(parsePercentCell('ochenta', decimalComma)).toBeNaN();
    }
  });
});

describe('numbers shown', () => {
  it('the ICE total is written in the founder\'s convention: 5,0 for a decimal comma, 5.0 for a point', () => {
    expect(formatIceTotal(5, DECIMAL_COMMA)).toBe('5,0');
    expect(formatIceTotal(1.25, DECIMAL_POINT)).toBe('1.3');
    expect(formatIceTotal(5, 'es-419')).toBe('5,0');
  });
});

describe('no number input bypasses the reader', () => {
  it('nothing in the web app is an <input type="number">', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.tsx')) files.push(path);
      }
    };
    walk('src/web');
    const offending = files.filter((file) => /type=["{']+number/.test(readFileSync(file, 'utf8')));
    expect(offending).toEqual([]);
  });
});
