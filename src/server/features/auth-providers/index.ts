/** What the browser reads of the sign-in providers: the type of their answer (docs/decisions/136-one-typed-contract.md). */
export type { PublicAuthProviders } from '../../auth/providers.ts';
