/**
 * GET /api/metrics/summary for a founder with 10 years of weekly records: server time
 * per request, then throughput and latency with autocannon (50 connections, loopback)
 * next to a bare Hono route returning fixed JSON in the same run (the framework
 * ceiling). Goal (docs/benchmarks.md): ≥ 25 % of the ceiling, p99 under 25 ms.
 *
 *   node bench/metrics-summary.ts [--seconds 10]
 *   DATABASE_URL=postgres://… node bench/metrics-summary.ts
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { metricsSummary } from '../src/server/features/metrics/service.ts';
import { load } from './lib/autocannon.ts';
import { decadeCsv, percentile, signUpFounder, startBenchServer } from './lib/metrics-server.ts';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1]) || 10;
const CONNECTIONS = 50;

async function cannon(url: string, headers: Record<string, string> = {}) {
  const result = await load(url, { connections: CONNECTIONS, seconds, headers });
  // A refused request is fast and would flatter the figures: any of them voids the run.
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

const server = await startBenchServer();
try {
  const { headers: auth, userId } = await signUpFounder(server.origin, server.appUrl);
  const imported = await fetch(`${server.origin}/api/metrics/import`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'text/csv', origin: server.appUrl },
    body: decadeCsv(520),
  });
  if (!imported.ok) throw new Error(`seeding failed: ${imported.status} ${await imported.text()}`);
  const summaryUrl = `${server.origin}/api/metrics/summary`;

  // Server time: the whole request one at a time, then the service alone (query + every formula over 520 weeks).
  const requestTimes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    const response = await fetch(summaryUrl, { headers: auth });
    bytes = (await response.arrayBuffer()).byteLength;
    requestTimes.push(performance.now() - start);
  }
  const serviceTimes: number[] = [];
  for (let i = 0; i < 200; i++) {
    const start = performance.now();
    await metricsSummary(server.database.db, userId);
    serviceTimes.push(performance.now() - start);
  }
  serviceTimes.sort((a, b) => a - b);
  requestTimes.sort((a, b) => a - b);

  const bare = new Hono().get('/', (c) => c.json({ status: 'ok', value: 42 }));
  const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => bareServer.once('listening', resolve));
  const address = bareServer.address();
  const bareUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;

  const ceiling = await cannon(bareUrl);
  // The session check every authenticated route pays (Better Auth's getSession + one row).
  const me = await cannon(`${server.origin}/api/me`, auth);
  const summary = await cannon(summaryUrl, auth);
  bareServer.close();

  const ms = (value: number) => `${value.toFixed(2)} ms`;
  console.log(`\nGET /api/metrics/summary, 520 weekly records (${server.database.driver}), ${bytes} bytes per answer`);
  console.log(`  service without the cache (query + every formula): median ${ms(percentile(serviceTimes, 50))}, p99 ${ms(percentile(serviceTimes, 99))}`);
  console.log(`  whole request (cached), one at a time: median ${ms(percentile(requestTimes, 50))}, p99 ${ms(percentile(requestTimes, 99))}`);
  console.log(`\nautocannon, ${CONNECTIONS} connections, ${seconds} s each, loopback`);
  console.log(`  bare Hono JSON (ceiling): ${ceiling.rps.toFixed(0)} req/s, p50 ${ceiling.p50} ms, p99 ${ceiling.p99} ms`);
  console.log(`  GET /api/me (auth floor):  ${me.rps.toFixed(0)} req/s, p50 ${me.p50} ms, p99 ${me.p99} ms`);
  console.log(`  summary:                  ${summary.rps.toFixed(0)} req/s, p50 ${summary.p50} ms, p99 ${summary.p99} ms, non-2xx ${summary.non2xx}, errors ${summary.errors}`);
  const ratio = summary.rps / ceiling.rps;
  console.log(`  ratio: ${(100 * ratio).toFixed(1)} % of the ceiling (goal ≥ 25 %); p99 goal < 25 ms: ${summary.p99 < 25 ? 'met' : 'not met'}`);
} finally {
  await server.stop();
}
