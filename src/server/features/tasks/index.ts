/** What other features use of tasks: the active list (the mentor's tools, the weekly e-mails) and their source for the mentor. */
export { taskNumbers, tasksSource } from './mentor-source.ts';
export { listTasks } from './service.ts';
