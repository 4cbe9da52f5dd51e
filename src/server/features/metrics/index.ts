/** What other features use of metrics: the founder's current summary, and its source for the mentor. */
export { summaryOf } from './summary-cache.ts';
export { metricsSource } from './mentor-source.ts';
export { listWeeks } from './service.ts';
export { exportCsv } from './service.ts';
