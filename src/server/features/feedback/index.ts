/** What the browser reads of feedback: the types of its answers (docs/decisions/136-one-typed-contract.md). */
export type { Feedback } from './service.ts';
export type { FeedbackList } from './routes.ts';
