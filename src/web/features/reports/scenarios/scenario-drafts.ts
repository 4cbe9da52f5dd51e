import { isoWeekStart, weekFromIndex, weekIndex, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import type { ScenarioChangeKind } from '../../../../core/reports/scenario-schema.ts';

/** The fields each kind of change asks for, besides its date, in the order shown. */
export const CHANGE_FIELDS = {
  hire: ['count', 'monthlyCost'],
  fundraise: ['amount'],
  price: ['percent'],
  growth: ['monthlyPercent'],
  churn: ['monthlyPercent'],
  costCut: ['monthlyAmount'],
} as const satisfies Record<ScenarioChangeKind, readonly string[]>;

/** A change as typed: every value a string, so a half-typed number stays on screen. */
export type ChangeDraft = { kind: ScenarioChangeKind; from: string; values: Record<string, string> };
export type ScenarioDraft = { id: string; name: string; changes: ChangeDraft[] };

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
  return {
    name: draft.name,
    changes: draft.changes.map((change) => {
      const numbers = Object.fromEntries(Object.entries(change.values).map(([field, text]) => [field, text.trim() === '' ? Number.NaN : Number(text)]));
      return { kind: change.kind, from: change.from, ...numbers };
    }),
  };
}

/**
 * Scenarios are kept in this browser, per founder (decision 182): the API contract lists no
 * call for them, and a projection needs nothing the server does not already send.
 */
const storageKey = (userId: string) => `rumbo.scenarios.${userId}`;

export function loadScenarios(userId: string): ScenarioDraft[] | null {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as unknown;
    return Array.isArray(stored) ? (stored as ScenarioDraft[]) : null;
  } catch {
    return null;
  }
}

export function saveScenarios(userId: string, scenarios: readonly ScenarioDraft[]) {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(scenarios));
  } catch {
    // Storage full or blocked: the scenarios stay on screen for this visit.
  }
}
