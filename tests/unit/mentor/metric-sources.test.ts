import { describe, expect, it } from 'vitest';
import { METRIC_TARGETS, targetStatus } from '../../../src/core/mentor/metric-targets.ts';
import { computeSeries } from '../../../src/core/metrics/formulas.ts';
import { TARGETS, targetStatuses } from '../../../src/core/metrics/targets.ts';
import type { MentorContext } from '../../../src/server/ai/context/build-context.ts';
import { metricsContext, trendOf } from '../../../src/server/features/metrics/mentor-source.ts';
import { offlineAnswer } from '../../../src/server/ai/offline/offline-mentor.ts';
import { workedWeek } from '../../fixtures/metrics-week.ts';

const target = (key: (typeof METRIC_TARGETS)[number]['key']) => METRIC_TARGETS.find((t) => t.key === key)!;

describe("the mentor's targets are the metrics feature's", () => {
  it('has every targeted metric with the same direction and threshold as the dashboard', () => {
    expect(METRIC_TARGETS.map((t) => t.key).sort()).toEqual(Object.keys(TARGETS).sort());
    for (const t of METRIC_TARGETS) expect({ direction: t.direction, threshold: t.threshold }).toEqual(TARGETS[t.key]);
  });

  it('judges revenue growth of exactly 20% on target, as the dashboard does (at least, not above)', () => {
    expect(targetStatus(target('revenueGrowth'), 0.2)).toBe('on');
    expect(targetStatus(target('runwayWeeks'), 40)).toBe('near');
    expect(targetStatus(target('churnRate'), 0.02)).toBe('off');
  });
});

describe('the metrics source', () => {
  it('says which way a metric moved by its target direction, and steady for small moves', () => {
    expect(trendOf(target('runwayWeeks'), [50, 45, 30])).toBe('worsening');
    expect(trendOf(target('churnRate'), [0.03, 0.02, 0.01])).toBe('improving');
    expect(trendOf(target('runwayWeeks'), [50, null, 50.5])).toBe('steady');
    expect(trendOf(target('runwayWeeks'), [null, 50])).toBeNull();
  });

  it('turns the summary into text for the model and facts for the offline mentor', () => {
    const weeks = [0, 1, 2].map((i) => ({ year: 2026, week: 40 + i, ...workedWeek, cashBalance: 200_000 - i * 60_000 }));
    const series = computeSeries(weeks);
    const latest = series.at(-1)!;
    const summary = {
      latest,
      statuses: targetStatuses(latest),
      series: series.map((s) => ({ year: s.year, week: s.week, mrr: s.mrr, activeUsers: s.activeUsers, cashBalance: s.cashBalance, runwayWeeks: s.runwayWeeks })),
    };
    const context = metricsContext(summary)!;
    expect(context.facts).toMatchObject({ year: 2026, week: 42, trendWeeks: 3, trends: { runwayWeeks: 'worsening' } });
    expect(context.facts.values.runwayWeeks).toBe(latest.runwayWeeks);
    expect(context.text).toContain('Latest recorded week 2026-W42');
    expect(context.text).toMatch(/- Runway: [\d.]+ weeks \(target above 40 weeks\) — off target, worsening over 3 weeks/);
    expect(metricsContext({ latest: null, statuses: null, series: [] })).toBeNull();
  });
});

describe('the offline mentor with tasks, strategy and trends', () => {
  const context: MentorContext = {
    facts: {
      metrics: { year: 2026, week: 46, values: { runwayWeeks: 22 }, trends: { runwayWeeks: 'worsening' }, trendWeeks: 8 },
      tasks: [{ id: '1', hypothesis: 'Annual plans cut churn in half', whyRelevant: 'Churn leaks revenue', metric: 'churnRate', targetValue: 0.005, iceTotal: 3.36 }],
      strategy: { version: 2, coreProblem: 'Shops guess their stock', maximas: ['Talk to customers weekly', 'Ship small'], statement: 'We win small shops first' },
    },
    chunks: [],
    omitted: 0,
    numbers: [],
  };

  it('cites the trend, the top task and the strategy in English', () => {
    const answer = offlineAnswer({ question: 'What now?', language: 'en', context }).text;
    expect(answer).toContain('The number that matters most this week is **Runway**: 22 weeks, target above 40 weeks, worsening over 8 weeks.');
    expect(answer).toContain('Your top task (ICE 3.4) works on Churn rate (weekly): _Annual plans cut churn in half_');
    expect(answer).toContain('Your strategy (version 2) says: _We win small shops first_');
  });

  it('and in Spanish with tú', () => {
    const answer = offlineAnswer({ question: '¿Y ahora?', language: 'es-LA', context }).text;
    expect(answer).toContain('El número que más importa esta semana es **Runway**: 22 semanas, meta por encima de 40 semanas, empeorando en 8 semanas.');
    expect(answer).toContain('Tu tarea principal (ICE 3,4) trabaja sobre Churn semanal');
    expect(answer).toContain('Tu estrategia (versión 2) dice: _We win small shops first_');
  });
});
