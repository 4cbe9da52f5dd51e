/** What the browser reads of guided tours: the type of an answer (docs/decisions/136-one-typed-contract.md). */
export type { ToursState } from './service.ts';
