import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.ts';
import { TEXT_MAX } from '../security/validate.ts';

/**
 * A task draft from the mentor (docs/mentor.md#task-drafts): the fields of the
 * Tasks form, shown for the founder to edit before saving. Limits follow the task rules
 * (hypothesis ≥ 20, why-relevant ≥ 15 characters, ICE 1-10).
 */
export const TaskDraft = z.object({
  hypothesis: z.string().min(20).max(TEXT_MAX),
  whyRelevant: z.string().min(15).max(TEXT_MAX),
  /** A key of GET /api/metrics/summary `latest` (docs/product.md#values). */
  metric: z.string().min(1).max(40),
  /** In the metric's unit (0.03 for a 3 % churn); null when the founder should set it. */
  targetValue: z.number().nullable(),
  impact: z.number().int().min(1).max(10),
  confidence: z.number().int().min(1).max(10),
  ease: z.number().int().min(1).max(10),
});
export type TaskDraft = z.infer<typeof TaskDraft>;

export const TaskDraftInput = z
  .object({
    language: z.enum(LANGUAGES).optional(),
    /** What the founder wants the task about, e.g. 'churn'; the diagnosis decides when absent. */
    focus: z.string().max(200).optional(),
  })
  .strict();
