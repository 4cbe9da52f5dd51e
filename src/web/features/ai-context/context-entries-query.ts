import { queryOptions } from '@tanstack/react-query';
import type { Json } from '../../../core/http/json.ts';
import type { ContextEntries } from '../../../server/features/ai-context/index.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** The AI context entries' cache key: the AI context page lists them, the mentor page counts them. */
export const contextEntriesKey = ['ai-context', 'entries'] as const;

/** GET /api/context: the founder's entries, newest first (the server's `ContextEntries`, as JSON). */
export const contextEntriesQuery = queryOptions({
  queryKey: contextEntriesKey,
  queryFn: async () => (await apiFetch<Json<ContextEntries>>('/api/context')).entries,
});
