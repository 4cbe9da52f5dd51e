import type { FetchQueryOptions } from '@tanstack/react-query';
import { api } from '../lib/api-routes.ts';
import { startMeEarly } from '../lib/get-me.ts';
import { insightsQueryOptions, markInsightsReadEarly } from '../features/insights/insights-api.ts';
import { PREMIUM_TIER } from '../../core/subscription/trial.ts';
import { PAGE_FIRST_READS, SHELL_FIRST_READS, seedFirstScreen } from './first-screen-queries.ts';
import { readFirstScreenData } from './first-screen.ts';
import { queryClient } from './query.tsx';

/**
 * The first signed-in page's reads (and the profile's), started while its code loads: in parallel with the session
 * check (src/web/app/require-auth.tsx), not after it and the profile. The queries land in
 * the page's own cache entries, so the page renders its data on its first paint instead of
 * skeletons (docs/benchmarks.md, signed-in pages). Signed out, they answer 401 and the
 * guard goes to /auth; a failed read is asked again when the page mounts.
 *
 * The pages with a shell of their own preload the same URLs from their HTML
 * (src/core/signed-in-pages.ts, decision 233): these requests then take the answers already on their way.
 * When the server drew the page's first screen (decision 315), its HTML carries the answers
 * instead: they fill the cache and nothing is asked for again.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options, each typed at its call
function read<T>(query: FetchQueryOptions<T, Error, T, any>) {
  return queryClient.prefetchQuery(query);
}

/** Once, as the signed-in area's code loads (src/web/app/routes.tsx), for the page it opens on. */
export function startEarlyReads(pathname: string) {
  const drawn = readFirstScreenData();
  if (drawn) {
    seedFirstScreen(queryClient, pathname, drawn);
    // Just read by the server: the Overview shows the insights without asking again at once.
    markInsightsReadEarly(queryClient.getQueryState(insightsQueryOptions().queryKey)?.dataUpdatedAt);
    return;
  }
  // The weekly insights are a premium read, and on a premium Overview its largest text: asked for
  // with the others rather than once the profile has answered (a round trip later), and kept only
  // when the profile says the founder is premium; a free founder's refusal is dropped unseen.
  const insights = pathname === '/overview' ? api('GET /api/insights') : undefined;
  insights?.catch(() => {});
  void startMeEarly()
    .then(async (me) => {
      if (!insights || me.effectiveUserTier < PREMIUM_TIER) return;
      await queryClient.prefetchQuery({ ...insightsQueryOptions(), queryFn: () => insights });
      markInsightsReadEarly(queryClient.getQueryState(insightsQueryOptions().queryKey)?.dataUpdatedAt);
    })
    .catch(() => {});
  // The page's own, then what the app shell reads on every page: the plan (the sidebar's plan link).
  // The guided tours' state and the points are asked for as the help menu and the achievements render:
  // read here, they held a phone's connections (and the server) while the first screen's reads waited (decision 310).
  for (const { query, premium } of [...(PAGE_FIRST_READS[pathname] ?? []), ...SHELL_FIRST_READS]) void read(premium ? { ...query, retry: false } : query);
}
