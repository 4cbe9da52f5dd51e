import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, api } from './api-routes.ts';

/** The signed-in founder's profile as GET /api/me answers it: the server's own type. */
export type Me = ApiAnswer<'GET /api/me'>;

export const meQueryKey = (userId: string | undefined) => ['me', userId] as const;

/**
 * GET /api/me started as the signed-in area's code loads, alongside the session check
 * rather than after it (src/web/app/early-reads.ts); the first profile query takes it.
 */
let earlyMe: Promise<Me> | undefined;

export function startMeEarly() {
  const started = api('GET /api/me');
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
  return api('GET /api/me');
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
