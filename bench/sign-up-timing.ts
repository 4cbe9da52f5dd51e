/**
 * Whether sign-up's timing tells who has an account (decision 101): the real server on
 * loopback answers sign-ups for new addresses and for addresses that already have an
 * account, interleaved, one at a time; the medians and their ratio are printed. Goal: the
 * two medians within 25 % of each other (they were ~6 ms against ~500 ms before).
 *
 *   node bench/sign-up-timing.ts [--rounds 30]
 *   DATABASE_URL=postgres://… node bench/sign-up-timing.ts
 */
import os from 'node:os';
import { option } from './lib/autocannon.ts';
import { spawnBenchProcess } from './lib/bench-process.ts';

const GOAL_RATIO = 1.25;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const rounds = option('rounds', 30);
  const server = await spawnBenchProcess();
  const signUp = async (email: string) => {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.appUrl },
      body: JSON.stringify({ email, password: 'bench password 123', name: 'Bench Founder', termsAccepted: true }),
    });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`);
    return performance.now() - started;
  };
  try {
    await server.waitUntilHealthy();
    const run = Date.now();
    const taken = `bench-taken-${run}@example.com`;
    await signUp(taken);
    // Warm-up, then interleaved so both kinds meet the same machine state.
    for (let index = 0; index < 3; index++) await signUp(`bench-warm-${run}-${index}@example.com`);
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let index = 0; index < rounds; index++) {
      fresh.push(await signUp(`bench-new-${run}-${index}@example.com`));
      existing.push(await signUp(taken));
    }
    const [newMedian, takenMedian] = [median(fresh), median(existing)];
    const ratio = Math.max(newMedian, takenMedian) / Math.min(newMedian, takenMedian);
    console.log(`Sign-up timing: ${rounds} rounds, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores\n`);
    console.log(`new address              median ${newMedian.toFixed(1).padStart(7)} ms`);
    console.log(`address with an account  median ${takenMedian.toFixed(1).padStart(7)} ms`);
    console.log(`\nThe slower is ${ratio.toFixed(2)}× the faster: ${ratio <= GOAL_RATIO ? 'meets' : 'MISSES'} the ${GOAL_RATIO}× goal.`);
  } finally {
    await server.stop();
  }
}

await main();
