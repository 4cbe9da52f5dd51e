import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Json } from '../../core/http/json.ts';
import type { Me as ServerMe } from '../../server/features/profile/index.ts';
import { apiFetch } from './api-client.ts';

/** The signed-in founder's profile as GET /api/me answers it: the server's own type. */
export type Me = Json<ServerMe>;

export const meQueryKey = (userId: string | undefined) => ['me', userId] as const;

/**
 * GET /api/me started as the signed-in area's code loads, alongside the session check
 * rather than after it (src/web/app/early-reads.ts); the first profile query takes it.
 */
let earlyMe: Promise<Me> | undefined;

export function startMeEarly() {
  const started = apiFetch<Me>('/api/me');
  earlyMe = started;
  // Signed out: the guard sends the visitor to /auth; this answer is not waited for.
  started.catch(() => {});
  return started;
}

async function fetchMe() {
  const early = earlyMe;
  earlyMe = undefined;
  if (early) {
    try {
      return await early;
    } catch {
      // Made before a sign-in, say: ask again.
    }
  }
  return apiFetch<Me>('/api/me');
}

export const meQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: meQueryKey(userId),
    queryFn: fetchMe,
    enabled: Boolean(userId),
  });

export function useMe(userId: string | undefined) {
  return useQuery(meQueryOptions(userId));
}
