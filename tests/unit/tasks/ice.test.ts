import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIceTotal, iceTotal, isIceValue } from '../../../src/core/tasks/ice.ts';
import { CreateTaskInput } from '../../../src/core/tasks/task-schema.ts';
import { validationText } from '../../../src/core/validation/english.ts';
import { keyedIssues } from '../../../src/core/validation/issues.ts';

describe('ICE', () => {
  it('is impact × confidence × ease / 100', () => {
    expect(iceTotal({ impact: 8, confidence: 6, ease: 5 })).toBe(2.4);
    expect(iceTotal({ impact: 10, confidence: 10, ease: 10 })).toBe(10);
    expect(iceTotal({ impact: 1, confidence: 1, ease: 1 })).toBe(0.01);
    expect(iceTotal({ impact: 7, confidence: 3, ease: 9 })).toBe(1.89);
  });

  it('stays between 0.01 and 10 and grows with every score', () => {
    const score = fc.integer({ min: 1, max: 10 });
    fc.assert(
      fc.property(score, score, score, (impact, confidence, ease) => {
        const total = iceTotal({ impact, confidence, ease });
        expect(total).toBeGreaterThanOrEqual(0.01);
        expect(total).toBeLessThanOrEqual(10);
        if (impact < 10) expect(iceTotal({ impact: impact + 1, confidence, ease })).toBeGreaterThan(total);
      }),
    );
  });

  it('refuses values outside 1–10 and non-integers', () => {
    for (const bad of [0, 11, 2.5, Number.NaN, -1]) {
      expect(isIceValue(bad)).toBe(false);
      expect(() => iceTotal({ impact: bad, confidence: 5, ease: 5 })).toThrow(RangeError);
    }
  });

  it('is shown with one decimal in each language', () => {
    expect(formatIceTotal(2.4, 'en')).toBe('2.4');
    expect(formatIceTotal(1.89, 'en')).toBe('1.9');
    // Spanish writes its decimal comma (ICE showed "5.0" to a Spanish founder).
    expect(formatIceTotal(10, 'es-419')).toBe('10,0');
  });
});

describe('the task form rules', () => {
  const valid = { hypothesis: 'x'.repeat(20), whyRelevant: 'y'.repeat(15), targetValue: 1, metric: 'mrr', impact: 1, confidence: 10, ease: 5 };

  it('accepts the minimums exactly', () => {
    expect(CreateTaskInput.safeParse(valid).success).toBe(true);
  });

  it('refuses a hypothesis of 19 characters with the interface message, its minimum as a param', () => {
    const result = CreateTaskInput.safeParse({ ...valid, hypothesis: 'x'.repeat(19) });
    expect(result.success).toBe(false);
    const [issue] = keyedIssues(result.error!);
    expect(issue).toMatchObject({ path: 'hypothesis', key: 'validation:tasks.hypothesisMin', params: { min: 20 } });
    expect(validationText(issue!.key, issue!.params)).toBe('Hypothesis statement must be at least 20 characters');
  });

  it('refuses unknown fields', () => {
    expect(CreateTaskInput.safeParse({ ...valid, status: 'done' }).success).toBe(false);
  });
});
