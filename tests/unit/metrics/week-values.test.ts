import { describe, expect, it } from 'vitest';
import { DECIMAL_COMMA, DECIMAL_POINT } from '../../../src/core/numbers/convention.ts';
import type { NumberStyle } from '../../../src/web/lib/number-style.ts';
import {
  derivedWeeklyRevenue,
  draftFromPreviousWeek,
  draftFromRecord,
  parseDraft,
  revenuePeriodOf,
  tidyField,
  type WeekDraft,
  withRevenuePeriod,
} from '../../../src/web/features/metrics/week-values.ts';
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
    expect(parseDraft(typed({ cashBalance: '1e6' }), chilean).errors).toEqual({ cashBalance: 'validation:metrics.exponent' });
    expect(parseDraft(typed({ weeklyRevenue: 'mucho', newCustomers: '' }), chilean).errors).toEqual({ weeklyRevenue: 'validation:metrics.number', newCustomers: 'validation:metrics.required' });
    expect(parseDraft(typed({ arpu: '1234,555' }), chilean).errors).toEqual({ arpu: 'validation:metrics.cents' });
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

describe('a new week from the week before', () => {
  it('carries what usually stays put, starts the week\'s movements at 0, and leaves cash and active users to type', () => {
    expect(draftFromPreviousWeek(record, chilean)).toEqual({
      startingCustomers: '105',
      startingRevenue: '5.000,00',
      weeklyRevenue: '5.000,00',
      weeklyCosts: '9.000,00',
      marketingCosts: '2.000,00',
      grossMarginPct: '80',
      arpu: '12,50',
      newCustomers: '0',
      lostCustomers: '0',
      churnedRevenue: '0,00',
      expansions: '0,00',
      downgrades: '0,00',
      cashBalance: '',
      weeklyActiveUsers: '',
      dailyActiveUsers: '',
      monthlyActiveUsers: '',
      monthlyRevenue: '',
    });
  });

  it('typing only cash and active users saves a week where nothing else changed', () => {
    const draft = { ...draftFromPreviousWeek(record, chilean), cashBalance: '195.000,00', weeklyActiveUsers: '410' };
    expect(parseDraft(draft, chilean).input).toEqual({
      ...workedWeek,
      startingCustomers: 105,
      startingRevenue: 5000,
      newCustomers: 0,
      lostCustomers: 0,
      churnedRevenue: 0,
      expansions: 0,
      downgrades: 0,
      cashBalance: 195000,
      weeklyActiveUsers: 410,
      dailyActiveUsers: null,
      monthlyActiveUsers: null,
    });
  });
});

describe('revenue typed per month', () => {
  const monthly = { ...record, weeklyRevenue: 2307.69, monthlyRevenue: 10000 };

  it('records the week\'s share and keeps the month exactly as typed', () => {
    const draft = withRevenuePeriod(typed({ weeklyRevenue: '' }), 'month', chilean);
    expect(parseDraft({ ...draft, monthlyRevenue: '10.000,00' }, chilean).input).toMatchObject({ weeklyRevenue: 2307.69, monthlyRevenue: 10000 });
    expect(derivedWeeklyRevenue({ ...draft, monthlyRevenue: '10.000,00' }, chilean)).toBe(2307.69);
    // Shown back: the month the founder typed, not 9.999,99.
    expect(draftFromRecord(monthly, chilean)).toMatchObject({ monthlyRevenue: '10.000,00', weeklyRevenue: '2.307,69' });
    expect(revenuePeriodOf(draftFromPreviousWeek(monthly, chilean))).toBe('month');
    expect(draftFromPreviousWeek(monthly, chilean)).toMatchObject({ monthlyRevenue: '10.000,00', weeklyRevenue: '', startingRevenue: '2.307,69' });
  });

  it('switching between week and month keeps a week\'s figure exactly', () => {
    const weekly = typed({ weeklyRevenue: '5.000,00' });
    const asMonth = withRevenuePeriod(weekly, 'month', chilean);
    expect(asMonth).toMatchObject({ monthlyRevenue: '21.666,67', weeklyRevenue: '' });
    expect(parseDraft(asMonth, chilean).input).toMatchObject({ weeklyRevenue: 5000, monthlyRevenue: 21666.67 });
    expect(withRevenuePeriod(asMonth, 'week', chilean)).toMatchObject({ weeklyRevenue: '5.000,00', monthlyRevenue: '' });
  });

  it('a weekly figure edited over a monthly one (the history table) wins; an untouched one keeps the month', () => {
    const row = draftFromRecord(monthly, chilean);
    expect(parseDraft(row, chilean).input).toMatchObject({ weeklyRevenue: 2307.69, monthlyRevenue: 10000 });
    expect(parseDraft({ ...row, weeklyRevenue: '2.500,00' }, chilean).input).toMatchObject({ weeklyRevenue: 2500, monthlyRevenue: null });
  });

  it('asks about an ambiguous month as about any amount', () => {
    const draft = { ...withRevenuePeriod(typed({}), 'month', mexican), monthlyRevenue: '1,500' };
    expect(parseDraft(draft, mexican)).toMatchObject({ input: null, questions: { monthlyRevenue: [1500, 1.5] } });
  });
});
