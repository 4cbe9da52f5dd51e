import { z } from 'zod';
import { LONG_TEXT_MAX, optionalSafeText, textAtLeast } from '../security/validate.ts';
import { ICE_MAX, ICE_MIN } from './ice.ts';
import { TASK_METRIC_KEYS } from './task-metrics.ts';

/**
 * A high-performance task as the form and POST/PATCH /api/tasks take it (docs/product.md#forms).
 * Messages are `validation:` keys with the numbers they name as params (decision 236).
 */
export const HYPOTHESIS_MIN = 20;
export const WHY_RELEVANT_MIN = 15;
export const MAX_MAXIMAS = 5;

export const TASK_MESSAGES = {
  hypothesisMin: 'validation:tasks.hypothesisMin',
  whyRelevantMin: 'validation:tasks.whyRelevantMin',
  metricRequired: 'validation:tasks.metricRequired',
  targetValue: 'validation:tasks.targetValue',
  ice: 'validation:tasks.ice',
  completionNotes: 'validation:tasks.completionNotes',
  outcome: 'validation:tasks.outcome',
  dueDate: 'validation:tasks.dueDate',
} as const;

const iceValue = z
  .number({ error: TASK_MESSAGES.ice })
  .int({ error: TASK_MESSAGES.ice })
  .min(ICE_MIN, { error: TASK_MESSAGES.ice })
  .max(ICE_MAX, { error: TASK_MESSAGES.ice });

export const TaskFields = {
  hypothesis: textAtLeast(HYPOTHESIS_MIN, TASK_MESSAGES.hypothesisMin),
  whyRelevant: textAtLeast(WHY_RELEVANT_MIN, TASK_MESSAGES.whyRelevantMin),
  targetValue: z.number({ error: TASK_MESSAGES.targetValue }),
  metric: z.enum(TASK_METRIC_KEYS, { error: TASK_MESSAGES.metricRequired }),
  impact: iceValue,
  confidence: iceValue,
  ease: iceValue,
  /** Position (0-based) of the strategy maxima this task serves; null when it serves none. */
  maximaIndex: z.number().int().min(0).max(MAX_MAXIMAS - 1).nullable(),
  /** Optional due date (YYYY-MM-DD), shown on the Active tab; null when none. */
  dueDate: z.iso.date({ error: TASK_MESSAGES.dueDate }).nullable(),
};

export const CreateTaskInput = z
  .object({ ...TaskFields, maximaIndex: TaskFields.maximaIndex.optional(), dueDate: TaskFields.dueDate.optional() })
  .strict();
export type CreateTaskInput = z.infer<typeof CreateTaskInput>;

export const UpdateTaskInput = z
  .object(TaskFields)
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'validation:tasks.nothingToUpdate' });
export type UpdateTaskInput = z.infer<typeof UpdateTaskInput>;

/** What the experiment showed about its hypothesis (docs/product.md#tasks). */
export const TASK_OUTCOMES = ['validated', 'invalidated', 'inconclusive'] as const;
export type TaskOutcome = (typeof TASK_OUTCOMES)[number];

export const CompleteTaskInput = z
  .object({
    outcome: z.enum(TASK_OUTCOMES, { error: TASK_MESSAGES.outcome }),
    completionNotes: optionalSafeText(LONG_TEXT_MAX).refine((value) => typeof value === 'string' && value.length > 0, {
      error: TASK_MESSAGES.completionNotes,
    }),
  })
  .strict();
export type CompleteTaskInput = z.infer<typeof CompleteTaskInput>;

export const TASK_STATUSES = ['active', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** GET /api/tasks's query: `?status=active|done` (active when absent). */
export const TaskListQuery = z.object({ status: z.enum(TASK_STATUSES, { error: 'validation:tasks.status' }).default('active') });

