import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TourId } from '../../../core/tours/tour-ids.ts';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';

export type ToursState = ApiAnswer<'GET /api/tours'>;

const TOURS_KEY = ['tours'] as const;

export const toursQueryOptions = () => queryOptions({ queryKey: TOURS_KEY, queryFn: () => api('GET /api/tours'), staleTime: Infinity });

export function useTours(enabled: boolean) {
  return useQuery({ ...toursQueryOptions(), enabled });
}

/** Remembers a tour as seen on the server, and at once in the cache so it does not start twice. */
export function useMarkTourSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tour: TourId) => api('PUT /api/tours/:tour', { params: { tour } }),
    onMutate: (tour) =>
      queryClient.setQueryData<ToursState>(TOURS_KEY, (state) => (state && !state.seen.includes(tour) ? { ...state, seen: [...state.seen, tour] } : state)),
  });
}
