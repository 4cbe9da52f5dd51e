/**
 * The cost of the session check (docs/benchmarks.md): an authenticated GET /api/me on
 * the real server against a bare Hono route, measured in the same run with autocannon
 * on loopback at 50 connections. Goal: at least 50 % of the bare route's throughput
 * (bench/authenticated-reads.ts measures it beside the other reads, on both databases).
 *
 *   node bench/session-check.ts                 # embedded PGlite
 *   DATABASE_URL=postgres://… node bench/session-check.ts
 *   node bench/session-check.ts --seconds 5 --rounds 3 --connections 50   # the defaults
 *   node bench/session-check.ts --quick        # one round of 3 s
 *
 * The bare route and the read alternate (bench/lib/ceiling.ts), and the load is autocannon's
 * own command line in a process of its own, so the figure is what an outside run of
 * `autocannon -c 50` against the two servers gives.
 *
 * Both servers are child processes, so the load generator does not share their thread.
 * Rate limits are scaled out of the way (RATE_LIMIT_SCALE) so the limiter's cost is
 * measured without its refusals.
 */
import os from 'node:os';
import { option } from './lib/autocannon.ts';
import { againstCeiling, percent } from './lib/ceiling.ts';
import { startBare } from './lib/bare-process.ts';
import { spawnBenchProcess } from './lib/bench-process.ts';
import { againstRecord, loadAverage } from './lib/recorded.ts';

const GOAL_RATIO = 0.5;
const USER_AGENT = 'rumbo-bench/1.0';

async function main() {
  const quick = process.argv.includes('--quick');
  const seconds = option('seconds', quick ? 3 : 5);
  const rounds = option('rounds', quick ? 1 : 3);
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

    const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(`Session check benchmark: ${connections} connections, ${rounds} round${rounds === 1 ? '' : 's'} of ${seconds} s, database ${database}, shared state ${process.env.REDIS_URL ? 'Redis' : process.env.DATABASE_URL ? 'PostgreSQL' : 'memory'}, ${os.cpus().length} cores; ${loadAverage()}\n`);
    const [me] = await againstCeiling(bare.url, [{ name: 'GET /api/me (signed in)', url: `${server.url}/api/me`, headers }], { connections, seconds, rounds });
    const { ratio, ratios } = me!;
    const verdict = ratio >= GOAL_RATIO ? 'meets' : 'BELOW';
    console.log(`\nGET /api/me runs at ${percent(ratio)} of the bare route (median of ${ratios.map(percent).join(', ')}): ${verdict} the ${GOAL_RATIO * 100} % goal.${againstRecord('session-check', `${database} GET /api/me`, ratio, percent)}`);
    console.log(loadAverage());
  } finally {
    bare.stop();
    await server.stop();
  }
}

await main();
