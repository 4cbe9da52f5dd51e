import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '../../../core/i18n/language.ts';
import type { CompleteTaskInput, CreateTaskInput, TaskStatus, UpdateTaskInput } from '../../../core/tasks/task-schema.ts';
import type { Json } from '../../../core/http/json.ts';
import type { TaskDrafted } from '../../../server/features/mentor/index.ts';
import type { Task as ServerTask } from '../../../server/features/tasks/index.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { gamificationQueryKey } from '../gamification/index.ts';
import { summaryQuery } from '../metrics/index.ts';

/** A task as the API answers it: the server's `Task`, as JSON. */
export type Task = Json<ServerTask>;

export const tasksQueryOptions = (status: TaskStatus) =>
  queryOptions({
    queryKey: ['tasks', status],
    queryFn: () => apiFetch<Task[]>(`/api/tasks?status=${status}`),
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
      apiFetch<Task>('/api/tasks', {
        method: 'POST',
        body: JSON.stringify(input),
        headers: { 'idempotency-key': idempotencyKey },
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateTaskInput }) =>
      apiFetch<Task>(`/api/tasks/${id}`, { method: 'PATCH', body: JSON.stringify(changes) }),
    onSuccess: invalidate,
  });
}

export function useCompleteTask() {
  const invalidate = useInvalidateTasks();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: string } & Required<CompleteTaskInput>) =>
      apiFetch<Task>(`/api/tasks/${id}/complete`, { method: 'POST', body: JSON.stringify(body) }),
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
  return apiFetch<Json<TaskDrafted>>('/api/mentor/task-draft', { method: 'POST', body: JSON.stringify({ language }) });
}
