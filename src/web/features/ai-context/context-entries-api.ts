import { type QueryClient, useQuery } from '@tanstack/react-query';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';
import { gamificationQueryKey } from '../gamification/index.ts';
import { contextEntriesKey, contextEntriesQuery } from './context-entries-query.ts';

/** A context entry and its files as GET /api/context answers them: each route's own type. */
export type ContextEntry = ApiAnswer<'GET /api/context'>['entries'][number];
export type ContextFile = ContextEntry['files'][number];
export type SavedEntry = ApiAnswer<'POST /api/context'>;

export const useContextEntries = () => useQuery(contextEntriesQuery);

/** Entries and their files travel as multipart forms: the files ride along with the fields. */
export const createEntry = (form: FormData) => api('POST /api/context', { init: { body: form } });
export const updateEntry = (id: string, form: FormData) => api('PATCH /api/context/:id', { params: { id }, init: { body: form } });
export const deleteEntry = (id: string) => api('DELETE /api/context/:id', { params: { id } });
export const fileDownloadUrl = (entryId: string, fileId: string) => `/api/context/${entryId}/files/${fileId}`;

/** An entry earns 10 points when added (undone by a delete the same day): both lists change. */
export function refreshEntriesAndPoints(queryClient: QueryClient) {
  return Promise.all([queryClient.invalidateQueries({ queryKey: contextEntriesKey }), queryClient.invalidateQueries({ queryKey: gamificationQueryKey })]);
}
