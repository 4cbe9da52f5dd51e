import type { MentorModel } from '../../../src/server/ai/provider.ts';
import { answerEvents } from '../../../src/server/ai/answer.ts';
import { SCENARIOS, type Scenario } from './scenarios.ts';
import { type Check, CHECKS, type ScenarioResult, scoreAnswer, scoreScenario } from './score.ts';

/**
 * The share of checks passed over the whole set, below which the evaluation fails, for the
 * offline mentor and for a model alike (docs/decisions/213-mentor-evaluation.md).
 */
export const PASS_THRESHOLD = 0.95;

/** A scenario whose answer is meant to fail one check: the evaluation proves it catches it. */
export type ExpectedFailure = { result: ScenarioResult; check: Check; caught: boolean };

export type EvaluationReport = {
  /** Who answered: `offline`, `loopback` or the provider's model name. */
  answerer: string;
  results: ScenarioResult[];
  expectedFailures: ExpectedFailure[];
  passedChecks: number;
  totalChecks: number;
  score: number;
  passes: boolean;
};

function summarize(answerer: string, results: ScenarioResult[], expectedFailures: ExpectedFailure[] = []): EvaluationReport {
  const totalChecks = results.length * CHECKS.length;
  const passedChecks = results.reduce((sum, result) => sum + result.passed.length, 0);
  const score = passedChecks / totalChecks;
  const passes = score >= PASS_THRESHOLD && expectedFailures.every((expected) => expected.caught);
  return { answerer, results, expectedFailures, passedChecks, totalChecks, score, passes };
}

export function evaluateOfflineMentor(): EvaluationReport {
  return summarize('offline', SCENARIOS.map(scoreScenario));
}

/** One answer from a model, as the chat gets it (streamed, the mentor's instructions and context, no tools). */
async function modelAnswer(model: MentorModel, scenario: Scenario): Promise<string> {
  let text = '';
  const history = [{ role: 'user' as const, content: scenario.question }];
  for await (const event of answerEvents({ model, context: scenario.context, language: scenario.language, history })) {
    if (event.type === 'text') text += event.text;
  }
  return text;
}

/**
 * The set against a model, one scenario after another. A model works out no numbers the
 * chat can trace, so only the context's and the question's count. `before` runs before each
 * call (the loopback model is scripted there); `expected` scenarios must fail their check.
 */
export async function evaluateModel(
  answerer: string,
  model: MentorModel,
  options: { scenarios?: Scenario[]; expected?: (Scenario & { expectedFailure: Check })[]; before?: (scenario: Scenario) => void } = {},
): Promise<EvaluationReport> {
  const judge = async (scenario: Scenario) => {
    options.before?.(scenario);
    return scoreAnswer(scenario, { text: await modelAnswer(model, scenario), numbers: [] });
  };
  const results: ScenarioResult[] = [];
  for (const scenario of options.scenarios ?? SCENARIOS) results.push(await judge(scenario));
  const expectedFailures: ExpectedFailure[] = [];
  for (const scenario of options.expected ?? []) {
    const result = await judge(scenario);
    expectedFailures.push({ result, check: scenario.expectedFailure, caught: result.failed.some((failure) => failure.check === scenario.expectedFailure) });
  }
  return summarize(answerer, results, expectedFailures);
}

const SHORT: Record<Check, string> = {
  answersQuestion: 'answers',
  numbersTraceable: 'numbers',
  noRawKeys: 'keys',
  iceOneDecimal: 'ice',
  language: 'lang',
  atMostThreeSteps: 'steps',
  challengesWhenOff: 'challenge',
  noForeignData: 'foreign',
  ownArithmetic: 'arithmetic',
};

/**
 * The report as a table: one row per scenario, a mark per check, then why each failure
 * failed. Expected failures follow under the score's line: they are not counted in it.
 */
export function reportTable(report: EvaluationReport): string {
  const all = [...report.results, ...report.expectedFailures.map((expected) => expected.result)];
  const idWidth = Math.max(...all.map((result) => result.scenario.id.length), 'scenario'.length);
  const header = ['scenario'.padEnd(idWidth), ...CHECKS.map((check) => SHORT[check])].join(' | ');
  const row = (result: ScenarioResult) =>
    [result.scenario.id.padEnd(idWidth), ...CHECKS.map((check) => (result.passed.includes(check) ? '✓' : '✗').padEnd(SHORT[check].length))].join(' | ');
  const why = (result: ScenarioResult) => result.failed.map((failure) => `  ${result.scenario.id} ${failure.check}: ${failure.why}`);
  const failures = report.results.flatMap(why);
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  const expected =
    report.expectedFailures.length === 0
      ? []
      : [
          '',
          'Expected failures (answers that must fail one check; outside the score):',
          ...report.expectedFailures.map((e) => `${row(e.result)}   must fail ${SHORT[e.check]}: ${e.caught ? 'caught' : 'NOT CAUGHT'}`),
          ...report.expectedFailures.flatMap((e) => why(e.result)),
        ];
  return [
    `Answered by: ${report.answerer}`,
    header,
    '-'.repeat(header.length),
    ...report.results.map(row),
    '',
    ...(failures.length > 0 ? ['Failures:', ...failures, ''] : []),
    `Score: ${report.passedChecks}/${report.totalChecks} checks (${percent(report.score)}) over ${report.results.length} scenarios; threshold ${percent(PASS_THRESHOLD)}: ${report.passes ? 'PASS' : 'FAIL'}`,
    ...expected,
  ].join('\n');
}
