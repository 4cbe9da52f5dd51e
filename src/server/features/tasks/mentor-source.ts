import { METRIC_UNITS } from '../../../core/metrics/metric-units.ts';
import { type KnownNumber, numbersIn } from '../../../core/mentor/number-check.ts';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import type { Task } from '../../../core/tasks/task-schema.ts';
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

/**
 * The founder's active tasks, highest ICE total first (the order the Tasks page shows).
 * Each task is its own ranked chunk, so a question about churn brings the churn
 * experiment forward; the facts keep the ICE order for the offline mentor.
 */
export const tasksSource: ContextSource = {
  name: 'tasks',
  async load({ db, userId }) {
    const active = (await listTasks(db, userId, 'active')).slice(0, TOP_TASKS);
    const tasks: TaskFacts[] = active.map((task) => ({
      id: task.id,
      hypothesis: task.hypothesis,
      whyRelevant: task.whyRelevant,
      metric: task.metric,
      targetValue: task.targetValue,
      iceTotal: task.iceTotal,
    }));
    return {
      chunks: active.map((task, rank) => ({
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
      facts: tasks.length > 0 ? { tasks } : undefined,
    };
  },
};
