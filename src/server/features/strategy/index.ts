/** What other features use of the strategy: its source for the mentor. */
export { strategySource } from './mentor-source.ts';
