/** What the browser reads of the account: the types of its answers (docs/decisions/136-one-typed-contract.md). */
export type { TrustedDevices } from './routes.ts';
/** The one erasure of an account, which an admin's deletion uses too (decision 307). */
export { eraseAccount, type ErasureDeps } from './erase-account.ts';
