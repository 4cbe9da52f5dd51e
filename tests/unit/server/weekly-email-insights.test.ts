import { describe, expect, it } from 'vitest';
import type { Insight } from '../../../src/core/insights/weekly-insights.ts';
import type { MetricKey } from '../../../src/core/metrics/formulas.ts';
import { askLink, insightLine } from '../../../src/server/features/weekly-email/insight-lines.ts';

/** The Monday e-mail's insight sentences: every kind, both languages, numbers in the founder's style. */
const en = { language: 'en' as const, country: null, currency: 'USD' };
const es = { language: 'es-LA' as const, country: 'CL', currency: 'CLP' };
const names: Partial<Record<MetricKey, string>> = { ltvToCac: 'LTV : CAC', mrr: 'MRR', churnRate: 'Weekly churn' };
const name = (key: MetricKey) => names[key] ?? key;

const ALL: Insight[] = [
  { kind: 'runwayBelowTarget', metric: 'runwayWeeks', from: 50, to: 37.5, threshold: 40 },
  { kind: 'runwayBelowTarget', metric: 'runwayWeeks', from: null, to: 30, threshold: 40 },
  { kind: 'offTarget', metric: 'ltvToCac', from: 5.5, to: 2.1, threshold: 5 },
  { kind: 'churnRising', metric: 'churnRate', values: [0.004, 0.0045, 0.005, 0.0062] },
  { kind: 'growthStalled', metric: 'activeUsers', values: [1340, 1400, 1400, 1395, 1380] },
  { kind: 'taskMetricMoved', metric: 'mrr', taskId: 't', hypothesis: 'Annual plans lift MRR', from: 10_000, to: 12_000, tone: 'good' },
  { kind: 'weekNotRecorded', week: { year: 2026, week: 47 }, latest: { year: 2026, week: 45 } },
  { kind: 'cacJumped', metric: 'cac', values: [210, 190, 200, 330] },
  { kind: 'stillOffTarget', metric: 'churnRate', to: 0.0282, threshold: 0.007, times: 0.0282 / 0.007 },
  { kind: 'runwayUnderTarget', metric: 'runwayWeeks', to: 18.6, threshold: 40, cashOut: '2027-04-02' },
  { kind: 'stillOffTarget', metric: 'ltvToCac', to: 2.1, threshold: 5, times: 5 / 2.1 },
];

describe('the Monday e-mail’s insights', () => {
  it('say each kind in English with the dashboard’s formats', () => {
    expect(ALL.map((insight) => insightLine(insight, en, name))).toEqual([
      'Runway fell from 50 to 37.5 weeks, under the 40-week target.',
      'You started burning cash: runway is 30 weeks, under the 40-week target.',
      'LTV : CAC went off target: from 5.5 to 2.1 (target > 5).',
      'Weekly churn rose three weeks in a row: 0.4% → 0.45% → 0.5% → 0.62%.',
      'Active users stopped growing three weeks ago: 1,340 → 1,400 → 1,400 → 1,395 → 1,380.',
      'MRR moved the right way, from $10,000 to $12,000, since you started “Annual plans lift MRR”.',
      'The week of 16 Nov 2026 is not recorded yet; your latest recorded week is the week of 2 Nov 2026.',
      'CAC jumped to $330 against its trend: $210 → $190 → $200 → $330.',
      'Weekly churn is 2.82%, off target (target < 0.7%): 4 times the limit.',
      'Runway is 18.6 weeks, under the 40-week target. At this burn the cash runs out around 2 Apr 2027.',
      'LTV : CAC is 2.1, off target (target > 5).',
    ]);
  });

  it('say each kind in Spanish, in a Chilean founder’s marks and currency', () => {
    const lines = ALL.map((insight) => insightLine(insight, es, name));
    expect(lines[0]).toBe('Tu runway bajó de 50 a 37,5 semanas, por debajo de la meta de 40 semanas.');
    expect(lines[4]).toBe('Tus usuarios activos dejaron de crecer hace tres semanas: 1.340 → 1.400 → 1.400 → 1.395 → 1.380.');
    // Intl puts a no-break space between the currency code and the amount.
    expect(lines[5]!.replace(/\u00a0/g, ' ')).toBe('MRR se movió en la dirección correcta, de CLP 10.000 a CLP 12.000, desde que empezaste “Annual plans lift MRR”.');
    expect(lines[7]!.replace(/\u00a0/g, ' ')).toBe('Tu CAC saltó a CLP 330, contra su tendencia: CLP 210 → CLP 190 → CLP 200 → CLP 330.');
    // The percent sign's spacing is the number formatter's business: either reads as the founder's convention here.
    expect(lines[8]!.replace(/\s?%/g, '%')).toBe('Weekly churn está en 2,82%, fuera de la meta (meta < 0,7%): 4 veces el límite.');
    expect(lines[9]).toMatch(/^Tu runway es de 18,6 semanas, por debajo de la meta de 40 semanas\. Con esta quema, la caja se acaba alrededor del 2 .*abr.* 2027\.$/);
  });

  it('link to the mentor with the insight and its question', () => {
    const line = insightLine(ALL[0]!, en, name);
    expect(decodeURIComponent(askLink('https://rumbo.test/talk-rumbo', line, en).split('?ask=')[1]!)).toBe(`${line} What should I do about it?`);
  });
});
