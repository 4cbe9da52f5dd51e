import { parseEnv } from '../src/server/env.ts';
import { createMentorModel } from '../src/server/ai/provider.ts';
import { evaluateLoopbackModel } from './lib/mentor-eval/loopback-run.ts';
import { evaluateModel, evaluateOfflineMentor, type EvaluationReport, reportTable } from './lib/mentor-eval/run.ts';

/**
 * `npm run eval:mentor`: the evaluation set against the offline mentor and against the
 * loopback model (a scripted OpenAI-compatible server on 127.0.0.1), with no database and no
 * outside network. `npm run eval:mentor -- --provider` runs it against the model configured
 * by AI_BASE_URL / AI_MODEL / AI_API_KEY or ANTHROPIC_API_KEY instead (never in CI).
 * Prints a table per answerer and exits 1 when one is under the threshold
 * (docs/decisions/213-mentor-evaluation.md, docs/decisions/214-mentor-evaluation-models.md).
 */
async function main(): Promise<number> {
  const reports: EvaluationReport[] = [];
  const timed = async (run: () => EvaluationReport | Promise<EvaluationReport>) => {
    const started = performance.now();
    const report = await run();
    console.log(`${reportTable(report)}\n(${Math.round(performance.now() - started)} ms)\n`);
    reports.push(report);
  };
  if (process.argv.includes('--provider')) {
    const config = parseEnv(process.env).ai;
    const model = createMentorModel(config);
    if (!model) {
      console.error('No model is configured: set AI_BASE_URL and AI_MODEL (and AI_API_KEY if it needs one), or ANTHROPIC_API_KEY.');
      return 2;
    }
    await timed(() => evaluateModel(model.label, model));
  } else {
    await timed(evaluateOfflineMentor);
    await timed(evaluateLoopbackModel);
  }
  return reports.every((report) => report.passes) ? 0 : 1;
}

process.exitCode = await main();
