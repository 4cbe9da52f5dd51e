/** What other features use of the strategy: its source for the mentor, and the versions the mentor's tools read. */
export { strategySource } from './mentor-source.ts';
export { listVersions } from './service.ts';
/** What the browser reads of the strategy: the type of its answers (docs/decisions/136-one-typed-contract.md). */
export type { StrategyVersion } from './service.ts';
