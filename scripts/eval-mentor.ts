import { evaluateOfflineMentor, reportTable } from './lib/mentor-eval/run.ts';

/**
 * `npm run eval:mentor`: the offline mentor against the evaluation set, with no network and
 * no database (docs/decisions/213-mentor-evaluation.md). Prints a table and the score, and
 * exits 1 under the threshold.
 */
const started = performance.now();
const report = evaluateOfflineMentor();
console.log(reportTable(report));
console.log(`(${Math.round(performance.now() - started)} ms)`);
process.exitCode = report.passes ? 0 : 1;
