import { useQuery } from '@tanstack/react-query';
import type { ResolvedFlags } from '../../../core/flags/feature-flags.ts';
import { apiFetch } from '../api-client.ts';
import { useSession } from '../auth-client.ts';

/** The resolved flags' cache key; an admin's flag change clears everything under it (decision 206). */
export const featureFlagsKey = ['feature-flags'] as const;

/**
 * The signed-in founder's feature flags (GET /api/feature-flags), cached for the session:
 * fetched once per account and page load, cleared when an admin changes a flag here.
 */
export function useFeatureFlags() {
  const session = useSession();
  const userId = session.data?.user.id;
  return useQuery({
    queryKey: [...featureFlagsKey, userId],
    queryFn: () => apiFetch<ResolvedFlags>('/api/feature-flags'),
    enabled: Boolean(userId),
    staleTime: Infinity,
  });
}
