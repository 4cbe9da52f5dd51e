/** What other features use of tasks: the active list (the mentor's tools, the weekly e-mails) and their source for the mentor. */
export { taskNumbers, tasksSource } from './mentor-source.ts';
export { listTasks } from './service.ts';
/** What the browser reads of tasks: the type of its answers (docs/decisions/136-one-typed-contract.md). */
export type { Task } from './service.ts';
