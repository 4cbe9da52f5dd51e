import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackAnswer, TRAP_SCENARIOS } from '../../scripts/lib/mentor-eval/loopback-answers.ts';
import { evaluateLoopbackModel } from '../../scripts/lib/mentor-eval/loopback-run.ts';
import { evaluateModel, PASS_THRESHOLD, reportTable } from '../../scripts/lib/mentor-eval/run.ts';
import { SCENARIOS } from '../../scripts/lib/mentor-eval/scenarios.ts';
import { createMentorModel, type MentorModel } from '../../src/server/ai/provider.ts';
import { type LoopbackModel, startLoopbackModel } from './support/loopback-model.ts';

/** `npm run eval:mentor`'s second table: the set against a model on loopback, through the real provider code. */
describe('the mentor evaluation against the loopback model', () => {
  it('passes its threshold and catches the answer that invents a number', async () => {
    const report = await evaluateLoopbackModel();
    const failures = report.results.flatMap((r) => r.failed.map((f) => `${r.scenario.id} ${f.check}: ${f.why}`));
    expect(report.score, failures.join('\n')).toBeGreaterThanOrEqual(PASS_THRESHOLD);
    expect(report.results).toHaveLength(SCENARIOS.length);
    expect(report.expectedFailures.map((e) => [e.result.scenario.id, e.caught])).toEqual([
      ['invented-number.en', true],
      ['invented-number.es', true],
    ]);
    expect(report.passes).toBe(true);
    const table = reportTable(report);
    expect(table).toContain('Answered by: loopback');
    expect(table).toContain('invented-number.en numbersTraceable: not from the data: 3.7%, 41');
    expect(table).toContain('invented-number.es numbersTraceable: not from the data: 3,7%, 41');
  });

  describe('with a model scripted per test', () => {
    let loopback: LoopbackModel;
    let model: MentorModel;
    beforeAll(async () => {
      loopback = await startLoopbackModel();
      model = createMentorModel({ kind: 'openai-compatible', baseUrl: loopback.baseUrl, apiKey: undefined, model: 'loopback', timeoutMs: 10_000, maxRetries: 0 })!;
    });
    afterAll(() => loopback.close());

    it("gives the model each scenario's own context and question, in the founder's language", async () => {
      const runwayEs = SCENARIOS.find((s) => s.id === 'runway.es')!;
      const report = await evaluateModel('loopback', model, {
        scenarios: [runwayEs],
        before: (scenario) => loopback.reset([{ kind: 'answer', text: loopbackAnswer(scenario) }]),
      });
      expect(report.results[0]!.failed).toEqual([]);
      const [request] = loopback.requests;
      const system = request!.messages.find((m) => m.role === 'system')!.content;
      expect(system).toContain('168');
      expect(request!.messages.at(-1)).toMatchObject({ role: 'user', content: '¿Cuánto runway me queda?' });
      expect(request!.stream).toBe(true);
    });

    it('fails under the threshold when the model answers in the wrong language with a made-up number', async () => {
      const english = SCENARIOS.filter((s) => s.language === 'en');
      const report = await evaluateModel('loopback', model, {
        scenarios: SCENARIOS,
        // Every answer in English: the Spanish half fails on language (and on its opening).
        before: (scenario) => loopback.reset([{ kind: 'answer', text: loopbackAnswer(english.find((s) => s.id.replace('.en', '') === scenario.id.replace(/\.(en|es)$/, ''))!) }]),
      });
      expect(report.results.filter((r) => r.failed.some((f) => f.check === 'language')).map((r) => r.scenario.language)).toEqual(SCENARIOS.filter((s) => s.language === 'es-LA').map(() => 'es-LA'));
      expect(report.score).toBeLessThan(PASS_THRESHOLD);
      expect(report.passes).toBe(false);
      expect(reportTable(report)).toContain('threshold 95.0%: FAIL');
    });

    it('fails when an answer meant to fail its check passes it', async () => {
      const [trap] = TRAP_SCENARIOS;
      const report = await evaluateModel('loopback', model, {
        scenarios: [SCENARIOS[0]!],
        expected: [trap!],
        // The "invented" answer replaced by one that only restates the founder's numbers.
        before: (scenario) => loopback.reset([{ kind: 'answer', text: scenario === trap ? loopbackAnswer(SCENARIOS[0]!) : loopbackAnswer(scenario) }]),
      });
      expect(report.score).toBe(1);
      expect(report.expectedFailures[0]!.caught).toBe(false);
      expect(report.passes).toBe(false);
      expect(reportTable(report)).toContain('must fail numbers: NOT CAUGHT');
    });
  });
});
