/** What other features use of tasks: their source for the mentor. */
export { tasksSource } from './mentor-source.ts';
