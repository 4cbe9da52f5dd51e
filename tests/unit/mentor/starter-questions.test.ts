import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { numberTextStyle } from '../../../src/core/numbers/number-text.ts';
import { type StarterFacts, starterQuestions } from '../../../src/web/features/mentor/starter-questions.ts';

/** Stands in for i18next: the key and its values, so the test reads what was asked for. */
const t = ((key: string, options?: Record<string, unknown>) => (options && !('defaultValue' in options) ? `${key} ${JSON.stringify(options)}` : key)) as unknown as TFunction<'mentor'>;

const base: StarterFacts = { startupName: 'Tiendita AI', phase: 'mvp', contextEntries: 0, metrics: null, numbers: numberTextStyle({ language: 'en' }) };
const week = (runwayWeeks: number | null, churnRate: number | null, statuses: NonNullable<StarterFacts['metrics']>['statuses']) => ({ runwayWeeks, churnRate, statuses });

describe('starterQuestions', () => {
  it('before any week, asks what to measure first', () => {
    expect(starterQuestions(t, base)).toEqual(['starters.firstMetrics', 'starters.runway', 'starters.focus {"startup":"Tiendita AI"}', 'starters.churn']);
  });

  it('asks about a short runway and a high churn with the founder’s own numbers', () => {
    const questions = starterQuestions(t, { ...base, metrics: week(22.4, 0.031, { runwayWeeks: 'off', churnRate: 'off' }) });
    expect(questions).toContain('starters.runwayShort {"weeks":22}');
    expect(questions).toContain('starters.churnHigh {"churn":"3.1%"}');
    expect(questions).not.toContain('starters.firstMetrics');
    // A Spanish founder reads the churn with a decimal comma and a spaced percent sign ("2,5 %").
    const spanish = starterQuestions(t, { ...base, numbers: numberTextStyle({ language: 'es-LA' }), metrics: week(40, 0.025, { runwayWeeks: 'on', churnRate: 'off' }) });
    expect(spanish).toContain('starters.churnHigh {"churn":"2,5\u00A0%"}');
  });

  it('keeps the general questions for metrics on target, and reads the notes once there are some', () => {
    const questions = starterQuestions(t, { ...base, contextEntries: 2, metrics: week(60, 0.004, { runwayWeeks: 'on', churnRate: 'on' }) });
    expect(questions).toEqual(['starters.runway', 'starters.focus {"startup":"Tiendita AI"}', 'starters.churn', 'starters.notes']);
  });

  it('says "my startup" when the startup has no name, and never asks a founder who is not burning cash about runway', () => {
    const questions = starterQuestions(t, { ...base, startupName: '  ', metrics: { ...week(null, null, null), runwayStatus: 'not-burning' } });
    expect(questions[0]).toBe('starters.runway');
    expect(questions[1]).toBe('starters.focus {"startup":"starters.yourStartup"}');
  });
});
