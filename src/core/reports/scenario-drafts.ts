import { z } from 'zod';
import { MAX_CHANGES, MAX_SCENARIO_NAME, MAX_SCENARIOS, SCENARIO_CHANGE_KINDS, type ScenarioChangeKind } from './scenario-schema.ts';

/**
 * Runway scenarios as the founder left them, kept on the server so they follow the founder
 * to any browser (decision 182). A draft holds what was typed, every number still a string:
 * a half-typed "12." survives a reload, and only the projection (scenario-schema.ts) judges it.
 */

/** The fields each kind of change asks for, besides its date, in the order shown. */
export const CHANGE_FIELDS = {
  hire: ['count', 'monthlyCost'],
  fundraise: ['amount'],
  price: ['percent'],
  growth: ['monthlyPercent'],
  churn: ['monthlyPercent'],
  costCut: ['monthlyAmount'],
} as const satisfies Record<ScenarioChangeKind, readonly string[]>;

/** Longer than any number a founder types; a date input sends `YYYY-MM-DD`. */
const MAX_TYPED = 40;
const typed = z.string().max(MAX_TYPED, 'validation:scenarios.tooLarge');

const ChangeDraft = z
  .object({ kind: z.enum(SCENARIO_CHANGE_KINDS), from: typed, values: z.record(z.string(), typed) })
  .strict()
  .refine((change) => Object.keys(change.values).every((field) => (CHANGE_FIELDS[change.kind] as readonly string[]).includes(field)), 'validation:scenarios.number');

export const ScenarioDraftsInput = z
  .object({
    scenarios: z
      .array(
        z
          .object({
            id: z.string().min(1).max(MAX_TYPED),
            name: z.string().max(MAX_SCENARIO_NAME, 'validation:scenarios.nameLength'),
            /** The revenue growth a month assumed, as typed; absent or empty is flat (decision 256). */
            growth: typed.optional(),
            changes: z.array(ChangeDraft).max(MAX_CHANGES, 'validation:scenarios.tooManyChanges'),
          })
          .strict(),
      )
      .max(MAX_SCENARIOS, 'validation:scenarios.tooManyScenarios'),
  })
  .strict();

export type ScenarioDraftsInput = z.infer<typeof ScenarioDraftsInput>;
export type ScenarioDraft = ScenarioDraftsInput['scenarios'][number];
/** A change as typed: every value a string, so a half-typed number stays on screen. */
export type ChangeDraft = ScenarioDraft['changes'][number];
