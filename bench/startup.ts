/**
 * Cold start and footprint (docs/benchmarks.md): from spawning the server (src/server/main.ts,
 * production mode, with the Node options `npm start` gives it) to its first healthy answer,
 * twice on the same database: the first start creates and migrates it, the restart finds it
 * current (what a deploy or a reboot does). Then the restarted server's resident memory after
 * 10 s idle. On the embedded PGlite and on PostgreSQL (DATABASE_URL, default the local one;
 * skipped if unreachable). Goals: a healthy restart in < 3 s on PGlite and < 2 s on
 * PostgreSQL, idle RSS < 200 MB. Linux (reads /proc).
 *
 *   node bench/startup.ts [--idle 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createThrowawayDatabase } from '../scripts/lib/throwaway-database.ts';
import { option } from './lib/autocannon.ts';
import { spawnBenchProcess } from './lib/bench-process.ts';
import { POSTGRES_URL, postgresReachable } from './lib/postgres.ts';
import { againstRecord, loadAverage } from './lib/recorded.ts';

const GOALS = { PGlite: { startMs: 3000 }, PostgreSQL: { startMs: 2000 } } as const;
const GOAL_RSS_MB = 200;
const idleSeconds = option('idle', 10);

function residentMb(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/**
 * The CPU time (user and system, all threads) a process has used, from /proc: unlike the wall
 * time it hardly grows when other work shares the cores, so it shows the start's own cost.
 */
function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in Linux's clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const ms = (value: number) => `${(value / 1000).toFixed(2)} s`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

async function runOn(database: keyof typeof GOALS) {
  const throwaway = database === 'PostgreSQL' ? await createThrowawayDatabase(POSTGRES_URL, 'rumbo_bench') : null;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-'));
  const env: Record<string, string> = throwaway ? { DATABASE_URL: throwaway.url } : {};
  const before = loadAverage();
  try {
    const timedStart = async () => {
      const started = performance.now();
      const server = await spawnBenchProcess({ passOn: [], env, dataDir });
      await server.waitUntilHealthy();
      return { server, startMs: performance.now() - started, cpuMs: cpuMs(server.pid) };
    };
    const first = await timedStart();
    await first.server.stop();
    const restart = await timedStart();
    try {
      await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
      const rss = residentMb(restart.server.pid);
      const { startMs } = restart;
      console.log(`\n${database} (${before} when it started)`);
      console.log(`  first start (creates and migrates the database): ${ms(first.startMs)}${againstRecord('startup', `${database} first start ms`, first.startMs, ms)}`);
      console.log(`  cold start to a healthy answer (database current): ${ms(startMs)} (goal < ${ms(GOALS[database].startMs)}: ${startMs < GOALS[database].startMs ? 'met' : 'NOT MET'})${againstRecord('startup', `${database} cold start ms`, startMs, ms)}`);
      console.log(`  CPU time the restart used until healthy (all threads): ${ms(restart.cpuMs)}`);
      console.log(`  RSS after ${idleSeconds} s idle: ${mb(rss)} (goal < ${GOAL_RSS_MB} MB: ${rss < GOAL_RSS_MB ? 'met' : 'NOT MET'})${againstRecord('startup', `${database} idle RSS MB`, rss, mb)}`);
      console.log(`  ${loadAverage()}`);
    } finally {
      await restart.server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await throwaway?.drop();
  }
}

await runOn('PGlite');
if (await postgresReachable()) await runOn('PostgreSQL');
else console.log(`\nPostgreSQL: not reachable at ${new URL(POSTGRES_URL).host}, skipped.`);
