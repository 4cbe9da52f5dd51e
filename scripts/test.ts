/**
 * `npm test`: typecheck, lint, unit, integration and end-to-end tests, in that order
 * (cheapest first), stopping at the first failure. `npm test -- --skip-e2e` skips
 * the browser step while iterating; CI never passes it.
 *
 * With `TEST_POSTGRES_URL` set (CI sets it), the integration tests also run against that
 * PostgreSQL, side by side with the PGlite integration step: each pass keeps one core busy,
 * so the two finish in about the time of one, and the browser step, the longest, then has
 * the machine mostly to itself (docs/decisions/120-e2e-without-flakes.md). That run's output
 * is printed at the end, so the passes never interleave.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

const postgresUrl = process.env.TEST_POSTGRES_URL;
const steps: [name: string, command: string[]][] = [
  ['typecheck', ['npx', 'tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['lint', ['npx', 'eslint', '.']],
  ['unit', ['npx', 'vitest', 'run', '--project', 'unit']],
  ['integration', ['npx', 'vitest', 'run', '--project', 'integration']],
  ...(skipE2e ? [] : ([['e2e', ['npx', 'playwright', 'test']]] as [string, string[]][])),
];

/** Appends a step's time to CI's table (.ci/run prints it at its end, a failed step's too). */
function recordTime(name: string, seconds: string, passed: boolean) {
  if (!process.env.TEST_TIMINGS_FILE) return;
  fs.appendFileSync(process.env.TEST_TIMINGS_FILE, `  ${name.padEnd(28)} ${seconds.padStart(6)}s${passed ? '' : '  (failed)'}\n`);
}

type Background = { name: string; done: Promise<{ status: number; seconds: string }>; logFile: string };

/** The integration tests against PostgreSQL, in the background, one worker (the PGlite pass has the other core). */
function startPostgresIntegration(url: string): Background {
  const name = 'integration (PostgreSQL)';
  const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-test-')), 'postgres-integration.log');
  const log = fs.openSync(logFile, 'w');
  console.log(`\n▶ ${name} in the background (its output follows the other steps')`);
  const started = Date.now();
  const child = spawn('npx', ['vitest', 'run', '--project', 'integration', '--maxWorkers=1'], {
    cwd: ROOT,
    stdio: ['ignore', log, log],
    env: { ...process.env, DATABASE_URL: url },
  });
  const done = new Promise<{ status: number; seconds: string }>((resolve) => {
    child.on('close', (code) => {
      fs.closeSync(log);
      // The steps in front run through spawnSync, which holds this event loop: 'close' is heard
      // only after them. The log's last write is when the pass printed its summary and ended.
      const ended = Math.min(Date.now(), fs.statSync(logFile).mtimeMs);
      resolve({ status: code ?? 1, seconds: ((ended - started) / 1000).toFixed(1) });
    });
  });
  return { name, done, logFile };
}

async function finish(background: Background): Promise<boolean> {
  const { status, seconds } = await background.done;
  console.log(`\n▶ ${background.name}: its output`);
  process.stdout.write(fs.readFileSync(background.logFile, 'utf8'));
  recordTime(background.name, seconds, status === 0);
  if (status !== 0) console.error(`\n✖ ${background.name} failed after ${seconds}s`);
  else console.log(`✔ ${background.name} passed in ${seconds}s`);
  return status === 0;
}

let background: Background | undefined;
for (const [name, [command, ...args]] of steps) {
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`);
  if (name === 'integration' && postgresUrl) background = startPostgresIntegration(postgresUrl);
  if (name === 'e2e') buildIfStale();
  const started = Date.now();
  const result = spawnSync(command as string, args, { cwd: ROOT, stdio: 'inherit' });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  recordTime(name, seconds, result.status === 0);
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds}s`);
    if (background) await finish(background);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} passed in ${seconds}s`);
}
if (postgresUrl && !background) background = startPostgresIntegration(postgresUrl);
if (background && !(await finish(background))) process.exit(1);
console.log(`\nAll ${steps.length + (background ? 1 : 0)} steps passed.`);
