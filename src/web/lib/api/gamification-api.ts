import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Gamification } from '../../../core/gamification/gamification-types.ts';
import { apiFetch } from '../api-client.ts';

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
