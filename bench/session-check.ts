/**
 * The cost of the session check (docs/benchmarks.md): an authenticated GET /api/me on
 * the real server against a bare Hono route, measured in the same run with autocannon
 * on loopback at 50 connections. Goal: at least 50 % of the bare route's throughput
 * (bench/authenticated-reads.ts measures it beside the other reads, on both databases).
 *
 *   node bench/session-check.ts                 # embedded PGlite
 *   DATABASE_URL=postgres://… node bench/session-check.ts
 *   node bench/session-check.ts --seconds 10 --connections 50
 *
 * Both servers are child processes, so the load generator does not share their thread.
 * Rate limits are scaled out of the way (RATE_LIMIT_SCALE) so the limiter's cost is
 * measured without its refusals.
 */
import os from 'node:os';
import { load, loadLine, option } from './lib/autocannon.ts';
import { startBare } from './lib/bare-process.ts';
import { spawnBenchProcess } from './lib/bench-process.ts';
import { againstRecord, loadAverage } from './lib/recorded.ts';

const GOAL_RATIO = 0.5;
const USER_AGENT = 'rumbo-bench/1.0';

async function main() {
  const seconds = option('seconds', 10);
  const connections = option('connections', 50);
  const server = await spawnBenchProcess({ passOn: ['DATABASE_URL', 'REDIS_URL'] });
  const bare = await startBare();
  try {
    await server.waitUntilHealthy();
    const email = `bench-${Date.now()}@example.com`;
    const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.appUrl, 'user-agent': USER_AGENT },
      body: JSON.stringify({ email, password: 'bench password 123', name: 'Bench Founder', termsAccepted: true }),
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const cookie = signUp.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
    const headers = { cookie, 'user-agent': USER_AGENT };
    const check = await fetch(`${server.url}/api/me`, { headers });
    if (check.status !== 200) throw new Error(`GET /api/me answered ${check.status}`);

    console.log(`Session check benchmark: ${connections} connections, ${seconds} s each, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, shared state ${process.env.REDIS_URL ? 'Redis' : process.env.DATABASE_URL ? 'PostgreSQL' : 'memory'}, ${os.cpus().length} cores\n`);
    // Warm both up (JIT, caches), then measure in turn.
    await load(bare.url, { connections, seconds: 2 });
    await load(`${server.url}/api/me`, { connections, seconds: 2, headers });
    const bareResult = await load(bare.url, { connections, seconds });
    const meResult = await load(`${server.url}/api/me`, { connections, seconds, headers });

    console.log(loadLine('bare Hono route', bareResult));
    console.log(loadLine('GET /api/me (signed in)', meResult));
    const ratio = meResult.requests.average / bareResult.requests.average;
    const verdict = ratio >= GOAL_RATIO ? 'meets' : 'BELOW';
    const percent = (value: number) => `${(value * 100).toFixed(1)} %`;
    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`\nGET /api/me runs at ${percent(ratio)} of the bare route: ${verdict} the ${GOAL_RATIO * 100} % goal.${againstRecord('session-check', `${database} GET /api/me`, ratio, percent)}`);
    console.log(loadAverage());
  } finally {
    bare.stop();
    await server.stop();
  }
}

await main();
