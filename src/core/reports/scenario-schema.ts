import { z } from 'zod';
import { isoWeekOf, weekIndex, type WeekKey } from '../metrics/iso-week.ts';
import { PROJECTION_WEEKS, type ProjectionChange } from './runway-projection.ts';

/**
 * What a founder types into a runway scenario (decision 181). Every field's message is a
 * `validation:` key (decision 236) shown beside the field. Caps keep typos out of the chart: a
 * hire costing 10^12 a month is a slip of the finger, not a plan.
 */
export const MAX_SCENARIOS = 4;
export const MAX_CHANGES = 12;
/** Monthly cost of one person. */
export const MAX_HIRE_MONTHLY_COST = 1_000_000;
export const MAX_HIRE_COUNT = 100;
/** A round or a cut, in the startup's currency. */
export const MAX_FUNDRAISE = 10_000_000_000;
export const MAX_MONTHLY_COST_CUT = 100_000_000;
/** Price changes from −90 % to +1000 %; monthly growth from −100 % to +100 %; churn 0–100 % a month. */
export const MIN_PRICE_PERCENT = -90;
export const MAX_PRICE_PERCENT = 1000;
export const MAX_SCENARIO_NAME = 60;

const number = (min: number, max: number, minMessage = 'validation:scenarios.nonNegative') =>
  z
    .number({ error: 'validation:scenarios.number' })
    .refine(Number.isFinite, 'validation:scenarios.number')
    .min(min, minMessage)
    .max(max, 'validation:scenarios.tooLarge');

/** A calendar day, `YYYY-MM-DD`, as a date input sends it. */
const date = z
  .string({ error: 'validation:scenarios.date' })
  .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'validation:scenarios.date');

export const ScenarioChangeInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('hire'), from: date, monthlyCost: number(0, MAX_HIRE_MONTHLY_COST), count: number(1, MAX_HIRE_COUNT, 'validation:scenarios.atLeastOne').int('validation:scenarios.integer') }),
  z.object({ kind: z.literal('price'), from: date, percent: number(MIN_PRICE_PERCENT, MAX_PRICE_PERCENT, 'validation:scenarios.priceDrop') }),
  z.object({ kind: z.literal('growth'), from: date, monthlyPercent: number(-100, 100, 'validation:scenarios.growthRange') }),
  z.object({ kind: z.literal('churn'), from: date, monthlyPercent: number(0, 100) }),
  z.object({ kind: z.literal('fundraise'), from: date, amount: number(0, MAX_FUNDRAISE) }),
  z.object({ kind: z.literal('costCut'), from: date, monthlyAmount: number(0, MAX_MONTHLY_COST_CUT) }),
]);
export type ScenarioChangeInput = z.infer<typeof ScenarioChangeInput>;
export type ScenarioChangeKind = ScenarioChangeInput['kind'];
export const SCENARIO_CHANGE_KINDS = ['hire', 'fundraise', 'price', 'growth', 'churn', 'costCut'] as const satisfies readonly ScenarioChangeKind[];

export const ScenarioInput = z.object({
  name: z.string().trim().min(1, 'validation:scenarios.name').max(MAX_SCENARIO_NAME, 'validation:scenarios.nameLength'),
  /** The revenue growth a month the founder assumes, in percent; absent is flat, as the dashboard's runway is (decision 256). */
  monthlyGrowthPercent: number(-100, 100, 'validation:scenarios.growthRange').optional(),
  changes: z.array(ScenarioChangeInput).max(MAX_CHANGES, 'validation:scenarios.tooManyChanges'),
});
export type ScenarioInput = z.infer<typeof ScenarioInput>;

export type FieldError = { field: string; message: string };

/** The projection week a date falls in: 1 is the week after `latest`. */
export function projectionWeekOf(date: string, latest: WeekKey): number {
  return weekIndex(isoWeekOf(new Date(`${date}T00:00:00Z`))) - weekIndex(latest);
}

/**
 * A scenario's changes as projection changes, or the errors to show beside each field
 * (`changes.2.monthlyCost`). A date must fall after the latest recorded week, where the
 * projection starts, and within its 104 weeks.
 */
export function toProjectionChanges(input: unknown, latest: WeekKey): { changes: ProjectionChange[]; errors: FieldError[]; monthlyGrowth: number } {
  const parsed = ScenarioInput.safeParse(input);
  const errors: FieldError[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  if (!parsed.success) return { changes: [], errors, monthlyGrowth: 0 };
  const changes: ProjectionChange[] = [];
  parsed.data.changes.forEach((change, index) => {
    const week = projectionWeekOf(change.from, latest);
    if (week < 1) return errors.push({ field: `changes.${index}.from`, message: 'validation:scenarios.beforeData' });
    if (week > PROJECTION_WEEKS) return errors.push({ field: `changes.${index}.from`, message: 'validation:scenarios.pastHorizon' });
    switch (change.kind) {
      case 'hire':
        return changes.push({ kind: 'hire', week, monthlyCost: change.monthlyCost, count: change.count });
      case 'price':
        return changes.push({ kind: 'price', week, percent: change.percent });
      case 'growth':
        return changes.push({ kind: 'growth', week, monthlyRate: change.monthlyPercent / 100 });
      case 'churn':
        return changes.push({ kind: 'churn', week, monthlyRate: change.monthlyPercent / 100 });
      case 'fundraise':
        return changes.push({ kind: 'fundraise', week, amount: change.amount });
      case 'costCut':
        return changes.push({ kind: 'costCut', week, monthlyAmount: change.monthlyAmount });
    }
  });
  return { changes, errors, monthlyGrowth: (parsed.data.monthlyGrowthPercent ?? 0) / 100 };
}
