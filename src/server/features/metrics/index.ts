/** What other features use of metrics: the founder's current summary, and its source for the mentor. */
export { summaryOf } from './summary-cache.ts';
export { metricsSource } from './mentor-source.ts';
export { listWeeks } from './service.ts';
export { exportCsv } from './service.ts';
/** What the browser reads of metrics: the types of the answers (docs/decisions/136-one-typed-contract.md). */
export type { MetricsSummary, PeerBenchmarks, WeeksImported } from './service.ts';
export type { CurrencyChange } from './currency.ts';
export type { StripeStatus } from './stripe-import.ts';
