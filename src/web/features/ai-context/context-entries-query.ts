import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-routes.ts';

/** The AI context entries' cache key: the AI context page lists them, the mentor page counts them. */
export const contextEntriesKey = ['ai-context', 'entries'] as const;

/** GET /api/context: the founder's entries, newest first (the route's own type). */
export const contextEntriesQuery = queryOptions({
  queryKey: contextEntriesKey,
  queryFn: async () => (await api('GET /api/context')).entries,
});
