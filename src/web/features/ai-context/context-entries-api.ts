import { type QueryClient, useQuery } from '@tanstack/react-query';
import type { Json } from '../../../core/http/json.ts';
import type { ContextEntry as ServerContextEntry, SavedEntry as ServerSavedEntry } from '../../../server/features/ai-context/index.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { gamificationQueryKey } from '../gamification/index.ts';
import { contextEntriesKey, contextEntriesQuery } from './context-entries-query.ts';

/** A context entry and its files as GET /api/context answers them: the server's own types. */
export type ContextEntry = Json<ServerContextEntry>;
export type ContextFile = ContextEntry['files'][number];
export type SavedEntry = Json<ServerSavedEntry>;

export const useContextEntries = () => useQuery(contextEntriesQuery);

/** Entries and their files travel as multipart forms: the files ride along with the fields. */
export const createEntry = (form: FormData) => apiFetch<SavedEntry>('/api/context', { method: 'POST', body: form });
export const updateEntry = (id: string, form: FormData) => apiFetch<SavedEntry>(`/api/context/${id}`, { method: 'PATCH', body: form });
export const deleteEntry = (id: string) => apiFetch<null>(`/api/context/${id}`, { method: 'DELETE' });
export const fileDownloadUrl = (entryId: string, fileId: string) => `/api/context/${entryId}/files/${fileId}`;

/** An entry earns 10 points when added (undone by a delete the same day): both lists change. */
export function refreshEntriesAndPoints(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: contextEntriesKey }), queryClient.invalidateQueries({ queryKey: gamificationQueryKey })]);
}
