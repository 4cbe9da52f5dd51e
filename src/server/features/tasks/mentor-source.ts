import { listTasks } from './service.ts';
import type { ContextSource, TaskFacts } from '../../ai/context/types.ts';

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
          `ICE: impact ${task.impact} × confidence ${task.confidence} × ease ${task.ease} / 100 = ${task.iceTotal}`,
        ].join('\n'),
        updatedAt: new Date(task.updatedAt),
      })),
      facts: tasks.length > 0 ? { tasks } : undefined,
    };
  },
};
