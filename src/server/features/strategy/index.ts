/** What other features use of the strategy: its source for the mentor, and the versions the mentor's tools read. */
export { strategySource } from './mentor-source.ts';
export { listVersions } from './service.ts';
