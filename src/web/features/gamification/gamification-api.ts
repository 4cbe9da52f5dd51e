import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';

/** GET /api/me/gamification: points, level, streaks, achievements and the latest ledger rows (the server's `Gamification`, as JSON). */
export type Gamification = ApiAnswer<'GET /api/me/gamification'>;

export const gamificationQueryKey = ['gamification'] as const;

export const gamificationQueryOptions = () =>
  queryOptions({
    queryKey: gamificationQueryKey,
    queryFn: () => api('GET /api/me/gamification'),
    // Points change with what the founder does; mutations invalidate this key.
    staleTime: 30_000,
  });

export function useGamification() {
  return useQuery(gamificationQueryOptions());
}

export function markBadgesSeen(badges: string[]) {
  return api('POST /api/me/gamification/seen', { json: { badges } });
}
