/** What the browser reads of the account: the types of its answers (docs/decisions/136-one-typed-contract.md). */
export type { TrustedDevices } from './routes.ts';
