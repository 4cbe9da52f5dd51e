/** What the browser reads of onboarding: the type of its draft's answer (docs/decisions/136-one-typed-contract.md). */
export type { OnboardingDraftResponse } from './routes.ts';
