/**
 * Live chat fan-out (docs/benchmarks.md): how long a message posted in a room takes to reach
 * every open browser of that room on one instance, over server-sent events on loopback.
 * Goal: p99 under 100 ms with 1,000 open connections. The baseline, measured in the same
 * run, is the same posts delivered to a single connection.
 *
 *   node bench/chat-fanout.ts                           # embedded PGlite
 *   DATABASE_URL=postgres://… node bench/chat-fanout.ts
 *   node bench/chat-fanout.ts --connections 1000 --founders 20 --messages 20
 *
 * The server is a child process, so the 1,000 readers here do not share its thread. The
 * connections belong to `--founders` founders (several tabs each), who are in their trial
 * and so may read the chat; rate limits are scaled out of the way.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { spawnServerProcess } from '../scripts/lib/server-process.ts';
import { percentile } from './lib/metrics-server.ts';

const GOAL_P99_MS = 100;
const USER_AGENT = 'rumbo-bench/1.0';
const ROOM = 'general';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

type Reader = { close: () => void; ready: Promise<void> };

/** One browser tab on the room's stream: calls `onMessage` as each message arrives. */
function openStream(url: string, cookie: string, onMessage: () => void): Reader {
  let request: http.ClientRequest | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(`${url}/api/community/rooms/${ROOM}/stream`, { agent: false, headers: { cookie, 'user-agent': USER_AGENT, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      let buffered = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        let end: number;
        while ((end = buffered.indexOf('\n\n')) >= 0) {
          const event = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          if (event.includes('event: ready')) resolve();
          if (event.includes('event: message')) onMessage();
        }
      });
    });
    request.on('error', reject);
  });
  return { ready, close: () => request?.destroy() };
}

async function signUp(url: string, appUrl: string, n: number) {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: appUrl, 'user-agent': USER_AGENT },
    body: JSON.stringify({ email: `fanout-${n}-${Date.now()}@example.com`, password: 'bench password 123', name: `Founder ${n}`, termsAccepted: true }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((value) => value.split(';')[0]).join('; ');
}

/**
 * Posts `messages` messages one after another, each once every reader has the one before,
 * and returns every delivery's latency, from just before the POST to the reader's receipt
 * (a reader may have it before the POST answers). Readers first get the room's earlier
 * messages; only what arrives after all are ready is counted.
 */
async function measure(url: string, appUrl: string, poster: string, cookies: string[], connections: number, messages: number): Promise<number[]> {
  const latencies: number[] = [];
  let current: { started: number; left: number; done: () => void } | undefined;
  const readers = Array.from({ length: connections }, (_, i) =>
    openStream(url, cookies[i % cookies.length]!, () => {
      if (!current) return;
      latencies.push(performance.now() - current.started);
      if (--current.left === 0) current.done();
    }),
  );
  try {
    await Promise.all(readers.map((reader) => reader.ready));
    for (let i = 0; i < messages; i++) {
      const all = new Promise<void>((resolve) => (current = { started: performance.now(), left: connections, done: resolve }));
      const response = await fetch(`${url}/api/community/rooms/${ROOM}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: poster, origin: appUrl, 'user-agent': USER_AGENT },
        body: JSON.stringify({ body: `Fan-out message ${i + 1}` }),
      });
      if (response.status !== 201) throw new Error(`post answered ${response.status} ${await response.text()}`);
      await all;
      current = undefined;
    }
  } finally {
    for (const reader of readers) reader.close();
  }
  return latencies.sort((a, b) => a - b);
}

async function main() {
  const connections = option('connections', 1000);
  const founders = option('founders', 20);
  const messages = option('messages', 20);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-bench-'));
  const server = await spawnServerProcess({
    dataDir,
    env: {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '1000000',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  });
  try {
    await server.waitUntilHealthy();
    const cookies: string[] = [];
    for (let n = 0; n < founders; n++) cookies.push(await signUp(server.url, server.appUrl, n));
    const poster = await signUp(server.url, server.appUrl, founders);
    console.log(`Chat fan-out: ${messages} messages in #${ROOM}, database ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${os.cpus().length} cores\n`);

    const summary = (label: string, sorted: number[]) =>
      console.log(
        `${label.padEnd(40)} ${String(sorted.length).padStart(6)} deliveries   p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(sorted, 99).toFixed(1).padStart(6)} ms   max ${sorted.at(-1)!.toFixed(1).padStart(6)} ms`,
      );
    await measure(server.url, server.appUrl, poster, cookies, 1, 3); // warm up
    const one = await measure(server.url, server.appUrl, poster, cookies, 1, messages);
    summary('1 connection (baseline)', one);
    const many = await measure(server.url, server.appUrl, poster, cookies, connections, messages);
    summary(`${connections} connections`, many);
    const p99 = percentile(many, 99);
    console.log(`\np99 with ${connections} connections: ${p99.toFixed(1)} ms (${(p99 / percentile(one, 99)).toFixed(1)}× one connection's): ${p99 < GOAL_P99_MS ? 'meets' : 'MISSES'} the ${GOAL_P99_MS} ms goal.`);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
