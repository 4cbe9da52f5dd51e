import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '../../../core/http/json.ts';
import type { Gamification as ServerGamification } from '../../../server/features/gamification/index.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** GET /api/me/gamification: points, level, streaks, achievements and the latest ledger rows (the server's `Gamification`, as JSON). */
export type Gamification = Json<ServerGamification>;

export const gamificationQueryKey = ['gamification'] as const;

export const gamificationQueryOptions = () =>
  queryOptions({
    queryKey: gamificationQueryKey,
    queryFn: () => apiFetch<Gamification>('/api/me/gamification'),
    // Points change with what the founder does; mutations invalidate this key.
    staleTime: 30_000,
  });

export function useGamification() {
  return useQuery(gamificationQueryOptions());
}

export function markBadgesSeen(badges: string[]) {
  return apiFetch<Gamification>('/api/me/gamification/seen', { method: 'POST', body: JSON.stringify({ badges }) });
}
