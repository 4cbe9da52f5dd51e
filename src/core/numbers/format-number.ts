import { currencyDigits, type NumberConvention } from './convention.ts';
import type { NumberKind } from './read-number.ts';

/**
 * Numbers written in the founder's convention (decision 110). Intl formats them (its
 * rounding, currency signs and compact suffixes); only its group and decimal marks are
 * swapped for the founder's, because es-419 writes 198,900.50 while most of Latin
 * America writes 198.900,50.
 */
export function inConvention(format: Intl.NumberFormat, convention: { decimal: string; group: string }): (value: number) => string {
  // Where the decimal mark is a comma, the percent sign stands apart (`2,5 %`), as Spanish
  // style guides and ISO 80000 write it; a no-break space keeps it on the number's line.
  const percentSign = convention.decimal === ',' ? '\u00A0%' : '%';
  return (value) =>
    format
      .formatToParts(value)
      .map((part) => {
        if (part.type === 'group') return convention.group;
        if (part.type === 'decimal') return convention.decimal;
        if (part.type === 'percentSign') return percentSign;
        return part.value;
      })
      .join('');
}

/** The fraction digits a field is shown with: money with its currency's (198.900,00), counts and percentages as they are. */
function digitsOf(kind: NumberKind): Intl.NumberFormatOptions {
  if (kind.unit === 'money') return { minimumFractionDigits: currencyDigits(kind.currency), maximumFractionDigits: 2 };
  if (kind.unit === 'rate') return { maximumFractionDigits: 10 };
  return { maximumFractionDigits: 2 };
}

/**
 * A field's value as an input shows it: `198.900,00`, `1.200` customers, `62,5` %.
 * Reading it back gives the same value without a question (`read-number.ts`): money in
 * a currency with cents always shows them, so `198.900,00` cannot mean 198.9.
 */
export function formatField(value: number, kind: NumberKind, convention: NumberConvention): string {
  return inConvention(new Intl.NumberFormat('en-US', digitsOf(kind)), convention)(value);
}

/**
 * The two readings of an ambiguous entry, each written so it cannot be misread: thousands
 * grouped with a thin space as ISO 80000 writes them (`198 900`), decimals with the
 * founder's mark (`198,9`).
 */
export function formatUnambiguous(value: number, convention: NumberConvention): string {
  const format = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
  return inConvention(format, { decimal: convention.decimal, group: '\u202F' })(value);
}
