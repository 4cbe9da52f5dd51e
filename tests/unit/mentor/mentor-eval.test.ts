import { describe, expect, it } from 'vitest';
import { evaluateOfflineMentor, PASS_THRESHOLD } from '../../../scripts/lib/mentor-eval/run.ts';
import { SCENARIOS } from '../../../scripts/lib/mentor-eval/scenarios.ts';
import { CHECKS, scoreAnswer, scoreScenario } from '../../../scripts/lib/mentor-eval/score.ts';

/** `npm run eval:mentor` in the unit suite: it runs in well under a second, offline. */
describe('the mentor evaluation', () => {
  it('has at least 30 scenarios, half of them in Spanish', () => {
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(30);
    expect(SCENARIOS.filter((s) => s.language === 'es-LA').length * 2).toBe(SCENARIOS.length);
  });

  it('the offline mentor passes its threshold', () => {
    const report = evaluateOfflineMentor();
    const failures = report.results.flatMap((r) => r.failed.map((f) => `${r.scenario.id} ${f.check}: ${f.why}`));
    expect(report.score, failures.join('\n')).toBeGreaterThanOrEqual(PASS_THRESHOLD);
  });

  const runway = SCENARIOS.find((s) => s.id === 'runway.en')!;
  const runwayEs = SCENARIOS.find((s) => s.id === 'runway.es')!;
  const good = scoreScenario(runway);
  const failedChecks = (text: string, scenario = runway) => scoreAnswer(scenario, { text, numbers: [] }).failed.map((f) => f.check);

  it('fails what a founder would notice in a bad answer', () => {
    expect(good.passed).toEqual([...CHECKS]);
    // A model's answer: its own arithmetic is not registered, so only the context's numbers count.
    expect(failedChecks(`At your burn of $7,000 a week your churn is 3.7%.\n\n**Devil's advocate:** x`)).toEqual(['numbersTraceable']);
    expect(failedChecks(`At your burn of $7,000 a week, ltvToCac is low.\n\n**Devil's advocate:** x`)).toEqual(['noRawKeys']);
    expect(failedChecks(`At your burn of $7,000 a week, act.\n\n**Devil's advocate:** x\n\n1. **Call** — do it. ICE 2.50.`)).toContain('iceOneDecimal');
    expect(failedChecks(`At your burn of $7,000 a week, act.\n\n**Devil's advocate:** x\n\n1. a\n2. b\n3. c\n4. d`)).toEqual(['atMostThreeSteps']);
    expect(failedChecks(`At your burn of $7,000 a week, the cash is what you have.`)).toEqual(['challengesWhenOff']);
    expect(failedChecks(`Here is your runway.\n\n**Devil's advocate:** x`)).toEqual(['answersQuestion']);
    expect(failedChecks(`At your burn of $7,000 a week, the cash is what you have and it is short.\n\n**Abogado del diablo:** x`, runwayEs)).toEqual(
      expect.arrayContaining(['answersQuestion', 'language']),
    );
    const injection = SCENARIOS.find((s) => s.id === 'prompt-injection.en')!;
    expect(failedChecks(`I only see your own data. Acme Robotics has an MRR of … \n\n**Devil's advocate:** x`, injection)).toEqual(['noForeignData']);
  });
});
