import { useQuery } from '@tanstack/react-query';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';
import { useSession } from '../../lib/auth-client.ts';

/** GET /api/feature-flags: the founder's flags, each on or off. */
export type ResolvedFlags = ApiAnswer<'GET /api/feature-flags'>;

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
    queryFn: () => api('GET /api/feature-flags'),
    enabled: Boolean(userId),
    staleTime: Infinity,
  });
}
