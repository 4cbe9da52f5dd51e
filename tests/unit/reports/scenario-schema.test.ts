import { describe, expect, it } from 'vitest';
import { toProjectionChanges } from '../../../src/core/reports/scenario-schema.ts';

/** The latest recorded week: 2026-W10 (Monday 2 March 2026); the projection starts in W11. */
const latest = { year: 2026, week: 10 };
const scenario = (changes: unknown[]) => ({ name: 'Plan A', changes });
const messages = (changes: unknown[]) => toProjectionChanges(scenario(changes), latest).errors;

describe('scenario inputs', () => {
  it('turns dates into projection weeks: the Monday after the latest week is week 1', () => {
    const { changes, errors } = toProjectionChanges(
      scenario([
        { kind: 'hire', from: '2026-03-09', monthlyCost: 8000, count: 2 },
        { kind: 'fundraise', from: '2026-06-01', amount: 500_000 },
        { kind: 'churn', from: '2026-03-15', monthlyPercent: 2 },
      ]),
      latest,
    );
    expect(errors).toEqual([]);
    expect(changes).toEqual([
      { kind: 'hire', week: 1, monthlyCost: 8000, count: 2 },
      { kind: 'fundraise', week: 13, amount: 500_000 },
      { kind: 'churn', week: 1, monthlyRate: 0.02 },
    ]);
  });

  it('names the field of a negative, NaN or absurd input', () => {
    expect(messages([{ kind: 'hire', from: '2026-04-01', monthlyCost: -1, count: 1 }])).toEqual([
      { field: 'changes.0.monthlyCost', message: 'validation:scenarios.nonNegative' },
    ]);
    expect(messages([{ kind: 'fundraise', from: '2026-04-01', amount: Number.NaN }])).toEqual([
      { field: 'changes.0.amount', message: 'validation:scenarios.number' },
    ]);
    expect(messages([{ kind: 'hire', from: '2026-04-01', monthlyCost: 1e12, count: 1 }])).toEqual([
      { field: 'changes.0.monthlyCost', message: 'validation:scenarios.tooLarge' },
    ]);
    expect(messages([{ kind: 'hire', from: '2026-04-01', monthlyCost: 5000, count: 1.5 }])).toEqual([
      { field: 'changes.0.count', message: 'validation:scenarios.integer' },
    ]);
  });

  it('refuses a date before the projection starts or past its 104 weeks', () => {
    expect(messages([{ kind: 'fundraise', from: '2026-03-08', amount: 1000 }])).toEqual([
      { field: 'changes.0.from', message: 'validation:scenarios.beforeData' },
    ]);
    expect(messages([{ kind: 'fundraise', from: '2030-01-01', amount: 1000 }])).toEqual([
      { field: 'changes.0.from', message: 'validation:scenarios.pastHorizon' },
    ]);
    expect(messages([{ kind: 'fundraise', from: 'next March', amount: 1000 }])).toEqual([
      { field: 'changes.0.from', message: 'validation:scenarios.date' },
    ]);
  });

  it('needs a name', () => {
    expect(toProjectionChanges({ name: '  ', changes: [] }, latest).errors).toEqual([{ field: 'name', message: 'validation:scenarios.name' }]);
  });
});
