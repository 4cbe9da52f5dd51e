/**
 * Authenticated reads against the framework's ceiling (docs/benchmarks.md): `GET /api/me`,
 * the metrics summary over 520 recorded weeks and the week's community leaderboard, each
 * beside a bare Hono route measured in the same run (alternating with the reads, each round
 * set against the bare runs on either side of it, the median round kept: bench/lib/ceiling.ts),
 * with autocannon's command line on loopback at 50 connections. On the embedded
 * PGlite and on PostgreSQL (DATABASE_URL, default the local one; skipped if unreachable).
 * Goal: each read ≥ 50 % of the ceiling, p99 < 10 ms. Beside them, for reference, the bare
 * route answering as many bytes as the summary (24 kB over 520 weeks): what the size alone
 * costs, which no server code removes.
 *
 *   node bench/authenticated-reads.ts [--seconds 5] [--rounds 3] [--connections 50]
 *   node bench/authenticated-reads.ts --quick     # one round of 3 s on each database
 *   PROFILE_DIR=/tmp/profiles node bench/authenticated-reads.ts   # the server writes a CPU profile (node --cpu-prof)
 *
 * The server and the ceiling are child processes, so the load generator shares neither's
 * thread. Rate limits are scaled out of the way (RATE_LIMIT_SCALE): the limiter's cost is
 * measured without its refusals.
 */
import { createThrowawayDatabase } from '../scripts/lib/throwaway-database.ts';
import { option } from './lib/autocannon.ts';
import { againstCeiling, percent } from './lib/ceiling.ts';
import { startBare } from './lib/bare-process.ts';
import { spawnBenchProcess } from './lib/bench-process.ts';
import { decadeCsv, signUpFounder } from './lib/metrics-server.ts';
import { POSTGRES_URL, postgresReachable } from './lib/postgres.ts';
import { againstRecord, loadAverage } from './lib/recorded.ts';

const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 10;
const READS = [
  { name: 'GET /api/me', path: '/api/me' },
  { name: 'metrics summary', path: '/api/metrics/summary' },
  { name: 'community leaderboard', path: '/api/community/leaderboard?period=week' },
] as const;

const quick = process.argv.includes('--quick');
const seconds = option('seconds', quick ? 3 : 5);
const rounds = option('rounds', quick ? 1 : 3);
const connections = option('connections', 50);

/** A founder who finished onboarding and imported 520 weeks: every read answers with real data. */
async function seedFounder(origin: string, appUrl: string) {
  const { headers } = await signUpFounder(origin, appUrl);
  const send = async (method: string, route: string, body: string, contentType = 'application/json') => {
    const response = await fetch(`${origin}${route}`, { method, headers: { ...headers, origin: appUrl, 'content-type': contentType }, body });
    if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${await response.text()}`);
  };
  await send('POST', '/api/onboarding', JSON.stringify({ industry: 'Retail software', teamSize: '2-5', startupPhase: 'early-growth', startupName: 'Bench' }));
  await send('POST', '/api/metrics/import', decadeCsv(520), 'text/csv');
  let summaryBytes = 0;
  for (const read of READS) {
    const response = await fetch(`${origin}${read.path}`, { headers });
    if (response.status !== 200) throw new Error(`${read.path} answered ${response.status}: ${await response.text()}`);
    const bytes = (await response.arrayBuffer()).byteLength;
    if (read.name === 'metrics summary') summaryBytes = bytes;
  }
  return { headers, summaryBytes };
}

async function runOn(database: 'PGlite' | 'PostgreSQL') {
  const throwaway = database === 'PostgreSQL' ? await createThrowawayDatabase(POSTGRES_URL, 'rumbo_bench') : null;
  const server = await spawnBenchProcess({ passOn: [], env: throwaway ? { DATABASE_URL: throwaway.url } : {} });
  const bare = await startBare();
  try {
    await server.waitUntilHealthy();
    const { headers, summaryBytes } = await seedFounder(server.url, server.appUrl);
    console.log(`\n${database}: ${connections} connections, ${rounds} round${rounds === 1 ? '' : 's'} of ${seconds} s; ${loadAverage()}`);
    const sameSize = { name: `bare, ${summaryBytes} B answer`, url: `${bare.url}/sized/${summaryBytes}` };
    const [reference, ...figures] = await againstCeiling(
      bare.url,
      [sameSize, ...READS.map((read) => ({ name: read.name, url: `${server.url}${read.path}`, headers }))],
      { connections, seconds, rounds },
    );
    for (const { read, ratio, ratios, p99 } of figures) {
      const meets = ratio >= GOAL_RATIO && p99 < GOAL_P99_MS;
      if (read.name === 'metrics summary') {
        console.log(`  (the bare route answering as many bytes, ${summaryBytes}: ${percent(reference!.ratio)} of the ceiling; the summary is at ${percent(ratio / reference!.ratio)} of that)`);
      }
      console.log(
        `  ${read.name.padEnd(24)} ${percent(ratio).padStart(7)} of the ceiling${rounds > 1 ? ` (median of ${ratios.map(percent).join(', ')})` : ''}, p99 ${p99} ms: ${meets ? 'meets' : 'MISSES'} the goal (≥ ${GOAL_RATIO * 100} %, p99 < ${GOAL_P99_MS} ms)${againstRecord('authenticated-reads', `${database} ${read.name}`, ratio, percent)}`,
      );
    }
    console.log(`  ${loadAverage()}`);
  } finally {
    bare.stop();
    await server.stop();
    await throwaway?.drop();
  }
}

await runOn('PGlite');
if (await postgresReachable()) await runOn('PostgreSQL');
else console.log(`\nPostgreSQL: not reachable at ${new URL(POSTGRES_URL).host}, skipped.`);
