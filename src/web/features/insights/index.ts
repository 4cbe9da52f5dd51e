/** What other features use of the insights: the weekly insights' query (the overview's cards). */
export { type Insight, insightsQueryOptions } from './insights-api.ts';
