import { useQuery } from '@tanstack/react-query';
import { gamificationQueryOptions } from '../../gamification/index.ts';
import { summaryQuery } from '../../metrics/index.ts';
import { strategyQueryOptions } from '../../strategy/index.ts';
import { tasksQueryOptions } from '../../tasks/index.ts';

/**
 * The Overview reads each feature's own query (decision 034): one cache with the feature's
 * page, refreshed by the same invalidations, and a failure of any kind, a 404 included,
 * is that card's error state with a retry, never an empty card.
 */
export const useMetricsSummary = () => useQuery(summaryQuery('12w'));
export const useActiveTasks = () => useQuery(tasksQueryOptions('active'));
export const useStrategy = () => useQuery(strategyQueryOptions());
export const useGamification = () => useQuery(gamificationQueryOptions());
