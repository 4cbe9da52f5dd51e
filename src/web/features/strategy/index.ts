/** What other features use of the strategy: the founder's current strategy (its maximas). */
export { strategyQueryOptions, type StrategyVersion, useStrategy } from './strategy-api.ts';
