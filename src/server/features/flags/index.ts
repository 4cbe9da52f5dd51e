/** Feature flags (decision 205): the founder's resolved flags and the admin's settings. */
export { adminFeatureFlagRoutes, featureFlagRoutes } from './routes.ts';
export type { AdminFeatureFlag, ResolvedFlags } from '../../../core/flags/feature-flags.ts';
