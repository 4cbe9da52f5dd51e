/** What other features use of points and activity: awards, revocations, the streak's days. */
export { awardPoints, awardPointsForEach, recordActivity, revokePoints, wasAwarded } from './service.ts';
/** What the browser reads of gamification: the type of its answer (docs/decisions/136-one-typed-contract.md). */
export type { Gamification } from './service.ts';
