import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';

/** The part of autocannon's JSON result the benchmarks print (the package ships no types). */
export type LoadResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
};

/** autocannon's command-line entry: the load runs in a process of its own, as an outside run does. */
const AUTOCANNON_CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * Loads one URL on loopback for `seconds` with `connections` keep-alive connections (GET
 * unless `method` says otherwise), no pipelining, by running autocannon's own command line
 * in a child process and reading its JSON. Not the library inside the bench: there the load
 * generator shared its event loop with the bench, which also drains the servers' output
 * pipes and keeps every earlier result, and its figures drifted from an outside
 * `autocannon` run of the same server (docs/benchmarks.md). Now a bench and an outside run
 * are the same program with the same options.
 */
export async function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string>; method?: string; body?: string }): Promise<LoadResult> {
  const args = [AUTOCANNON_CLI, '--json', '--connections', String(options.connections), '--duration', String(options.seconds), '--method', options.method ?? 'GET'];
  // `name=value`: autocannon splits a header at its first `=` or `:`, and a cookie's value holds both.
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('--header', `${name}=${value}`);
  if (options.body !== undefined) args.push('--body', options.body);
  args.push(url);
  const { stdout } = await run(process.execPath, args);
  return JSON.parse(stdout) as LoadResult;
}

function run(command: string, args: string[]): Promise<{ stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve({ stdout }) : reject(new Error(`autocannon exited with ${code}: ${stderr.slice(-500)}`))));
  });
}

/** A number from the command line (`--seconds 10`), or the fallback. */
export function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/** One load run as a line: throughput, p50, p99, and any failed request said loudly. */
export function loadLine(label: string, result: LoadResult, labelWidth = 26): string {
  const bad = result.non2xx + result.errors + result.timeouts;
  return `${label.padEnd(labelWidth)} ${result.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${bad ? `   (${bad} failed!)` : ''}`;
}

/** The machine's load average over 1, 5 and 15 minutes (`2.1 / 1.8 / 1.5`): figures from a shared machine mean little without it. */
export const loadAverage = () => os.loadavg().map((value) => value.toFixed(1)).join(' / ');
