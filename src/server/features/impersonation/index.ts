/** What the browser reads of impersonation: the type of its answer to ending one (docs/decisions/136-one-typed-contract.md). */
export type { ImpersonationEnded } from './routes.ts';
