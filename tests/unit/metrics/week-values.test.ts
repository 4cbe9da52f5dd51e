import { describe, expect, it } from 'vitest';
import { DECIMAL_COMMA, DECIMAL_POINT } from '../../../src/core/numbers/convention.ts';
import type { NumberStyle } from '../../../src/web/lib/number-style.ts';
import { draftFromPreviousWeek, draftFromRecord, parseDraft, tidyField, type WeekDraft } from '../../../src/web/features/metrics/week-values.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const chilean: NumberStyle = { locale: 'es-419', convention: DECIMAL_COMMA, currency: 'USD' };
const mexican: NumberStyle = { locale: 'es-419', convention: DECIMAL_POINT, currency: 'MXN' };
const record = { year: 2026, week: 19, ...workedWeek, cashBalance: 198900.5 };

/** The worked week as a Spanish-speaking founder types it, with some fields replaced. */
const typed = (changes: Partial<WeekDraft>): WeekDraft => ({ ...draftFromRecord(record, chilean), ...changes });

describe('the week form\'s numbers', () => {
  it('pre-fills a recorded week and the next one in the founder\'s convention', () => {
    expect(draftFromRecord(record, chilean)).toMatchObject({ cashBalance: '198.900,50', startingCustomers: '100', arpu: '12,50', grossMarginPct: '80' });
    expect(draftFromRecord(record, mexican)).toMatchObject({ cashBalance: '198,900.50', arpu: '12.50' });
    expect(draftFromPreviousWeek(record, chilean)).toMatchObject({ startingCustomers: '105', startingRevenue: '5.000,00', cashBalance: '' });
  });

  it('reads back a pre-filled week exactly, without a question', () => {
    for (const style of [chilean, mexican]) expect(parseDraft(draftFromRecord(record, style), style)).toMatchObject({ input: { ...workedWeek, cashBalance: 198900.5 }, questions: {} });
  });

  it('asks about 198.900 instead of saving 198.9, and saves once the founder has written it unambiguously', () => {
    const asked = parseDraft(typed({ cashBalance: '198.900' }), chilean);
    expect(asked.input).toBeNull();
    expect(asked.questions).toEqual({ cashBalance: [198900, 198.9] });
    expect(asked.errors).toEqual({});
    expect(parseDraft(typed({ cashBalance: '198.900,50' }), chilean).input?.cashBalance).toBe(198900.5);
    expect(parseDraft(typed({ cashBalance: '3.025,75' }), chilean).input?.cashBalance).toBe(3025.75);
  });

  it('a question in an optional field still holds the save', () => {
    expect(parseDraft(typed({ arpu: '1.500' }), chilean)).toMatchObject({ input: null, questions: { arpu: [1500, 1.5] } });
  });

  it('says why 1e6 is refused, and keeps the schema\'s messages', () => {
    expect(parseDraft(typed({ cashBalance: '1e6' }), chilean).errors).toEqual({ cashBalance: 'validation.exponent' });
    expect(parseDraft(typed({ weeklyRevenue: 'mucho', newCustomers: '' }), chilean).errors).toEqual({ weeklyRevenue: 'validation.number', newCustomers: 'validation.required' });
    expect(parseDraft(typed({ arpu: '1234,555' }), chilean).errors).toEqual({ arpu: 'validation.cents' });
    // Money has no third decimal: 1,555 can only be fifteen hundred and fifty-five.
    expect(parseDraft(typed({ arpu: '1,555' }), chilean)).toMatchObject({ errors: {}, input: { arpu: 1555 } });
  });

  it('tidies a field the founder leaves into their convention, unless that would change it', () => {
    expect(tidyField(typed({ cashBalance: '198900,5' }), 'cashBalance', chilean)).toBe('198.900,50');
    expect(tidyField(typed({ cashBalance: '$ 1 234' }), 'cashBalance', chilean)).toBe('1.234,00');
    expect(tidyField(typed({ newCustomers: '1200' }), 'newCustomers', chilean)).toBe('1.200');
    expect(tidyField(typed({ grossMarginPct: '12.5%' }), 'grossMarginPct', chilean)).toBe('12,5');
    expect(tidyField(typed({ cashBalance: '1.234,567' }), 'cashBalance', chilean)).toBe('1.234,567');
    expect(tidyField(typed({ cashBalance: '198.900' }), 'cashBalance', chilean)).toBe('198.900');
    expect(tidyField(typed({ cashBalance: 'mucho' }), 'cashBalance', chilean)).toBe('mucho');
  });
});
