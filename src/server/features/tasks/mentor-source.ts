import { METRIC_UNITS } from '../../../core/metrics/metric-units.ts';
import { type KnownNumber, numbersIn } from '../../../core/mentor/number-check.ts';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import type { Task } from './service.ts';
import { listTasks } from './service.ts';
import type { ContextSource, TaskFacts } from '../../ai/context/types.ts';

/** A task's numbers: its ICE total, its target, starting and final value in the metric's unit, and those in its words. */
export function taskNumbers(task: Task): KnownNumber[] {
  const unit = METRIC_UNITS[task.metric as MetricKey] ?? 'number';
  const detail = task.hypothesis;
  const values = { targetValue: task.targetValue, metricValueAtCreation: task.metricValueAtCreation, metricValueAtCompletion: task.metricValueAtCompletion };
  return [
    { kind: 'task', key: 'iceTotal', value: task.iceTotal, unit: 'score', detail },
    ...Object.entries(values).flatMap(([key, value]) => (value === null ? [] : [{ kind: 'task' as const, key, value, unit, detail }])),
    // The founder's own words may hold figures too ("call 50 customers"), quoted as they wrote them.
    ...numbersIn(`${task.hypothesis}\n${task.whyRelevant}`, 'note', 'task'),
  ];
}

/** The mentor sees the founder's best bets, not a backlog. */
export const TOP_TASKS = 5;
/** And what the latest experiments showed, so it does not suggest a hypothesis already refuted. */
export const RECENT_RESULTS = 5;

const OUTCOME_WORDS: Record<NonNullable<Task['outcome']>, string> = {
  validated: 'validated (the hypothesis held)',
  invalidated: 'invalidated (the hypothesis did not hold)',
  inconclusive: 'inconclusive',
};

/** A completed task as the mentor reads it: its hypothesis, its result and the founder's notes. */
function resultChunk(task: Task, rank: number) {
  const moved =
    task.metricValueAtCreation === null || task.metricValueAtCompletion === null
      ? ''
      : ` (from ${task.metricValueAtCreation} to ${task.metricValueAtCompletion})`;
  return {
    id: `task-result:${task.id}`,
    source: 'tasks',
    title: `Completed experiment #${rank + 1}, most recent first`,
    text: [
      `Hypothesis: ${task.hypothesis}`,
      `Result: ${task.outcome ? OUTCOME_WORDS[task.outcome] : 'not recorded'}`,
      `Metric: ${task.metric}, target ${task.targetValue}${moved}`,
      `Notes: ${task.completionNotes ?? ''}`,
      `Completed: ${task.completedAt?.slice(0, 10) ?? 'unknown'}`,
    ].join('\n'),
    updatedAt: new Date(task.completedAt ?? task.updatedAt),
    numbers: [...taskNumbers(task), ...numbersIn(task.completionNotes ?? '', 'note', 'task')],
  };
}

/**
 * The founder's active tasks, highest ICE total first (the order the Tasks page shows),
 * and the latest completed ones with their result (validated, invalidated, inconclusive)
 * and notes. Each task is its own ranked chunk, so a question about churn brings the churn
 * experiment forward; the facts keep the ICE order for the offline mentor.
 */
export const tasksSource: ContextSource = {
  name: 'tasks',
  async load({ db, userId }) {
    const [allActive, done] = await Promise.all([listTasks(db, userId, 'active'), listTasks(db, userId, 'done')]);
    const active = allActive.slice(0, TOP_TASKS);
    const tasks: TaskFacts[] = active.map((task) => ({
      id: task.id,
      hypothesis: task.hypothesis,
      whyRelevant: task.whyRelevant,
      metric: task.metric,
      targetValue: task.targetValue,
      iceTotal: task.iceTotal,
    }));
    return {
      chunks: [
        ...active.map((task, rank) => ({
          id: `task:${task.id}`,
          source: 'tasks',
          title: `Active task #${rank + 1} by ICE`,
          text: [
            `Hypothesis: ${task.hypothesis}`,
            `Why now: ${task.whyRelevant}`,
            `Metric: ${task.metric}, target ${task.targetValue}${task.metricValueAtCreation === null ? '' : ` (was ${task.metricValueAtCreation} when created)`}`,
            `ICE total ${task.iceTotal} (impact ${task.impact}, confidence ${task.confidence}, ease ${task.ease})`,
          ].join('\n'),
          updatedAt: new Date(task.updatedAt),
          numbers: taskNumbers(task),
        })),
        ...done.slice(0, RECENT_RESULTS).map(resultChunk),
      ],
      facts: tasks.length > 0 ? { tasks } : undefined,
    };
  },
};
