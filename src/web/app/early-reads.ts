import type { FetchQueryOptions } from '@tanstack/react-query';
import { gamificationQueryOptions } from '../lib/api/gamification-api.ts';
import { startMeEarly } from '../lib/api/get-me.ts';
import { insightsQueryOptions } from '../lib/api/insights-api.ts';
import { PREMIUM_TIER } from '../../core/subscription/trial.ts';
import { summaryQuery, weeksQuery } from '../lib/api/metrics-api.ts';
import { referralNoticesQueryOptions } from '../lib/api/referrals-api.ts';
import { strategyQueryOptions } from '../lib/api/strategy-api.ts';
import { tasksQueryOptions } from '../lib/api/tasks-api.ts';
import { queryClient } from './query.tsx';

/**
 * The first signed-in page's reads (and the profile's), started while its code loads: in parallel with the session
 * check (src/web/app/require-auth.tsx), not after it and the profile. The queries land in
 * the page's own cache entries, so the page renders its data on its first paint instead of
 * skeletons (docs/benchmarks.md, signed-in pages). Signed out, they answer 401 and the
 * guard goes to /auth; a failed read is asked again when the page mounts.
 */
const PAGE_READS: Record<string, () => void> = {
  '/overview': () => {
    read(summaryQuery('12w'));
    read(tasksQueryOptions('active'));
    read(strategyQueryOptions());
    read(gamificationQueryOptions());
    read(referralNoticesQueryOptions());
  },
  '/metrics': () => {
    read(weeksQuery);
    read(summaryQuery('12w'));
  },
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options, each typed at its call
function read<T>(query: FetchQueryOptions<T, Error, T, any>) {
  void queryClient.prefetchQuery(query);
}

/** Once, as the signed-in area's code loads (src/web/app/routes.tsx), for the page it opens on. */
export function startEarlyReads(pathname: string) {
  // The weekly insights are a premium read: asked for as soon as the profile says so.
  void startMeEarly()
    .then((me) => {
      if (pathname === '/overview' && me.effectiveUserTier >= PREMIUM_TIER) read(insightsQueryOptions());
    })
    .catch(() => {});
  PAGE_READS[pathname]?.();
}
