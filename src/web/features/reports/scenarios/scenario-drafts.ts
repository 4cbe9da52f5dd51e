import { isoWeekStart, weekFromIndex, weekIndex, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import type { ChangeDraft, ScenarioDraft } from '../../../../core/reports/scenario-drafts.ts';
import type { ScenarioChangeKind } from '../../../../core/reports/scenario-schema.ts';
import { type FieldNumber, type NumberKind, readField } from '../../../../core/numbers/read-number.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';

const DEFAULT_VALUES: Record<ScenarioChangeKind, Record<string, string>> = {
  hire: { count: '1', monthlyCost: '' },
  fundraise: { amount: '' },
  price: { percent: '' },
  growth: { monthlyPercent: '' },
  churn: { monthlyPercent: '' },
  costCut: { monthlyAmount: '' },
};

/** `YYYY-MM-DD` of the Monday `weeksAfter` weeks after the latest recorded week. */
export function mondayAfter(latest: WeekKey, weeksAfter: number): string {
  return isoWeekStart(weekFromIndex(weekIndex(latest) + weeksAfter)).toISOString().slice(0, 10);
}

export function newChange(kind: ScenarioChangeKind, latest: WeekKey): ChangeDraft {
  return { kind, from: mondayAfter(latest, 4), values: { ...DEFAULT_VALUES[kind] } };
}

/** What a scenario's field holds: people, money in the founder's currency, or a percentage (decision 252). */
export function changeFieldKind(field: string, currency: string): NumberKind {
  if (field === 'count') return { unit: 'count' };
  if (field === 'percent' || field === 'monthlyPercent') return { unit: 'percent' };
  return { unit: 'money', currency };
}

/** A scenario field's text read by the one number reader, in either convention (`8.000` a month is 8 000, not 8). */
export const readChangeField = (field: string, text: string, style: NumberStyle): FieldNumber =>
  readField(text, changeFieldKind(field, style.currency), style.convention, style.answers);

/**
 * The draft as the shared schema reads it: a number that does not read as one value (empty,
 * letters, or a question still open) is NaN, which the schema refuses with "Enter a number";
 * the card shows a question or its own reason instead where it has one.
 */
export function scenarioInput(draft: ScenarioDraft, style: NumberStyle) {
  const growth = draft.growth?.trim() ?? '';
  const growthRead = growth === '' ? null : readChangeField('monthlyPercent', growth, style);
  return {
    name: draft.name,
    // No growth typed is the dashboard's flat assumption (decision 256).
    ...(growthRead === null ? {} : { monthlyGrowthPercent: growthRead.status === 'value' ? growthRead.value : Number.NaN }),
    changes: draft.changes.map((change) => {
      const numbers = Object.fromEntries(
        Object.entries(change.values).map(([field, text]) => {
          const read = readChangeField(field, text, style);
          return [field, read.status === 'value' ? read.value : Number.NaN];
        }),
      );
      return { kind: change.kind, from: change.from, ...numbers };
    }),
  };
}
