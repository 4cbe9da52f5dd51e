import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '../../../core/http/json.ts';
import type { Me as ServerMe } from '../../../server/features/profile/index.ts';
import { apiFetch } from '../api-client.ts';

/** The signed-in founder's profile as GET /api/me answers it: the server's own type. */
export type Me = Json<ServerMe>;

export const meQueryKey = (userId: string | undefined) => ['me', userId] as const;

export const meQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: meQueryKey(userId),
    queryFn: () => apiFetch<Me>('/api/me'),
    enabled: Boolean(userId),
  });

export function useMe(userId: string | undefined) {
  return useQuery(meQueryOptions(userId));
}
