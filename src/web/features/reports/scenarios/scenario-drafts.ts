import { isoWeekStart, weekFromIndex, weekIndex, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import type { ChangeDraft, ScenarioDraft } from '../../../../core/reports/scenario-drafts.ts';
import type { ScenarioChangeKind } from '../../../../core/reports/scenario-schema.ts';

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

/** The draft as the shared schema reads it: an empty or unreadable number is NaN, refused with "Enter a number". */
export function scenarioInput(draft: ScenarioDraft) {
  const growth = draft.growth?.trim() ?? '';
  return {
    name: draft.name,
    // No growth typed is the dashboard's flat assumption (decision 256).
    ...(growth === '' ? {} : { monthlyGrowthPercent: Number(growth) }),
    changes: draft.changes.map((change) => {
      const numbers = Object.fromEntries(Object.entries(change.values).map(([field, text]) => [field, text.trim() === '' ? Number.NaN : Number(text)]));
      return { kind: change.kind, from: change.from, ...numbers };
    }),
  };
}
