import { createMentorModel } from '../../../src/server/ai/provider.ts';
import { startLoopbackModel } from '../../../tests/integration/support/loopback-model.ts';
import { loopbackAnswer, TRAP_SCENARIOS } from './loopback-answers.ts';
import { evaluateModel, type EvaluationReport } from './run.ts';

/**
 * The set against the loopback model: an OpenAI-compatible server on 127.0.0.1 whose answer
 * to each scenario is scripted (loopback-answers.ts), reached through the real provider code
 * (AI SDK, retrying fetch, the mentor's instructions), streamed as the chat streams it.
 */
export async function evaluateLoopbackModel(): Promise<EvaluationReport> {
  const loopback = await startLoopbackModel();
  try {
    const model = createMentorModel({ kind: 'openai-compatible', baseUrl: loopback.baseUrl, apiKey: undefined, model: 'loopback', timeoutMs: 10_000, maxRetries: 0 });
    if (!model) throw new Error('the loopback model was not configured');
    return await evaluateModel('loopback', model, {
      expected: TRAP_SCENARIOS,
      before: (scenario) => loopback.reset([{ kind: 'answer', text: loopbackAnswer(scenario) }]),
    });
  } finally {
    await loopback.close();
  }
}
