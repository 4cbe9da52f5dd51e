import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommunitySettings,
  FeedPage,
  Leaderboard,
  LeaderboardPeriod,
  LedgerPage,
  StartupPhase,
  Visibility,
} from '../../../core/community/community.ts';
import { apiFetch } from '../api-client.ts';

/** The community API (docs/community.md): one place for its calls and keys. */
const communityKey = ['community'] as const;

export const communitySettingsQuery = queryOptions({
  queryKey: [...communityKey, 'me'],
  queryFn: () => apiFetch<CommunitySettings>('/api/community/me'),
});

export const useCommunitySettings = () => useQuery(communitySettingsQuery);

/** PUT /api/community/visibility; every list of the community shows the change at once. */
export function useSetVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (visibility: Visibility) =>
      apiFetch<CommunitySettings>('/api/community/visibility', { method: 'PUT', body: JSON.stringify({ visibility }) }),
    onSuccess: async (settings) => {
      queryClient.setQueryData(communitySettingsQuery.queryKey, settings);
      await queryClient.invalidateQueries({ queryKey: communityKey, predicate: (query) => query.queryKey[1] !== 'me' });
    },
  });
}

export const useLedgerPage = (page: number) =>
  useQuery({
    queryKey: [...communityKey, 'ledger', page],
    queryFn: () => apiFetch<LedgerPage>(`/api/community/ledger?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const useFeedPage = (page: number) =>
  useQuery({
    queryKey: [...communityKey, 'feed', page],
    queryFn: () => apiFetch<FeedPage>(`/api/community/feed?page=${page}`),
    placeholderData: keepPreviousData,
  });

export const useLeaderboard = (period: LeaderboardPeriod, phase: StartupPhase | null, enabled: boolean) =>
  useQuery({
    queryKey: [...communityKey, 'leaderboard', period, phase],
    queryFn: () => apiFetch<Leaderboard>(`/api/community/leaderboard?period=${period}${phase ? `&phase=${phase}` : ''}`),
    placeholderData: keepPreviousData,
    enabled,
  });
