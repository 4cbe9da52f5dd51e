/** What other features use of the feature flags: the flags the browser reads (onboarding, the admin's settings). */
export { featureFlagsKey, type ResolvedFlags, useFeatureFlags } from './feature-flags-api.ts';
