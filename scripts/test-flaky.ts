/**
 * `npm run test:flaky -- [--times N] <spec or test file>…`: runs the given tests N times
 * (default 5) and fails if any run fails, so a changed test is known to pass every time
 * before it reaches CI, where one failure throws the submission away
 * (docs/decisions/120-e2e-without-flakes.md).
 *
 * Playwright specs (`e2e/…`) repeat inside one run (`--repeat-each`, retries off, so a
 * failure is never hidden by a second try); Vitest files run N times in a row.
 */
import { spawnSync } from 'node:child_process';
import { buildIfStale, ROOT } from './lib/build-if-stale.ts';

const args = process.argv.slice(2);
const timesAt = args.indexOf('--times');
const times = timesAt >= 0 ? Number(args.splice(timesAt, 2)[1]) : 5;
if (!Number.isInteger(times) || times < 1 || args.length === 0) {
  console.error('usage: npm run test:flaky -- [--times N] <e2e spec or test file>…');
  process.exit(2);
}
const e2eSpecs = args.filter((file) => file.startsWith('e2e/') || file.endsWith('.spec.ts'));
const vitestFiles = args.filter((file) => !e2eSpecs.includes(file));

function run(command: string, commandArgs: string[]): boolean {
  console.log(`\n▶ ${command} ${commandArgs.join(' ')}`);
  return spawnSync(command, commandArgs, { cwd: ROOT, stdio: 'inherit' }).status === 0;
}

const failures: string[] = [];
if (e2eSpecs.length > 0) {
  buildIfStale();
  if (!run('npx', ['playwright', 'test', '--repeat-each', String(times), '--retries', '0', ...e2eSpecs])) failures.push(`e2e (${e2eSpecs.join(', ')})`);
}
for (let round = 1; round <= times && vitestFiles.length > 0; round++) {
  if (!run('npx', ['vitest', 'run', ...vitestFiles])) failures.push(`vitest round ${round}`);
}

if (failures.length > 0) {
  console.error(`\n✖ not stable over ${times} runs: ${failures.join('; ')}`);
  process.exit(1);
}
console.log(`\n✔ passed ${times} times in a row: ${args.join(' ')}`);
