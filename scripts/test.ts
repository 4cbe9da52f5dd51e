/**
 * `npm test`: typecheck, lint, unit, integration and end-to-end tests, in that order
 * (cheapest first), stopping at the first failure. `npm test -- --skip-e2e` skips
 * the browser step while iterating; CI never passes it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { buildIfStale, ROOT } from './lib/build-if-stale.ts';
import { findChromium, INSTALL_BROWSER_COMMAND } from '../e2e/support/chromium.ts';

const skipE2e = process.argv.includes('--skip-e2e');

// The browser step needs a browser: say so in the first second, not after the other steps.
if (!skipE2e && !findChromium()) {
  console.error(
    `✖ No Chromium for the end-to-end tests (looked at CHROMIUM_PATH, Playwright's own, /usr/bin/chromium and Google Chrome).\n` +
      `  Run:  ${INSTALL_BROWSER_COMMAND}\n` +
      `  (or set CHROMIUM_PATH to a Chromium-family browser; \`npm test -- --skip-e2e\` runs the rest.)`,
  );
  process.exit(1);
}
const steps: [name: string, command: string[]][] = [
  ['typecheck', ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', ['npx', 'eslint', '.']],
  ['unit', ['npx', 'vitest', 'run', '--project', 'unit']],
  ['integration', ['npx', 'vitest', 'run', '--project', 'integration']],
  ...(skipE2e ? [] : ([['e2e', ['npx', 'playwright', 'test']]] as [string, string[]][])),
];

for (const [name, [command, ...args]] of steps) {
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  if (name === 'e2e') buildIfStale();
  const started = Date.now();
  const result = spawnSync(command as string, args, { cwd: ROOT, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  // CI prints every part's time at its end (.ci/run), a failed one's too.
  if (process.env.TEST_TIMINGS_FILE) fs.appendFileSync(process.env.TEST_TIMINGS_FILE, `  ${name.padEnd(28)} ${seconds.padStart(6)}s${result.status === 0 ? '' : '  (failed)'}\n`);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} passed in ${seconds}s`);
}
console.log(`\nAll ${steps.length} steps passed.`);
