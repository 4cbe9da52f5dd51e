/** What other features use of tasks: the list and creating a task (scenarios, the overview), and the MECE roadmap (the strategy page). */
export { newIdempotencyKey, tasksQueryOptions, useCreateTask } from './tasks-api.ts';
export { MeceRoadmap } from './mece-roadmap.tsx';
