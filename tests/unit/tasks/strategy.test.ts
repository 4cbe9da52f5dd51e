import { describe, expect, it } from 'vitest';
import { buildRoadmap } from '../../../src/core/strategy/roadmap.ts';
import { StrategyInput, isStepComplete } from '../../../src/core/strategy/strategy-schema.ts';

const draft = {
  coreProblem: 'Corner shops run out of stock',
  maximas: ['Reorder in one tap', 'Never run out of a best-seller'],
  statement: 'We win by making restocking invisible',
};

describe('the strategy steps', () => {
  it('are complete at the character minimums (20, 10 per maxima, 30)', () => {
    expect(isStepComplete('coreProblem', { ...draft, coreProblem: 'x'.repeat(20) })).toBe(true);
    expect(isStepComplete('coreProblem', { ...draft, coreProblem: ` ${'x'.repeat(19)} ` })).toBe(false);
    expect(isStepComplete('maximas', { ...draft, maximas: ['x'.repeat(10)] })).toBe(true);
    expect(isStepComplete('maximas', { ...draft, maximas: ['x'.repeat(10), 'short'] })).toBe(false);
    expect(isStepComplete('maximas', { ...draft, maximas: [] })).toBe(false);
    expect(isStepComplete('maximas', { ...draft, maximas: Array.from({ length: 6 }, () => 'x'.repeat(10)) })).toBe(false);
    expect(isStepComplete('statement', { ...draft, statement: 'x'.repeat(30) })).toBe(true);
    expect(isStepComplete('statement', { ...draft, statement: 'x'.repeat(29) })).toBe(false);
  });

  it('match what the server accepts', () => {
    expect(StrategyInput.safeParse(draft).success).toBe(true);
    expect(StrategyInput.safeParse({ ...draft, maximas: Array.from({ length: 6 }, () => 'x'.repeat(10)) }).success).toBe(false);
  });
});

describe('the MECE roadmap', () => {
  it('hangs tasks under their maxima and flags the gaps both ways', () => {
    const tasks = [
      { id: 'a', maximaIndex: 0 },
      { id: 'b', maximaIndex: null },
      { id: 'c', maximaIndex: 0 },
      { id: 'd', maximaIndex: 4 }, // its maxima was removed from the strategy
    ];
    const roadmap = buildRoadmap({ maximas: ['First maxima', 'Second maxima'], tasks });
    expect(roadmap.branches.map((b) => b.tasks.map((t) => t.id))).toEqual([['a', 'c'], []]);
    expect(roadmap.unlinkedTasks.map((t) => t.id)).toEqual(['b', 'd']);
    expect(roadmap.maximasWithoutTasks).toEqual([1]);
  });
});
