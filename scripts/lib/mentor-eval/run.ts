import { SCENARIOS } from './scenarios.ts';
import { CHECKS, type ScenarioResult, scoreScenario } from './score.ts';

/**
 * The share of checks the offline mentor passes over the whole set, below which the
 * evaluation fails (docs/decisions/213-mentor-evaluation.md).
 */
export const PASS_THRESHOLD = 0.95;

export type EvaluationReport = { results: ScenarioResult[]; passedChecks: number; totalChecks: number; score: number; passes: boolean };

export function evaluateOfflineMentor(): EvaluationReport {
  const results = SCENARIOS.map(scoreScenario);
  const totalChecks = results.length * CHECKS.length;
  const passedChecks = results.reduce((sum, result) => sum + result.passed.length, 0);
  const score = passedChecks / totalChecks;
  return { results, passedChecks, totalChecks, score, passes: score >= PASS_THRESHOLD };
}

/** The report as a table: one row per scenario, a mark per check, then why each failure failed. */
export function reportTable(report: EvaluationReport): string {
  const short: Record<(typeof CHECKS)[number], string> = {
    answersQuestion: 'answers',
    numbersTraceable: 'numbers',
    noRawKeys: 'keys',
    iceOneDecimal: 'ice',
    language: 'lang',
    atMostThreeSteps: 'steps',
    challengesWhenOff: 'challenge',
    noForeignData: 'foreign',
  };
  const idWidth = Math.max(...report.results.map((result) => result.scenario.id.length), 'scenario'.length);
  const header = ['scenario'.padEnd(idWidth), ...CHECKS.map((check) => short[check])].join(' | ');
  const rows = report.results.map((result) =>
    [result.scenario.id.padEnd(idWidth), ...CHECKS.map((check) => (result.passed.includes(check) ? '✓' : '✗').padEnd(short[check].length))].join(' | '),
  );
  const failures = report.results.flatMap((result) => result.failed.map((failure) => `  ${result.scenario.id} ${failure.check}: ${failure.why}`));
  const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
  return [
    header,
    '-'.repeat(header.length),
    ...rows,
    '',
    ...(failures.length > 0 ? ['Failures:', ...failures, ''] : []),
    `Score: ${report.passedChecks}/${report.totalChecks} checks (${percent(report.score)}) over ${report.results.length} scenarios; threshold ${percent(PASS_THRESHOLD)}: ${report.passes ? 'PASS' : 'FAIL'}`,
  ].join('\n');
}
