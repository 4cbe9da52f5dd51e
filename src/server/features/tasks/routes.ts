import { Hono } from 'hono';
import { z } from 'zod';
import { CompleteTaskInput, CreateTaskInput, TaskListQuery, UpdateTaskInput } from '../../../core/tasks/task-schema.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { takeRateLimit } from '../../http/rate-limit.ts';
import { completeTask, createTask, deleteTask, findTaskByIdempotencyKey, getTask, listTasks, updateTask } from './service.ts';
import { documented, jsonBody, queryOf } from '../../http/route-doc.ts';

/** An Idempotency-Key header: 8–100 visible characters (the form sends a UUID). */
const IdempotencyKey = z.string().regex(/^[\x21-\x7e]{8,100}$/);

function idempotencyKey(header: string | undefined): string | null {
  if (header === undefined) return null;
  const parsed = IdempotencyKey.safeParse(header);
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'Idempotency-Key', message: 'validation:request.idempotencyKey' }] });
  }
  return parsed.data;
}

/**
 * /api/tasks (docs/tasks-strategy-gamification.md). Creation is rate-limited to 10 tasks an hour per user
 * (docs/product.md#rate-limits): what is counted is tasks made, so a refused (400) submission or a replayed one
 * (same Idempotency-Key, answered with the task already made) takes nothing from the allowance.
 */
export const taskRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .post(
    '/',
    documented({ summary: 'Create a hypothesis-driven task (ICE scored; Idempotency-Key header dedupes; 10 tasks made an hour, 429 beyond)', tag: 'tasks' }),
    jsonBody(CreateTaskInput),
    async (c) => {
      const { db } = c.get('deps');
      const userId = c.get('user').id;
      const input = c.req.valid('json');
      const key = idempotencyKey(c.req.header('idempotency-key'));
      const replayed = key === null ? null : await findTaskByIdempotencyKey(db, userId, key);
      if (replayed) return c.json(replayed, 200);
      const refund = await takeRateLimit(c, 'taskCreate');
      let result: Awaited<ReturnType<typeof createTask>>;
      try {
        result = await createTask(db, userId, input, key);
      } catch (error) {
        await refund();
        throw error;
      }
      // A replay racing its first submission finds the task made meanwhile: nothing new.
      if (!result.created) await refund();
      return c.json(result.task, result.created ? 201 : 200);
    },
  )
  .get('/', documented({ summary: 'List tasks (?status=active|done)', tag: 'tasks' }), queryOf(TaskListQuery), async (c) => {
    const { status } = c.req.valid('query');
    return c.json(await listTasks(c.get('deps').db, c.get('user').id, status));
  })
  .get('/:id', documented({ summary: 'One task', tag: 'tasks' }), async (c) => c.json(await getTask(c.get('deps').db, c.get('user').id, c.req.param('id'))))
  .patch('/:id', documented({ summary: 'Edit an active task', tag: 'tasks' }), jsonBody(UpdateTaskInput), async (c) => {
    const changes = c.req.valid('json');
    return c.json(await updateTask(c.get('deps').db, c.get('user').id, c.req.param('id'), changes));
  })
  .post('/:id/complete', documented({ summary: 'Complete a task with notes', tag: 'tasks' }), jsonBody(CompleteTaskInput), async (c) => {
    const { outcome, completionNotes } = c.req.valid('json');
    const { task } = await completeTask(c.get('deps').db, c.get('user').id, c.req.param('id'), { outcome, completionNotes: completionNotes as string });
    return c.json(task);
  })
  .delete('/:id', documented({ summary: 'Delete a task', tag: 'tasks' }), async (c) => {
    await deleteTask(c.get('deps').db, c.get('user').id, c.req.param('id'));
    return c.body(null, 204);
  });
