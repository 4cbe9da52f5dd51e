/** What the browser reads of impersonation: the types of its answers to starting and ending one (docs/decisions/136-one-typed-contract.md). */
export type { ImpersonationEnded } from './routes.ts';
export type { ImpersonationGrant } from '../../auth/impersonation.ts';
