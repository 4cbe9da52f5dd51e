/**
 * Chat fan-out (docs/benchmarks.md, decisions 194 and 220): how long a room message takes to
 * reach every open stream when 1,000 browsers hold one on a single instance, against a
 * baseline of one stream measured in the same run. Each post is timed from the moment it is
 * sent to the moment each stream has its event; p50 and p99 over every stream and post.
 * Goal: p99 below 100 ms on loopback at 1,000 streams.
 *
 *   node bench/community-fanout.ts                     # embedded PGlite
 *   DATABASE_URL=postgres://… node bench/community-fanout.ts
 *   node bench/community-fanout.ts --streams 1000 --posts 20
 *
 * The server is a child process, so the streams' readers do not share its thread. Rate
 * limits are scaled out of the way (RATE_LIMIT_SCALE); every stream reads as one founder.
 * On Linux it also prints the server's CPU time a post (from /proc): on a machine shared
 * with other work the latencies follow the load, the CPU time much less.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnServerProcess } from '../scripts/lib/server-process.ts';
import { BENCH_USER_AGENT, percentile, signUpFounder } from './lib/metrics-server.ts';

const GOAL_P99_MS = 100;
const PAUSE_BETWEEN_POSTS_MS = 200;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}


type Server = Awaited<ReturnType<typeof spawnServerProcess>>;

/** The server process's CPU time so far (ms): utime and stime of /proc/PID/stat, in ticks of 1/100 s; null off Linux. */
function serverCpuMs(server: Server): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** A founder's session cookie; every request below sends the bench's user agent, as sessions are bound to it. */
async function signUp(server: Server, name: string) {
  return (await signUpFounder(server.url, server.appUrl, `${name}-${Date.now()}@example.com`)).cookie;
}

/** One open stream: when it received each message id. */
async function openStream(server: Server, cookie: string, arrivals: Map<number, number[]>, signal: AbortSignal) {
  const response = await fetch(`${server.url}/api/community/rooms/general/stream`, { headers: { cookie, origin: server.appUrl, 'user-agent': BENCH_USER_AGENT }, signal });
  if (response.status !== 200) throw new Error(`stream answered ${response.status}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes('event: ready')) ready();
          const id = /^id: ?(\d+)$/m.exec(block)?.[1];
          if (block.includes('event: message') && id) {
            const times = arrivals.get(Number(id)) ?? [];
            times.push(performance.now());
            arrivals.set(Number(id), times);
          }
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  return isReady;
}

/** Opens `streams` streams, posts `posts` messages one after another, and returns every delivery's latency (ms). */
async function measure(server: Server, reader: string, writer: string, streams: number, posts: number) {
  const controller = new AbortController();
  const arrivals = new Map<number, number[]>();
  try {
    await Promise.all(Array.from({ length: streams }, () => openStream(server, reader, arrivals, controller.signal)));
    const latencies: number[] = [];
    let missing = 0;
    const cpuBefore = serverCpuMs(server);
    for (let n = 0; n < posts; n++) {
      const sentAt = performance.now();
      const response = await fetch(`${server.url}/api/community/rooms/general/messages`, {
        method: 'POST',
        headers: { cookie: writer, origin: server.appUrl, 'content-type': 'application/json', 'user-agent': BENCH_USER_AGENT },
        body: JSON.stringify({ body: `Fan-out ${n}` }),
      });
      if (response.status !== 201) throw new Error(`post answered ${response.status}`);
      const { id } = (await response.json()) as { id: number };
      // Streams may have it before the post answers: their arrivals wait under the id.
      const pending = arrivals.get(id) ?? [];
      arrivals.set(id, pending);
      await sleep(PAUSE_BETWEEN_POSTS_MS);
      const deadline = performance.now() + 30_000;
      while (pending.length < streams && performance.now() < deadline) await sleep(10);
      missing += streams - pending.length;
      latencies.push(...pending.map((at) => at - sentAt));
    }
    const cpuAfter = serverCpuMs(server);
    const cpuPerPost = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / posts;
    return { latencies: latencies.sort((a, b) => a - b), missing, cpuPerPost };
  } finally {
    controller.abort();
  }
}

async function main() {
  const streams = option('streams', 1000);
  const posts = option('posts', 20);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-'));
  const server = await spawnServerProcess({
    dataDir,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000000',
      TRIAL_DAYS: '14',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
      ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    },
  });
  try {
    await server.waitUntilHealthy();
    // In the trial both founders have tier 2, which the chat needs.
    const reader = await signUp(server, 'reader');
    const writer = await signUp(server, 'writer');
    console.log(`Chat fan-out: ${posts} posts, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores\n`);
    for (const [label, count] of [['baseline', 1], ['fan-out', streams]] as const) {
      const { latencies, missing, cpuPerPost } = await measure(server, reader, writer, count, posts);
      console.log(
        `${label.padEnd(9)} ${String(count).padStart(5)} streams   p50 ${percentile(latencies, 50).toFixed(1).padStart(7)} ms   p99 ${percentile(latencies, 99).toFixed(1).padStart(7)} ms   max ${latencies.at(-1)?.toFixed(1).padStart(7)} ms${cpuPerPost === null ? '' : `   server CPU ${cpuPerPost.toFixed(0).padStart(4)} ms a post`}${missing ? `   (${missing} deliveries missing!)` : ''}`,
      );
      if (label === 'fan-out') console.log(`\np99 at ${count} streams ${percentile(latencies, 99) < GOAL_P99_MS ? 'meets' : 'MISSES'} the ${GOAL_P99_MS} ms goal.`);
    }
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
