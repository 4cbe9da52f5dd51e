/** Feature flags (decision 205): the founder's resolved flags and the admin's settings. */
export { adminFeatureFlagRoutes, featureFlagRoutes } from './routes.ts';
/** What the browser reads of flags: the types of the answers (docs/decisions/136-one-typed-contract.md). */
export type { AdminFeatureFlag, ResolvedFlags } from './service.ts';
export type { AdminFeatureFlags } from './routes.ts';
