import { z } from 'zod';
import { textAtLeast } from '../security/validate.ts';

/**
 * The strategy builder (docs/product.md#forms): a core problem, 1–5 maximas
 * (3–5 suggested) and a strategy statement, each with its character minimum.
 */
export const CORE_PROBLEM_MIN = 20;
export const MAXIMA_MIN = 10;
export const STATEMENT_MIN = 30;
export const MAXIMAS_MIN_COUNT = 1;
export const MAXIMAS_MAX_COUNT = 5;
export const MAXIMAS_SUGGESTED = { min: 3, max: 5 } as const;

/** `validation:` keys (decision 236); the text minimums travel as `{{min}}`. */
export const STRATEGY_MESSAGES = {
  coreProblemMin: 'validation:strategy.coreProblemMin',
  maximaMin: 'validation:strategy.maximaMin',
  maximasCount: 'validation:strategy.maximasCount',
  statementMin: 'validation:strategy.statementMin',
} as const;

export const StrategyInput = z
  .object({
    coreProblem: textAtLeast(CORE_PROBLEM_MIN, STRATEGY_MESSAGES.coreProblemMin),
    maximas: z
      .array(textAtLeast(MAXIMA_MIN, STRATEGY_MESSAGES.maximaMin), { error: STRATEGY_MESSAGES.maximasCount })
      .min(MAXIMAS_MIN_COUNT, { error: STRATEGY_MESSAGES.maximasCount })
      .max(MAXIMAS_MAX_COUNT, { error: STRATEGY_MESSAGES.maximasCount }),
    statement: textAtLeast(STATEMENT_MIN, STRATEGY_MESSAGES.statementMin),
  })
  .strict();
export type StrategyInput = z.infer<typeof StrategyInput>;

/** The builder's steps, each of which must be complete before the next. */
export const STRATEGY_STEPS = ['coreProblem', 'maximas', 'statement'] as const;
export type StrategyStep = (typeof STRATEGY_STEPS)[number];

/** Counted the way the server counts: trimmed. */
const length = (text: string) => text.trim().length;

export function isStepComplete(step: StrategyStep, draft: { coreProblem: string; maximas: string[]; statement: string }) {
  switch (step) {
    case 'coreProblem':
      return length(draft.coreProblem) >= CORE_PROBLEM_MIN;
    case 'maximas':
      return (
        draft.maximas.length >= MAXIMAS_MIN_COUNT &&
        draft.maximas.length <= MAXIMAS_MAX_COUNT &&
        draft.maximas.every((maxima) => length(maxima) >= MAXIMA_MIN)
      );
    case 'statement':
      return length(draft.statement) >= STATEMENT_MIN;
  }
}
