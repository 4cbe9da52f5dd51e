/** What the browser reads of feedback: the type of an answer (docs/decisions/136-one-typed-contract.md). */
export type { Feedback } from './service.ts';
