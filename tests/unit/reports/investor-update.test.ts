import { describe, expect, it } from 'vitest';
import { weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';
import type { WeekRecord } from '../../../src/core/metrics/week-record.ts';
import { draftInvestorUpdate, updateMarkdown, updateTitle } from '../../../src/core/reports/investor-update.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const last = weekIndex({ year: 2026, week: 10 });
/** 8 weeks ending 2026-W10, cash falling 1,000 a week. */
const records: WeekRecord[] = Array.from({ length: 8 }, (_, i) => ({ ...weekFromIndex(last - 7 + i), ...workedWeek, cashBalance: 100_000 - i * 1000 }));
const period = { fromWeek: { year: 2026, week: 7 }, toWeek: { year: 2026, week: 10 } };
const base = { period, records, completedTasks: [], activeTasks: [], strategyStatement: null, currency: 'MXN' };

describe('the investor update draft', () => {
  it('writes in Spanish with the founder\'s currency, against the previous period', () => {
    const { sections, kpis } = draftInvestorUpdate({ ...base, language: 'es-LA' });
    expect(kpis.find((k) => k.key === 'cashBalance')).toMatchObject({ value: 93_000, previous: 97_000 });
    expect(sections.kpis).toMatch(/- Caja: MXN\s93,000; periodo anterior: MXN\s97,000\n/);
    expect(sections.highlights).toBe('No se completaron experimentos en este periodo.');
    expect(sections.strategy).toBe('Todavía no hay una declaración de estrategia.');
    expect(updateMarkdown(sections, 'es-LA')).toMatch(/^# Reporte para inversionistas\n\n## Resumen\n\nPeriodo: 9 feb 2026 a 8 mar 2026/);
  });

  it('titles the update with the startup and the period in months and dates, never ISO week codes', () => {
    const { sections } = draftInvestorUpdate({ ...base, language: 'es-LA' });
    const markdown = updateMarkdown(sections, 'es-LA', { startupName: 'Ñandú Labs', period: { fromWeek: { year: 2026, week: 45 }, toWeek: { year: 2026, week: 49 } } });
    expect(markdown).toMatch(/^# Ñandú Labs — Reporte para inversionistas, noviembre de 2026\n/);
    expect(updateTitle('en', { startupName: null, period })).toBe('Investor update, 9 Feb 2026 – 8 Mar 2026');
    expect(markdown).not.toMatch(/\d{4}-W\d{2}/);
  });

  it('marks a metric projected from too little history as such, never on target', () => {
    // 8 weeks of revenue: NDR annualises them (a big number) but needs 13 to be more than a guess.
    const { sections, kpis } = draftInvestorUpdate({ ...base, language: 'en' });
    const ndr = kpis.find((k) => k.key === 'ndr')!;
    expect(ndr.value).not.toBeNull();
    expect(ndr).toMatchObject({ status: null, needsWeeks: 5 });
    expect(sections.kpis).toMatch(/- Net dollar retention: [^\n]*\(too little history to judge: 5 more recorded weeks needed\)\n/);
    expect(sections.kpis).not.toMatch(/Net dollar retention[^\n]*on target/);
    const spanish = draftInvestorUpdate({ ...base, language: 'es-LA' });
    expect(spanish.sections.kpis).toMatch(/Retención neta de ingresos: [^\n]*\(poco historial para evaluarla: faltan 5 semanas registradas\)/);
  });

  it('counts only the tasks completed inside the period, with the metric before and after', () => {
    const task = { hypothesis: 'Calls cut churn', completionNotes: 'It worked', metric: 'churnRate', metricValueAtCreation: 0.05, metricValueAtCompletion: 0.03 };
    const { sections } = draftInvestorUpdate({
      ...base,
      language: 'en',
      completedTasks: [
        { ...task, completedAt: new Date('2026-03-04T12:00:00Z') },
        { ...task, hypothesis: 'Too early', completedAt: new Date('2026-02-08T23:59:59Z') },
      ],
    });
    expect(sections.highlights).toBe('- **Calls cut churn**\n  Result: It worked\n  Weekly churn: 5% → 3%');
  });

  it('without a recorded week in the period, says so and writes no number', () => {
    const { sections, kpis } = draftInvestorUpdate({ ...base, language: 'en', period: { fromWeek: { year: 2026, week: 20 }, toWeek: { year: 2026, week: 23 } } });
    expect(kpis.every((k) => k.value === null)).toBe(true);
    expect(sections.kpis).toBe('No weekly numbers were recorded in this period, so this update has no metrics to report.');
    expect(sections.lowlights).toBe(sections.kpis);
    expect(`${sections.kpis}${sections.highlights}`).not.toMatch(/\d/);
  });

  it('leaves the asks out of the Markdown until the founder writes them', () => {
    const { sections } = draftInvestorUpdate({ ...base, language: 'en' });
    expect(updateMarkdown(sections, 'en')).not.toContain('## Asks');
    expect(updateMarkdown({ ...sections, asks: 'Intros to retailers' }, 'en')).toContain('## Asks\n\nIntros to retailers\n');
  });
});
