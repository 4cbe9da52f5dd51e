/** What other features use of points and activity: awards, revocations, the streak's days. */
export { awardPoints, awardPointsForEach, recordActivity, revokePoints, wasAwarded } from './service.ts';
