/**
 * Chat fan-out (docs/benchmarks.md, decisions 194, 220 and 235): how long a room message takes
 * to reach every open stream when 1,000 browsers hold one on a single instance, against a
 * baseline of one stream measured in the same run. Each post is timed from the moment its
 * request is sent to the moment each stream's reader has the event (the socket read that
 * carries it); p50, p95 and p99 over every stream and post (nearest rank, so with 20 posts
 * of 1,000 streams p99 is the 200th slowest delivery). Goal: p99 below 100 ms on loopback at
 * 1,000 streams.
 *
 *   node bench/community-fanout.ts                     # embedded PGlite
 *   DATABASE_URL=postgres://… node bench/community-fanout.ts
 *   node bench/community-fanout.ts --streams 1000 --posts 20
 *
 * The server is a child process and the streams are read in a worker thread with Node's http
 * client (bench/lib/stream-readers.ts), so neither the readers nor the posting thread share
 * the server's thread, and the readers' own cost (printed as their CPU time a post) stays a
 * small part of the latency. Rate limits are scaled out of the way (RATE_LIMIT_SCALE); every
 * stream reads as one founder. On Linux it also prints the server's CPU time a post (from
 * /proc) and the load average: on a machine shared with other work the latencies follow the
 * load, the CPU time much less.
 */
import fs from 'node:fs';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnBenchProcess } from './lib/bench-process.ts';
import { BENCH_USER_AGENT, percentile, signUpFounder } from './lib/metrics-server.ts';
import { loadAverage, option } from './lib/autocannon.ts';
import { openReaders, sharedNow } from './lib/stream-readers.ts';

const GOAL_P99_MS = 100;
const PAUSE_BETWEEN_POSTS_MS = 200;


type Server = Awaited<ReturnType<typeof spawnBenchProcess>>;

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

/** Opens `streams` streams, posts `posts` messages one after another, and returns every delivery's latency (ms). */
async function measure(server: Server, reader: string, writer: string, streams: number, posts: number) {
  const readers = await openReaders(`${server.url}/api/community/rooms/general/stream`, { cookie: reader, origin: server.appUrl, 'user-agent': BENCH_USER_AGENT }, streams);
  try {
    const latencies: number[] = [];
    let missing = 0;
    let readersCpuMs = 0;
    const cpuBefore = serverCpuMs(server);
    for (let n = 0; n < posts; n++) {
      const sentAt = sharedNow();
      const response = await fetch(`${server.url}/api/community/rooms/general/messages`, {
        method: 'POST',
        headers: { cookie: writer, origin: server.appUrl, 'content-type': 'application/json', 'user-agent': BENCH_USER_AGENT },
        body: JSON.stringify({ body: `Fan-out ${n}` }),
      });
      if (response.status !== 201) throw new Error(`post answered ${response.status}`);
      const { id } = (await response.json()) as { id: number };
      // The readers may have it before the post answers: they keep arrivals by id until collected.
      const { times, cpuMs } = await readers.collect(id);
      missing += streams - times.length;
      readersCpuMs += cpuMs;
      latencies.push(...times.map((at) => at - sentAt));
      await sleep(PAUSE_BETWEEN_POSTS_MS);
    }
    const cpuAfter = serverCpuMs(server);
    const cpuPerPost = cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / posts;
    return { latencies: latencies.sort((a, b) => a - b), missing, cpuPerPost, readersCpuPerPost: readersCpuMs / posts };
  } finally {
    await readers.close();
  }
}

/** The 1, 5 and 15 minute load averages: on a shared machine the latencies follow them. */

async function main() {
  const streams = option('streams', 1000);
  const posts = option('posts', 20);
  const server = await spawnBenchProcess({ env: { TRIAL_DAYS: '14' }, passOn: ['DATABASE_URL', 'REDIS_URL'] });
  try {
    await server.waitUntilHealthy();
    // In the trial both founders have tier 2, which the chat needs.
    const reader = await signUp(server, 'reader');
    const writer = await signUp(server, 'writer');
    console.log(`Chat fan-out: ${posts} posts, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores, load average ${loadAverage()}\n`);
    for (const [label, count] of [['baseline', 1], ['fan-out', streams]] as const) {
      const { latencies, missing, cpuPerPost, readersCpuPerPost } = await measure(server, reader, writer, count, posts);
      const ms = (value: number | undefined) => `${(value ?? NaN).toFixed(1).padStart(7)} ms`;
      console.log(
        `${label.padEnd(9)} ${String(count).padStart(5)} streams   p50 ${ms(percentile(latencies, 50))}   p95 ${ms(percentile(latencies, 95))}   p99 ${ms(percentile(latencies, 99))}   max ${ms(latencies.at(-1))}` +
          `${cpuPerPost === null ? '' : `   server CPU ${cpuPerPost.toFixed(1).padStart(5)} ms a post`}   readers CPU ${readersCpuPerPost.toFixed(1).padStart(5)} ms${missing ? `   (${missing} deliveries missing!)` : ''}`,
      );
      if (label === 'fan-out') console.log(`\np99 at ${count} streams ${percentile(latencies, 99) < GOAL_P99_MS ? 'meets' : 'MISSES'} the ${GOAL_P99_MS} ms goal (load average now ${loadAverage()}).`);
    }
  } finally {
    await server.stop();
  }
}

await main();
