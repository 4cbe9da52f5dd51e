import { and, desc, eq } from 'drizzle-orm';
import { iceTotal } from '../../../core/tasks/ice.ts';
import type { CompleteTaskInput, CreateTaskInput, TaskOutcome, TaskStatus, UpdateTaskInput } from '../../../core/tasks/task-schema.ts';
import type { TaskMetricKey } from '../../../core/tasks/task-metrics.ts';
import type { Database } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { awardPoints, recordActivity, revokePoints } from '../gamification/index.ts';
import { latestMetricValue } from './metric-snapshot.ts';

/** A task as the API answers it (GET /api/tasks, one task, and every change to one). */
export type Task = {
  id: string;
  status: TaskStatus;
  hypothesis: string;
  whyRelevant: string;
  targetValue: number;
  metric: TaskMetricKey;
  impact: number;
  confidence: number;
  ease: number;
  iceTotal: number;
  maximaIndex: number | null;
  /** YYYY-MM-DD, or null when the task has no due date. */
  dueDate: string | null;
  completionNotes: string | null;
  /** The result chosen on completion; null while active (and for tasks completed before it was asked). */
  outcome: TaskOutcome | null;
  /** The metric's latest value when the task was created / completed; null when unknown. */
  metricValueAtCreation: number | null;
  metricValueAtCompletion: number | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
};

type TaskRow = typeof tasks.$inferSelect;

function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    status: row.status,
    hypothesis: row.hypothesis,
    whyRelevant: row.whyRelevant,
    targetValue: row.targetValue,
    metric: row.metric as TaskMetricKey,
    impact: row.impact,
    confidence: row.confidence,
    ease: row.ease,
    iceTotal: row.iceTotal,
    maximaIndex: row.maximaIndex,
    dueDate: row.dueDate,
    completionNotes: row.completionNotes,
    outcome: row.outcome,
    metricValueAtCreation: row.metricValueAtCreation,
    metricValueAtCompletion: row.metricValueAtCompletion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

const owned = (userId: string, id: string) => and(eq(tasks.userId, userId), eq(tasks.id, id));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The founder's task, or 404 (also for another founder's task or an id that is no uuid). */
async function findOwnTask(db: Database, userId: string, id: string): Promise<TaskRow> {
  if (!UUID.test(id)) throw new AppError('NOT_FOUND');
  const [row] = await db.select().from(tasks).where(owned(userId, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * Creates a task and awards its points once. With an idempotency key (the form sends one
 * per submission) a repeated or concurrent submission answers the task already made
 * instead of making a second one.
 */
export async function createTask(db: Database, userId: string, input: CreateTaskInput, idempotencyKey: string | null) {
  const at = new Date();
  const inserted = await db
    .insert(tasks)
    .values({
      userId,
      hypothesis: input.hypothesis,
      whyRelevant: input.whyRelevant,
      targetValue: input.targetValue,
      metric: input.metric,
      impact: input.impact,
      confidence: input.confidence,
      ease: input.ease,
      iceTotal: iceTotal(input),
      maximaIndex: input.maximaIndex ?? null,
      dueDate: input.dueDate ?? null,
      metricValueAtCreation: await latestMetricValue(db, userId, input.metric),
      idempotencyKey,
      createdAt: at,
      updatedAt: at,
    })
    .onConflictDoNothing({ target: [tasks.userId, tasks.idempotencyKey] })
    .returning();
  const row = inserted[0] ?? (await existingByIdempotencyKey(db, userId, idempotencyKey));
  const { unlocked } = await awardPoints(db, { userId, event: 'task-created', sourceId: row.id, at });
  const activity = await recordActivity(db, userId, at);
  return { task: toTask(row), created: inserted.length > 0, unlocked: [...unlocked, ...activity.unlocked] };
}

async function rowByIdempotencyKey(db: Database, userId: string, key: string): Promise<TaskRow | undefined> {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** The task an earlier submission with this key made, if any. */
export async function findTaskByIdempotencyKey(db: Database, userId: string, key: string): Promise<Task | null> {
  const row = await rowByIdempotencyKey(db, userId, key);
  return row ? toTask(row) : null;
}

/** The row a conflicting insert ran into: it must exist. */
async function existingByIdempotencyKey(db: Database, userId: string, key: string | null): Promise<TaskRow> {
  const row = key === null ? undefined : await rowByIdempotencyKey(db, userId, key);
  if (!row) throw new AppError('INTERNAL');
  return row;
}

/** Active tasks by ICE total (highest first); done tasks by completion (latest first). */
export async function listTasks(db: Database, userId: string, status: TaskStatus): Promise<Task[]> {
  const order =
    status === 'active' ? [desc(tasks.iceTotal), desc(tasks.createdAt)] : [desc(tasks.completedAt), desc(tasks.createdAt)];
  const rows = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.userId, userId), eq(tasks.status, status)))
    .orderBy(...order);
  return rows.map(toTask);
}

export async function getTask(db: Database, userId: string, id: string) {
  return toTask(await findOwnTask(db, userId, id));
}

/** Only active tasks can be edited (docs/product.md#tasks); the ICE total follows the new scores. */
export async function updateTask(db: Database, userId: string, id: string, changes: UpdateTaskInput) {
  const current = await findOwnTask(db, userId, id);
  if (current.status !== 'active') {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'status', message: 'validation:tasks.onlyActiveEditable' }] });
  }
  const scores = {
    impact: changes.impact ?? current.impact,
    confidence: changes.confidence ?? current.confidence,
    ease: changes.ease ?? current.ease,
  };
  const [row] = await db
    .update(tasks)
    .set({ ...changes, iceTotal: iceTotal(scores), updatedAt: new Date() })
    .where(and(owned(userId, id), eq(tasks.status, 'active')))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toTask(row);
}

/**
 * Marks an active task done with its result and notes and awards the completion once. Completing
 * a task that is already done changes nothing and awards nothing: the first result and notes stand.
 */
export async function completeTask(db: Database, userId: string, id: string, { outcome, completionNotes }: Required<CompleteTaskInput>) {
  const current = await findOwnTask(db, userId, id);
  const at = new Date();
  const [row] = await db
    .update(tasks)
    .set({
      status: 'done',
      outcome,
      completionNotes,
      completedAt: at,
      updatedAt: at,
      metricValueAtCompletion: await latestMetricValue(db, userId, current.metric as TaskMetricKey),
    })
    .where(and(owned(userId, id), eq(tasks.status, 'active')))
    .returning();
  if (!row) return { task: toTask(await findOwnTask(db, userId, id)), unlocked: [] };
  const { unlocked } = await awardPoints(db, { userId, event: 'task-completed', sourceId: row.id, at });
  const activity = await recordActivity(db, userId, at);
  return { task: toTask(row), unlocked: [...unlocked, ...activity.unlocked] };
}

/** Deletes a task; its points are taken back only if it was created (or completed) today. */
export async function deleteTask(db: Database, userId: string, id: string) {
  await findOwnTask(db, userId, id);
  await db.delete(tasks).where(owned(userId, id));
  const at = new Date();
  await revokePoints(db, { userId, event: 'task-created', sourceId: id, at });
  await revokePoints(db, { userId, event: 'task-completed', sourceId: id, at });
}
