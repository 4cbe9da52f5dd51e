/** What other features use of tasks: their source for the mentor, and the list the mentor's tools read. */
export { taskNumbers, tasksSource } from './mentor-source.ts';
export { listTasks } from './service.ts';
