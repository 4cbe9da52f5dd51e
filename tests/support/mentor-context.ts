import { numbersIn } from '../../src/core/mentor/number-check.ts';
import { computeSeries, METRIC_KEYS } from '../../src/core/metrics/formulas.ts';
import { targetStatuses } from '../../src/core/metrics/targets.ts';
import type { WeekRecord } from '../../src/core/metrics/week-record.ts';
import type { MentorContext } from '../../src/server/ai/context/build-context.ts';
import type { ContextChunk, ProfileFacts, TaskFacts } from '../../src/server/ai/context/types.ts';
import { metricsContext } from '../../src/server/features/metrics/mentor-source.ts';
import { workedWeek } from '../fixtures/metrics-week.ts';

/**
 * A founder's mentor context as the context sources build it, without a database: the
 * metrics text and facts from the real metrics source over the given weeks, tasks and
 * notes with their numbers, so an answer's numbers can be checked as the chat checks them.
 */
export const PROFILE: ProfileFacts = {
  name: 'Cami',
  startupName: 'Tiendita AI',
  industry: 'Retail software',
  startupPhase: 'early-growth',
  teamSize: '2-5',
  customerInformation: null,
  coreProblem: null,
  currency: 'USD',
  country: null,
};

/** `count` recorded weeks ending in 2026-W46, each the worked week with `change` applied. */
export function weeks(change: Partial<WeekRecord> | ((index: number) => Partial<WeekRecord>), count = 4): WeekRecord[] {
  return Array.from({ length: count }, (_, index) => ({
    year: 2026,
    week: 46 - count + 1 + index,
    ...workedWeek,
    ...(typeof change === 'function' ? change(index) : change),
  }));
}

type Note = { type: string; text: string };

export function mentorContext(input: { weeks?: WeekRecord[]; tasks?: TaskFacts[]; notes?: Note[]; profile?: Partial<ProfileFacts> } = {}): MentorContext {
  const series = input.weeks && input.weeks.length > 0 ? computeSeries(input.weeks) : [];
  const latest = series.at(-1) ?? null;
  const points = series.map((point) => ({ year: point.year, week: point.week, ...Object.fromEntries(METRIC_KEYS.map((key) => [key, point[key]])) }));
  const metrics = metricsContext({ latest, statuses: latest ? targetStatuses(latest) : null, series: points }, input.weeks?.at(-1) ?? null);
  const notes: ContextChunk[] = (input.notes ?? []).map((note, index) => ({
    id: `context-entry:${index}`,
    source: 'context-entries',
    title: `Context note (${note.type})`,
    text: note.text,
    numbers: numbersIn(note.text, 'note', note.type),
  }));
  const tasks = input.tasks ?? [];
  const taskNumbers = tasks.flatMap((task) => [
    { kind: 'task' as const, key: 'iceTotal', value: task.iceTotal, unit: 'score' as const, detail: task.hypothesis },
    ...numbersIn(task.hypothesis, 'note', 'task'),
  ]);
  return {
    facts: { profile: { ...PROFILE, ...input.profile }, ...(metrics ? { metrics: metrics.facts } : {}), ...(tasks.length > 0 ? { tasks } : {}) },
    // The metrics chunk leads, pinned, as the metrics source writes it: a model reads its text.
    chunks: [...(metrics ? [{ id: 'metrics', source: 'metrics', title: 'Weekly metrics', text: metrics.text, pinned: true, numbers: metrics.numbers }] : []), ...notes],
    omitted: 0,
    numbers: [...(metrics?.numbers ?? []), ...notes.flatMap((note) => note.numbers ?? []), ...taskNumbers],
  };
}
