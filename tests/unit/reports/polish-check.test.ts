import { describe, expect, it } from 'vitest';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import type { WeekRecord } from '../../../src/core/metrics/week-record.ts';
import { draftInvestorUpdate, type Sections } from '../../../src/core/reports/investor-update.ts';
import { flagUnknownNumbers, updateKnownNumbers } from '../../../src/core/reports/polish-check.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const last = weekIndex({ year: 2026, week: 10 });
/** 8 weeks ending 2026-W10, cash falling 1,000 a week: cash $93,000 (was $97,000), churn 5 %, runway 23.25 weeks. */
const records: WeekRecord[] = Array.from({ length: 8 }, (_, i) => ({ ...weekFromIndex(last - 7 + i), ...workedWeek, cashBalance: 100_000 - i * 1000 }));
const period = { fromWeek: { year: 2026, week: 7 }, toWeek: { year: 2026, week: 10 } };
const sources = { period, records, completedTasks: [], activeTasks: [], strategyStatement: 'We win corner shops with one-tap reorders', currency: 'USD' };

const draft = draftInvestorUpdate({ ...sources, language: 'en' });
const known = updateKnownNumbers(draft.sections, draft.kpis, records);
/** The draft with one section rewritten, as a model would polish it. */
const polished = (section: keyof Sections, text: string): Sections => ({ ...draft.sections, [section]: text });
const flagged = (section: keyof Sections, text: string) => flagUnknownNumbers(polished(section, text), known).map((flag) => [flag.section, flag.raw]);

describe('the numbers of a polished investor update', () => {
  it('accepts the draft itself: every number it states comes from the records', () => {
    expect(flagUnknownNumbers(draft.sections, known)).toEqual([]);
  });

  it('flags a number the model invented, where it stands, and only that one', () => {
    const text = 'Cash closed at $93,000 and we signed 37 new distributors.';
    const flags = flagUnknownNumbers(polished('summary', text), known);
    expect(flags).toEqual([{ section: 'summary', start: text.indexOf('37'), end: text.indexOf('37') + 2, raw: '37' }]);
  });

  it('still finds a number the model rewrote in the other language\'s format', () => {
    expect(flagged('kpis', 'La caja cerró en US$93.000,00, frente a US$97.000 del periodo anterior.')).toEqual([]);
    expect(flagged('kpis', 'La caja cerró en USD 93 000.')).toEqual([]);
    expect(flagged('kpis', 'La pista es de 23,25 semanas.')).toEqual([]);
  });

  it('reads a percentage as the share it is, spaced or not, and refuses one the records do not hold', () => {
    expect(flagged('lowlights', 'Weekly churn is 5 %, off target.')).toEqual([]);
    expect(flagged('lowlights', 'El churn semanal está en 5,0 %.')).toEqual([]);
    // 5 customers lost is a count, never the 5 % churn; and 7 % churn was never recorded.
    expect(flagged('lowlights', 'Weekly churn is 7%.')).toEqual([['lowlights', '7%']]);
  });

  it('accepts money rounded as a founder would write it, and flags an amount off by more than the rounding', () => {
    expect(flagged('kpis', 'Cash is $93k, down from $97k.')).toEqual([]);
    expect(flagged('kpis', 'Cash is $1,234.50.')).toEqual([['kpis', '$1,234.50']]);
    expect(flagged('kpis', 'Cash is $150k.')).toEqual([['kpis', '$150k']]);
  });

  it('knows the numbers the founder typed into the draft, in either format', () => {
    const edited = { ...draft.sections, asks: 'We are raising $1,234.50 per seat, 1.500 units' };
    const own = updateKnownNumbers(edited, draft.kpis, records);
    expect(flagUnknownNumbers({ ...edited, asks: 'Raising US$1.234,5 per seat, 1,500 units.' }, own)).toEqual([]);
  });
});
