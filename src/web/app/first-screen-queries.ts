import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../lib/get-me.ts';
import { insightsQueryOptions } from '../features/insights/insights-api.ts';
import { summaryQuery, weeksQuery } from '../features/metrics/metrics-api.ts';
import { referralNoticesQueryOptions } from '../features/referrals/referrals-api.ts';
import { strategyQueryOptions } from '../features/strategy/strategy-api.ts';
import { subscriptionQueryOptions } from '../features/subscription/subscription-api.ts';
import { tasksQueryOptions } from '../features/tasks/tasks-api.ts';
import { gamificationQueryOptions } from '../features/gamification/gamification-api.ts';
import { communitySettingsQuery } from '../features/community/community-api.ts';
import { updatesQueryOptions } from '../features/reports/updates/updates-api.ts';

/**
 * The reads a signed-in page's first screen shows, each with the query cache entry its answer
 * fills. The browser asks for them as the page's code loads (early-reads.ts); the server asks
 * for them itself when it draws the page's first screen into its HTML (src/server/http/first-screen.ts,
 * decision 315), and both fill the cache with `seedFirstScreen`. The URLs are the ones the
 * page's HTML preloads (src/core/signed-in-pages.ts; tests/unit/web/early-reads.test.ts keeps them the same).
 */
type FirstScreenRead = {
  url: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query's options, each typed where it is written
  query: FetchQueryOptions<any, Error, any, any>;
  /** What the query keeps of the answer, when it is not the whole answer (as its own queryFn does). */
  fromAnswer?: (answer: never) => unknown;
  /** Refused to a free founder: asked for once, not again on a refusal. */
  premium?: true;
};

export const PAGE_FIRST_READS: Record<string, FirstScreenRead[]> = {
  '/overview': [
    { url: '/api/metrics/summary?range=12w', query: summaryQuery('12w') },
    { url: '/api/tasks?status=active', query: tasksQueryOptions('active') },
    { url: '/api/strategy', query: strategyQueryOptions() },
    { url: '/api/referrals/notices', query: referralNoticesQueryOptions(), fromAnswer: (answer: { notices: unknown[] }) => answer.notices },
  ],
  '/metrics': [
    { url: '/api/metrics/weeks', query: weeksQuery },
    { url: '/api/metrics/summary?range=12w', query: summaryQuery('12w') },
  ],
  // The progress card above the page, and what the page shows first.
  '/community': [
    { url: '/api/me/gamification', query: gamificationQueryOptions() },
    { url: '/api/community/me', query: communitySettingsQuery },
  ],
  // A premium read: a free founder's refusal is left out, and the page offers the upgrade.
  '/reports': [{ url: '/api/reports/investor-updates', query: updatesQueryOptions(), premium: true }],
  '/high-performance-tasks': [
    { url: '/api/me/gamification', query: gamificationQueryOptions() },
    { url: '/api/strategy', query: strategyQueryOptions() },
    { url: '/api/tasks?status=active', query: tasksQueryOptions('active') },
    { url: '/api/tasks?status=done', query: tasksQueryOptions('done') },
  ],
};

/** What the app shell shows on every page: the plan (the sidebar's plan link, decision 310). */
export const SHELL_FIRST_READS: FirstScreenRead[] = [{ url: '/api/subscription', query: subscriptionQueryOptions() }];

export const ME_URL = '/api/me';
/** A premium read: the server refuses a free founder, whose answer then is simply not there. */
export const INSIGHTS_URL = '/api/insights';

/** The first screen's data as the server read it: whose it is, and each read's answer by URL (only those that succeeded). */
export type FirstScreenData = { userId: string; answers: Record<string, unknown> };

/** Every URL the server reads for the first screen of `pathname` (the session apart). */
export function firstScreenUrls(pathname: string): string[] {
  const page = PAGE_FIRST_READS[pathname] ?? [];
  return [ME_URL, ...(pathname === '/overview' ? [INSIGHTS_URL] : []), ...page.map((read) => read.url), ...SHELL_FIRST_READS.map((read) => read.url)];
}

/** Puts the first screen's answers where the page's queries look for them, as if each had just been read. */
export function seedFirstScreen(client: QueryClient, pathname: string, { userId, answers }: FirstScreenData) {
  const has = (url: string) => Object.hasOwn(answers, url);
  if (has(ME_URL)) client.setQueryData(meQueryKey(userId), answers[ME_URL]);
  if (has(INSIGHTS_URL)) client.setQueryData(insightsQueryOptions().queryKey, answers[INSIGHTS_URL] as never);
  for (const { url, query, fromAnswer } of [...(PAGE_FIRST_READS[pathname] ?? []), ...SHELL_FIRST_READS]) {
    if (has(url)) client.setQueryData(query.queryKey, fromAnswer ? fromAnswer(answers[url] as never) : answers[url]);
  }
}
