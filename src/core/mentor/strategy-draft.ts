import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.ts';
import { TEXT_MAX } from '../security/validate.ts';
import { CORE_PROBLEM_MIN, MAXIMA_MIN, MAXIMAS_MAX_COUNT, MAXIMAS_MIN_COUNT, STATEMENT_MIN } from '../strategy/strategy-schema.ts';

/**
 * A strategy suggestion from the mentor (docs/mentor.md#strategy-suggestions): the three steps
 * of the Strategy builder, filled in for the founder to edit before saving. Its limits
 * are the builder's (docs/product.md#forms), so a draft left as it is can be saved as it is.
 */
export const StrategyDraft = z.object({
  coreProblem: z.string().trim().min(CORE_PROBLEM_MIN).max(TEXT_MAX),
  maximas: z.array(z.string().trim().min(MAXIMA_MIN).max(TEXT_MAX)).min(MAXIMAS_MIN_COUNT).max(MAXIMAS_MAX_COUNT),
  statement: z.string().trim().min(STATEMENT_MIN).max(TEXT_MAX),
});
export type StrategyDraft = z.infer<typeof StrategyDraft>;

export const StrategyDraftInput = z
  .object({
    language: z.enum(LANGUAGES).optional(),
    /** What the founder has written in the builder so far: the draft builds on it. */
    coreProblem: z.string().max(TEXT_MAX).optional(),
    maximas: z.array(z.string().max(TEXT_MAX)).max(MAXIMAS_MAX_COUNT).optional(),
  })
  .strict();
export type StrategyDraftInput = z.infer<typeof StrategyDraftInput>;
