import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CAC_JUMP, type DoneTask, type Insight, MAX_INSIGHTS, weeklyInsights } from '../../../src/core/insights/weekly-insights.ts';
import type { MetricKey } from '../../../src/core/metrics/formulas.ts';
import { type WeekKey, weekFromIndex, weekIndex } from '../../../src/core/metrics/iso-week.ts';

type Point = WeekKey & Partial<Record<MetricKey, number | null>>;

const THIS_WEEK: WeekKey = { year: 2026, week: 48 };
const NOW = new Date('2026-11-25T12:00:00Z');
const LAST = weekIndex(THIS_WEEK) - 1;

/** A run of consecutive weeks ending last week, each with the values the generator gives it. */
function series(weeks: number, values: (index: number) => Partial<Record<MetricKey, number | null>>, endIndex = LAST): Point[] {
  return Array.from({ length: weeks }, (_, i) => ({ ...weekFromIndex(endIndex - weeks + 1 + i), ...values(i) }));
}

/** A healthy founder: every targeted metric comfortably on target. */
const healthy = (): Partial<Record<MetricKey, number | null>> => ({
  runwayWeeks: 80,
  weeklyBurnRate: 2000,
  churnRate: 0.004,
  ndr: 1.1,
  ltvToCac: 6,
  paybackWeeks: 20,
  userGrowth: 0.06,
  revenueGrowth: 0.25,
  mrr: 10_000,
});

const insights = (points: Point[], tasks: DoneTask[] = [], notBurning = false) =>
  weeklyInsights({ series: points, notBurning, doneTasks: tasks, now: NOW, thisWeek: THIS_WEEK });
const kinds = (found: Insight[]) => found.map((insight) => insight.kind);

describe('weekly insights', () => {
  it('say nothing for a healthy founder who recorded last week, and nothing before the first week', () => {
    expect(insights(series(8, healthy))).toEqual([]);
    expect(insights([])).toEqual([]);
  });

  it('tell when runway crosses under its target, with the weeks before and now', () => {
    const points = series(6, (i) => ({ ...healthy(), runwayWeeks: i < 5 ? 45 - i : 38 }));
    expect(insights(points)).toEqual([{ kind: 'runwayBelowTarget', metric: 'runwayWeeks', from: 41, to: 38, threshold: 40 }]);
    // Already under it the week before: no longer a crossing, but still said, as a state.
    expect(insights(series(6, (i) => ({ ...healthy(), runwayWeeks: 39 - i })))).toEqual([{ kind: 'runwayUnderTarget', metric: 'runwayWeeks', to: 34, threshold: 40 }]);
  });

  it('count a founder who started burning this week as crossing, and one not burning as never crossing', () => {
    const started = series(3, (i) => ({ ...healthy(), runwayWeeks: i < 2 ? null : 30, weeklyBurnRate: i < 2 ? -500 : 1000 }));
    expect(insights(started)[0]).toMatchObject({ kind: 'runwayBelowTarget', from: null, to: 30 });
    expect(insights(series(3, () => ({ ...healthy(), runwayWeeks: null, weeklyBurnRate: -500 })), [], true)).toEqual([]);
  });

  it('tell a metric off target the first week it is off, and every week after as a state with its ratio to the target', () => {
    const slipped = series(5, (i) => ({ ...healthy(), ltvToCac: i < 4 ? 5.5 : 2.1 }));
    expect(insights(slipped)).toEqual([{ kind: 'offTarget', metric: 'ltvToCac', from: 5.5, to: 2.1, threshold: 5 }]);
    const stillOff = series(5, (i) => ({ ...healthy(), ltvToCac: i < 3 ? 5.5 : 2.1 }));
    expect(insights(stillOff)).toEqual([{ kind: 'stillOffTarget', metric: 'ltvToCac', to: 2.1, threshold: 5, times: 5 / 2.1 }]);
    // Near its target is not off: nothing stands out.
    expect(insights(series(5, () => ({ ...healthy(), ltvToCac: 4.5 })))).toEqual([]);
  });

  it('rank an off-target churn first: 2.82 % a week is four times its target, before a runway of 18.6 weeks against 40, with its cash-out day', () => {
    const points = series(8, () => ({ ...healthy(), churnRate: 0.0282, runwayWeeks: 18.6, weeklyBurnRate: 3000 }));
    const found = insights(points);
    expect(kinds(found)).toEqual(['stillOffTarget', 'runwayUnderTarget']);
    expect(found[0]).toMatchObject({ metric: 'churnRate', to: 0.0282 });
    expect((found[0] as { times: number }).times).toBeCloseTo(4.03, 2);
    // The latest week ends on Sunday 2026-11-22; 18.6 weeks (130 days) after its end is 2027-04-02, within six months of now.
    expect(found[1]).toEqual({ kind: 'runwayUnderTarget', metric: 'runwayWeeks', to: 18.6, threshold: 40, cashOut: '2027-04-02' });
    // Runway further off than churn comes first; a long runway under its target carries no cash-out day.
    expect(kinds(insights(series(8, () => ({ ...healthy(), churnRate: 0.0282, runwayWeeks: 6 })))).slice(0, 2)).toEqual(['runwayUnderTarget', 'stillOffTarget']);
    // Users not growing at all (twice off its pace) still come after a churn four times its limit.
    expect(insights(series(8, () => ({ ...healthy(), churnRate: 0.0282, userGrowth: 0 }))).map((insight) => ('metric' in insight ? insight.metric : null))).toEqual(['churnRate', 'userGrowth']);
    expect(insights(series(8, () => ({ ...healthy(), runwayWeeks: 39 })))[0]).not.toHaveProperty('cashOut');
  });

  it('say one metric once, with its most severe insight, and put states well off target before a change', () => {
    const rising = series(6, (i) => ({ ...healthy(), churnRate: [0.004, 0.006, 0.01, 0.02, 0.03, 0.05][i] }));
    expect(insights(rising)).toEqual([{ kind: 'stillOffTarget', metric: 'churnRate', to: 0.05, threshold: 0.007, times: 0.05 / 0.007 }]);
  });

  it('put the metric furthest off first and keep at most three', () => {
    const many = series(4, (i) =>
      i < 3 ? healthy() : { ...healthy(), ltvToCac: 3.9, ndr: 0.5, paybackWeeks: 200, userGrowth: -0.1, revenueGrowth: -0.3 },
    );
    // Ratio to the target: user growth 1 + 0.14 ÷ 0.04 = 4.5, payback 4, revenue growth 1 + 0.5 ÷ 0.2 = 3.5, NDR 2.1, LTV:CAC 1.3.
    const found = insights(many);
    expect(found).toHaveLength(MAX_INSIGHTS);
    expect(found.map((insight) => ('metric' in insight ? insight.metric : null))).toEqual(['userGrowth', 'paybackWeeks', 'revenueGrowth']);
  });

  it('tell churn rising three weeks in a row with the four weeks, and not when a week is missing or one fell', () => {
    const rising = series(6, (i) => ({ ...healthy(), churnRate: [0.004, 0.004, 0.0041, 0.0045, 0.005, 0.0062][i] }));
    expect(insights(rising)).toEqual([{ kind: 'churnRising', metric: 'churnRate', values: [0.0041, 0.0045, 0.005, 0.0062] }]);
    const dipped = series(6, (i) => ({ ...healthy(), churnRate: [0.004, 0.004, 0.0041, 0.004, 0.005, 0.0062][i] }));
    expect(kinds(insights(dipped))).not.toContain('churnRising');
    const gap = rising.filter((_, i) => i !== 3);
    expect(kinds(insights(gap))).not.toContain('churnRising');
  });

  it('tell CAC jumping against a flat or falling trend, with the four weeks, and not a climb, a gap or a smaller rise', () => {
    const cac = (list: number[]) => series(list.length, (i) => ({ ...healthy(), cac: list[i]! }));
    expect(insights(cac([200, 210, 190, 200, 330]))).toEqual([{ kind: 'cacJumped', metric: 'cac', values: [210, 190, 200, 330] }]);
    // Exactly 1.5 times the highest of the three weeks before counts; just under it does not.
    expect(kinds(insights(cac([200, 200, 200, 200 * CAC_JUMP])))).toEqual(['cacJumped']);
    expect(insights(cac([200, 200, 200, 299]))).toEqual([]);
    // Already climbing: the jump is the trend, not against it.
    expect(insights(cac([150, 180, 220, 400]))).toEqual([]);
    // A week missing among the four, or a CAC of nothing before (no new customers): nothing.
    expect(insights(cac([200, 210, 190, 200, 330]).filter((_, i) => i !== 2))).toEqual([]);
    expect(insights(cac([0, 0, 0, 330]))).toEqual([]);
    // Said the week it jumps; the week after, at the new level, it is not news again.
    expect(insights(cac([200, 210, 190, 330, 335]))).toEqual([]);
  });

  it('tell growth stalling once: active users grew, then did not rise for three weeks in a row', () => {
    const users = (list: number[]) => series(list.length, (i) => ({ ...healthy(), activeUsers: list[i]! }));
    expect(insights(users([300, 340, 400, 400, 395, 380]))).toEqual([{ kind: 'growthStalled', metric: 'activeUsers', values: [340, 400, 400, 395, 380] }]);
    // Only two flat weeks yet, a fourth flat week (already said), a rise in between, or a gap: nothing.
    expect(insights(users([340, 400, 400, 395]))).toEqual([]);
    expect(insights(users([340, 400, 400, 395, 380, 380]))).toEqual([]);
    expect(insights(users([340, 400, 400, 410, 380]))).toEqual([]);
    expect(insights(users([340, 400, 400, 395, 380]).filter((_, i) => i !== 2))).toEqual([]);
  });

  it('tell a task completed lately whose metric moved, good or bad, and skip old, flat or unknown ones', () => {
    const points = series(4, () => ({ ...healthy(), mrr: 12_000, churnRate: 0.004 }));
    const task = (over: Partial<DoneTask>): DoneTask => ({
      id: 't1',
      hypothesis: 'If we call every trial user, more will convert',
      metric: 'mrr',
      metricValueAtCreation: 10_000,
      completedAt: '2026-11-20T10:00:00Z',
      ...over,
    });
    expect(insights(points, [task({})])).toEqual([
      { kind: 'taskMetricMoved', metric: 'mrr', taskId: 't1', hypothesis: 'If we call every trial user, more will convert', from: 10_000, to: 12_000, tone: 'good' },
    ]);
    expect(insights(points, [task({ metric: 'churnRate', metricValueAtCreation: 0.003 })])[0]).toMatchObject({ tone: 'bad', from: 0.003, to: 0.004 });
    expect(insights(points, [task({ completedAt: '2026-10-01T10:00:00Z' })])).toEqual([]);
    expect(insights(points, [task({ metricValueAtCreation: 12_000 })])).toEqual([]);
    expect(insights(points, [task({ metricValueAtCreation: null })])).toEqual([]);
    expect(insights(points, [task({ completedAt: null })])).toEqual([]);
  });

  it('remind of a week not recorded, and speak only of fresh weeks: a stale series gets the reminder alone', () => {
    const stale = series(5, (i) => ({ ...healthy(), ltvToCac: i < 4 ? 5.5 : 2.1 }), LAST - 2);
    expect(insights(stale)).toEqual([{ kind: 'weekNotRecorded', week: weekFromIndex(LAST), latest: weekFromIndex(LAST - 2) }]);
  });

  it('take a week recorded ahead as this week, and ignore weeks after it', () => {
    const early = series(3, (i) => ({ ...healthy(), ltvToCac: i < 2 ? 5.5 : 2.1 }), LAST + 1);
    expect(kinds(insights(early))).toEqual(['offTarget']);
  });

  it('on any generated series: at most three, and every number comes from the series or the tasks', () => {
    const value = fc.option(fc.double({ min: -2, max: 200, noNaN: true }), { nil: null });
    const week = fc.record({ runwayWeeks: value, weeklyBurnRate: value, churnRate: value, ndr: value, ltvToCac: value, paybackWeeks: value, userGrowth: value, mrr: value, activeUsers: value, cac: value });
    fc.assert(
      fc.property(fc.array(week, { minLength: 0, maxLength: 12 }), fc.integer({ min: 0, max: 3 }), (weeks, gap) => {
        const points = series(weeks.length, (i) => weeks[i]!, LAST - gap);
        const found = insights(points);
        expect(found.length).toBeLessThanOrEqual(MAX_INSIGHTS);
        const recorded = new Set(points.flatMap((point) => Object.values(point).filter((v) => typeof v === 'number')));
        for (const insight of found) {
          // `times` is the ratio the ranking works out, not a figure of the founder's; it is checked above.
          const numbers =
            insight.kind === 'churnRising' || insight.kind === 'growthStalled' || insight.kind === 'cacJumped'
              ? insight.values
              : insight.kind === 'weekNotRecorded'
                ? []
                : [insight.to, ...('from' in insight && insight.from !== null ? [insight.from] : [])];
          for (const n of numbers) expect(recorded.has(n)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
