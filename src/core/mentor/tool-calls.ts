import { z } from 'zod';
import { METRIC_KEYS } from '../metrics/formulas.ts';
import { TASK_STATUSES } from '../tasks/task-schema.ts';
import { TaskDraft } from './task-draft.ts';

/**
 * The tools the mentor's model may call (docs/mentor.md "Tools"), each with the one schema
 * its arguments must pass. They read only the signed-in founder's data: no tool takes a
 * founder, and arguments a tool does not know (another founder's id) are refused with an
 * error the model reads.
 */
export const MAX_AMOUNT_CHANGE = 1_000_000_000;

export const TOOL_INPUTS = {
  metric_history: z
    .object({
      metric: z.enum(METRIC_KEYS),
      weeks: z.number().int().min(1).max(104),
    })
    .strict(),
  tasks: z.object({ status: z.enum(TASK_STATUSES) }).strict(),
  strategy: z.object({}).strict(),
  search_notes: z.object({ query: z.string().trim().min(2).max(200) }).strict(),
  project_runway: z
    .object({
      weeklyCostsChange: z.number().min(-MAX_AMOUNT_CHANGE).max(MAX_AMOUNT_CHANGE).default(0),
      weeklyRevenueChange: z.number().min(-MAX_AMOUNT_CHANGE).max(MAX_AMOUNT_CHANGE).default(0),
    })
    .strict(),
  draft_task: TaskDraft.strict(),
} as const;
export type ToolName = keyof typeof TOOL_INPUTS;
export const TOOL_NAMES = Object.keys(TOOL_INPUTS) as ToolName[];

/** How many times the model may call tools before it must answer (a model that loops is stopped). */
export const MAX_TOOL_STEPS = 5;

/**
 * What the mentor's model looked at to answer: each tool call, stored with the answer and
 * shown as a short line ("Looked at: churn, last 12 weeks").
 */
export type ToolCallRecord = {
  name: string;
  /** The arguments as the model sent them. */
  input: Record<string, unknown>;
  /** Whether the tool answered; a refused call (bad arguments) is kept too, with its reason. */
  ok: boolean;
  error?: string;
};
