import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT, MAX_COUNT } from '../../../src/core/metrics/week-record.ts';
import { DECIMAL_COMMA, DECIMAL_POINT, type NumberConvention } from '../../../src/core/numbers/convention.ts';
import { formatField, formatUnambiguous } from '../../../src/core/numbers/format-number.ts';
import { currencySymbols, type NumberKind, readField, readInConvention, readNumber } from '../../../src/core/numbers/read-number.ts';
import { CURRENCIES } from '../../../src/core/profile/profile-fields.ts';

const usd: NumberKind = { unit: 'money', currency: 'USD' };
const clp: NumberKind = { unit: 'money', currency: 'CLP' };
const count: NumberKind = { unit: 'count' };
const percent: NumberKind = { unit: 'percent' };
const conventions = [DECIMAL_POINT, DECIMAL_COMMA];

describe('reading a typed number', () => {
  it.each([
    ['1.234.567,89', 1234567.89],
    ['1,234,567.89', 1234567.89],
    ['198900,5', 198900.5],
    ['198.900,50', 198900.5],
    ['3.025,75', 3025.75],
    ['2810.5', 2810.5],
    ['$ 1 234', 1234],
    ['US$1,234.50', 1234.5],
    ['1.234 USD', 1234],
    ['−5', -5],
    ['-$5', -5],
    ['$ −5', -5],
    [' 1\u00A0234\u202F567,5 ', 1234567.5],
    ['0,500', 0.5],
    [',5', 0.5],
    ['1.234', 1234],
    ['007', 7],
  ])('reads %j as %d in either convention', (text, value) => {
    for (const convention of conventions) expect(readField(text, usd, convention)).toEqual({ status: 'value', value });
  });

  it('reads a percentage with or without its sign, and only in the percentage field', () => {
    expect(readField('12,5%', percent, DECIMAL_COMMA)).toEqual({ status: 'value', value: 12.5 });
    expect(readField('12.5 %', percent, DECIMAL_POINT)).toEqual({ status: 'value', value: 12.5 });
    expect(readField('12,5%', usd, DECIMAL_COMMA)).toEqual({ status: 'invalid', reason: 'format' });
    expect(readField('$5', count, DECIMAL_COMMA)).toEqual({ status: 'invalid', reason: 'format' });
    expect(readField('€5', usd, DECIMAL_COMMA)).toEqual({ status: 'invalid', reason: 'format' });
  });

  it('takes an empty field as no value', () => {
    expect(readField('', usd, DECIMAL_COMMA)).toEqual({ status: 'empty' });
    expect(readField('   ', count, DECIMAL_POINT)).toEqual({ status: 'empty' });
  });

  it('refuses exponents with their own reason, and anything that is not one number', () => {
    for (const text of ['1e6', '1E+06', '2,5e3']) expect(readField(text, usd, DECIMAL_POINT)).toEqual({ status: 'invalid', reason: 'exponent' });
    for (const text of ['1.23.4', '1,2,3', '1.234,5.6', '1,23.4', '12abc', '=1+1', '--5', '1..2', '5.', '$', '%', '1 23', '12 345 6', '0x10', 'Infinity', '+5', '(5)']) {
      expect(readField(text, usd, DECIMAL_COMMA), text).toEqual({ status: 'invalid', reason: 'format' });
    }
  });

  it('asks when a lone separator before three digits could be either, the founder\'s convention first', () => {
    expect(readField('198.900', usd, DECIMAL_COMMA)).toEqual({ status: 'ambiguous', readings: [198900, 198.9] });
    expect(readField('198.900', usd, DECIMAL_POINT)).toEqual({ status: 'ambiguous', readings: [198.9, 198900] });
    expect(readField('198,900', usd, DECIMAL_POINT)).toEqual({ status: 'ambiguous', readings: [198900, 198.9] });
    expect(readField('1.230', usd, DECIMAL_COMMA)).toEqual({ status: 'ambiguous', readings: [1230, 1.23] });
  });

  it('settles the question when only one reading fits the field', () => {
    // Counts are whole; CLP has no cents; money and percentages take 2 decimals; a percentage is at most 100.
    expect(readField('1.200', count, DECIMAL_POINT)).toEqual({ status: 'value', value: 1200 });
    expect(readField('1,000', count, DECIMAL_COMMA)).toEqual({ status: 'value', value: 1000 });
    expect(readField('198.000', clp, DECIMAL_POINT)).toEqual({ status: 'value', value: 198000 });
    expect(readField('1,234', usd, DECIMAL_COMMA)).toEqual({ status: 'value', value: 1234 });
    expect(readField('62.500', percent, DECIMAL_COMMA)).toEqual({ status: 'value', value: 62.5 });
  });

  it('reads an exchange rate with any decimals, and asks about 1.234 since either could be a rate', () => {
    const rate: NumberKind = { unit: 'rate' };
    expect(readField('0,00105', rate, DECIMAL_COMMA)).toEqual({ status: 'value', value: 0.00105 });
    expect(readField('18.2', rate, DECIMAL_COMMA)).toEqual({ status: 'value', value: 18.2 });
    expect(readField('4.000', rate, DECIMAL_COMMA)).toEqual({ status: 'ambiguous', readings: [4000, 4] });
    expect(readField('1,234', rate, DECIMAL_POINT)).toEqual({ status: 'ambiguous', readings: [1234, 1.234] });
    expect(formatField(0.00105, rate, DECIMAL_COMMA)).toBe('0,00105');
  });

  it('lists both readings of the ambiguous shape and one of every other', () => {
    expect(readNumber('198.900')).toEqual({
      kind: 'number',
      readings: [
        { value: 198900, decimal: ',', fractionDigits: 0 },
        { value: 198.9, decimal: '.', fractionDigits: 3 },
      ],
    });
    expect(readNumber('198900')).toEqual({ kind: 'number', readings: [{ value: 198900, decimal: null, fractionDigits: 0 }] });
  });

  it('reads a file\'s cell in the file\'s convention only', () => {
    expect(readInConvention('1.234', ',')).toBe(1234);
    expect(readInConvention('1.234', '.')).toBe(1.234);
    expect(readInConvention('5000,5', '.')).toBeNaN();
    expect(readInConvention('62.5', ',')).toBeNaN();
    expect(readInConvention('−7', '.')).toBe(-7);
    expect(readInConvention('1e6', '.')).toBeNaN();
  });

  it('knows the ways a currency is written', () => {
    expect(currencySymbols('USD')).toEqual(expect.arrayContaining(['USD', 'US$', '$']));
    expect(currencySymbols('BRL')).toContain('R$');
    expect(currencySymbols('EUR')).toContain('€');
  });
});

describe('writing a number back', () => {
  it('writes fields in the founder\'s convention, money with its currency\'s cents', () => {
    expect(formatField(198900.5, usd, DECIMAL_COMMA)).toBe('198.900,50');
    expect(formatField(198900.5, usd, DECIMAL_POINT)).toBe('198,900.50');
    expect(formatField(198900, clp, DECIMAL_COMMA)).toBe('198.900');
    expect(formatField(-5000, usd, DECIMAL_COMMA)).toBe('-5.000,00');
    expect(formatField(1200, count, DECIMAL_COMMA)).toBe('1.200');
    expect(formatField(62.5, percent, DECIMAL_COMMA)).toBe('62,5');
  });

  it('writes the two readings of a question so that neither can be misread', () => {
    expect(formatUnambiguous(198900, DECIMAL_COMMA)).toBe('198\u202F900');
    expect(formatUnambiguous(198.9, DECIMAL_COMMA)).toBe('198,9');
    expect(formatUnambiguous(198.9, DECIMAL_POINT)).toBe('198.9');
  });
});

/** A field's kind and a value it can hold: money to the cent (cash may be negative), whole counts, percentages 0–100. */
const kindAndValue = fc.oneof(
  fc.record({
    kind: fc.constantFrom(...CURRENCIES).map((currency): NumberKind => ({ unit: 'money', currency })),
    value: fc.integer({ min: -MAX_AMOUNT * 100, max: MAX_AMOUNT * 100 }).map((cents) => cents / 100),
  }),
  fc.record({ kind: fc.constant(count), value: fc.integer({ min: 0, max: MAX_COUNT }) }),
  fc.record({ kind: fc.constant(percent), value: fc.integer({ min: 0, max: 10_000 }).map((hundredths) => hundredths / 100) }),
);
const convention = fc.constantFrom(...conventions);

/** How a person writes a value, independently of `formatField`: either mark, grouped or not, with up to 2 decimals. */
function written(value: number, writer: NumberConvention, group: boolean, extraZeros: number, whole: boolean): string {
  const [integer, fraction = ''] = Math.abs(value).toFixed(2).replace(/0+$/, '').replace(/\.$/, '').split('.');
  const digits = group ? integer!.replace(/\B(?=(\d{3})+$)/g, writer.group) : integer!;
  const decimals = whole ? fraction : fraction.padEnd(Math.min(2, fraction.length + extraZeros), '0');
  return `${value < 0 ? '-' : ''}${digits}${decimals ? writer.decimal + decimals : ''}`;
}

describe('properties', () => {
  it('format → read is the identity for every convention, currency and field kind', () => {
    fc.assert(
      fc.property(kindAndValue, convention, convention, ({ kind, value }, shownIn, founder) => {
        const text = formatField(value, kind, shownIn);
        expect(readField(text, kind, founder)).toEqual({ status: 'value', value });
        if (kind.unit === 'money') {
          const symbol = currencySymbols(kind.currency)[0]!;
          expect(readField(`${symbol} ${text}`, kind, founder)).toEqual({ status: 'value', value });
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a number written in either convention is read as itself or asked about, never as 1,000 times more or less', () => {
    fc.assert(
      fc.property(kindAndValue, convention, convention, fc.boolean(), fc.integer({ min: 0, max: 2 }), ({ kind, value }, writer, founder, group, extraZeros) => {
        const text = written(value, writer, group, extraZeros, kind.unit === 'count');
        const read = readField(text, kind, founder);
        if (read.status === 'ambiguous') expect(read.readings).toContain(value);
        else expect(read, text).toEqual({ status: 'value', value });
      }),
      { numRuns: 3000 },
    );
  });

  it('an ambiguous entry always offers two readings 1,000 times apart, the founder\'s first', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 0, max: 999 }), fc.constantFrom('.', ','), convention, (head, tail, mark, founder) => {
        const text = `${head}${mark}${String(tail).padStart(3, '0')}`;
        const read = readField(text, usd, founder);
        if (read.status !== 'ambiguous') return; // 1.234 cannot be 1.234 dollars
        const [first, second] = read.readings;
        expect(Math.max(first, second) / Math.min(first, second)).toBeCloseTo(1000, 6);
        expect(first === head * 1000 + tail).toBe(mark !== founder.decimal);
      }),
    );
  });
});
