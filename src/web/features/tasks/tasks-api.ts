import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../core/i18n/language.ts';
import type { CompleteTaskInput, CreateTaskInput, TaskStatus, UpdateTaskInput } from '../../../core/tasks/task-schema.ts';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';
import { gamificationQueryKey } from '../gamification/index.ts';
import { summaryQuery } from '../metrics/index.ts';

/** A task as the API answers it. */
export type Task = ApiAnswer<'GET /api/tasks/:id'>;

export const tasksQueryOptions = (status: TaskStatus) =>
  queryOptions({
    queryKey: ['tasks', status],
    queryFn: () => api('GET /api/tasks', { query: { status } }),
  });

export function useTasks(status: TaskStatus) {
  return useQuery(tasksQueryOptions(status));
}

/** Latest metric values, for the Done tab's "now": the metrics summary, the same query the dashboard reads. */
export function useLatestMetrics() {
  return useQuery({ ...summaryQuery('12w'), retry: false });
}

/** After any change to tasks the lists and the points are stale. */
function useInvalidateTasks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['tasks'] }),
      queryClient.invalidateQueries({ queryKey: gamificationQueryKey }),
    ]);
}

export function useCreateTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateTaskInput; idempotencyKey: string }) =>
      api('POST /api/tasks', { json: input, init: { headers: { 'idempotency-key': idempotencyKey } } }),
    onSuccess: invalidate,
  });
}

export function useUpdateTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTaskInput }) =>
      api('PATCH /api/tasks/:id', { params: { id }, json: changes }),
    onSuccess: invalidate,
  });
}

export function useCompleteTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & Required<CompleteTaskInput>) =>
      api('POST /api/tasks/:id/complete', { params: { id }, json: body }),
    onSuccess: invalidate,
  });
}

/** A fresh key per form submission; works outside secure contexts too (plain-http self-hosting). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A task draft from the mentor (model or offline playbook) for the Create form. */
export function requestTaskDraft(language: Language) {
  return api('POST /api/mentor/task-draft', { json: { language } });
}
