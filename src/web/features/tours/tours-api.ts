import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Json } from '../../../core/http/json.ts';
import type { TourId } from '../../../core/tours/tour-ids.ts';
import type { ToursState as ServerToursState } from '../../../server/features/tours/index.ts';
import { apiFetch } from '../../lib/api-client.ts';

export type ToursState = Json<ServerToursState>;

const TOURS_KEY = ['tours'] as const;

export const toursQueryOptions = () => queryOptions({ queryKey: TOURS_KEY, queryFn: () => apiFetch<ToursState>('/api/tours'), staleTime: Infinity });

export function useTours(enabled: boolean) {
  return useQuery({ ...toursQueryOptions(), enabled });
}

/** Remembers a tour as seen on the server, and at once in the cache so it does not start twice. */
export function useMarkTourSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tour: TourId) => apiFetch<void>(`/api/tours/${tour}`, { method: 'PUT' }),
    onMutate: (tour) =>
      queryClient.setQueryData<ToursState>(TOURS_KEY, (state) => (state && !state.seen.includes(tour) ? { ...state, seen: [...state.seen, tour] } : state)),
  });
}
