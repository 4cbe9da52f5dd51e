/** What other features use of tasks: the active list (the weekly e-mails), their source for the mentor. */
export { listTasks } from './service.ts';
export { tasksSource } from './mentor-source.ts';
