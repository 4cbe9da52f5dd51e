/**
 * The soak: mixed founder traffic at a fixed arrival rate for N minutes, printing each minute,
 * per route, the requests, the errors by status, p50/p95/p99, and the RSS of the server
 * process(es). Figures in docs/benchmarks.md; `npm run bench` runs it only when named.
 *
 *   node bench/soak.ts [--minutes 10] [--rate 20] [--founders 20]
 *   node bench/soak.ts --url http://127.0.0.1:8080 --pids 101,102,103   (a running server or cluster)
 *   node bench/soak.ts --minutes 3 --heap-snapshots DIR                 (own server: a heap snapshot after
 *                                                                        the warm-up and one at the end)
 *   node bench/soak.ts --server-node-options '--no-wasm-lazy-compilation' (own server: more Node options)
 *
 * Without `--url` it starts one server on the embedded database (PGlite) in a throw-away folder.
 * Arrivals do not wait for answers (an open model): a slow server gets the same rate, and its
 * queue shows in the latencies. Against a running server, give it `RATE_LIMIT_SCALE=100` or
 * more: a few founders at this rate would otherwise meet their own limits.
 */
import fs from 'node:fs';
import os from 'node:os';
import { makeDataDirIn, memoryBreakdownMb, residentMemoryMb, startOwnServer } from './lib/soak-server.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { weeksAgo } from '../tests/integration/support/metrics.ts';

const argument = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const minutes = Number(argument('minutes') ?? 10);
const rate = Number(argument('rate') ?? 20);
const founderCount = Number(argument('founders') ?? 20);
const snapshotsDir = argument('heap-snapshots');
const MAX_IN_FLIGHT = 500;

const serverNodeOptions = argument('server-node-options')?.split(' ').filter(Boolean) ?? [];
const own = argument('url') ? null : await startOwnServer({ dataDir: makeDataDirIn(os.tmpdir()), heapSnapshotsDir: snapshotsDir, nodeOptions: serverNodeOptions });
const base = argument('url') ?? own!.url;
const appUrl = own?.appUrl ?? base.replace('127.0.0.1', 'localhost');
const pids = own ? [own.pid] : (argument('pids') ?? '').split(',').filter(Boolean).map(Number);
const USER_AGENT = 'RumboSoak/1.0';

type Founder = { cookie: string; client: string };

function request(pathname: string, init: { method?: string; json?: unknown; founder?: Founder } = {}) {
  const headers: Record<string, string> = { origin: appUrl, 'user-agent': USER_AGENT };
  if (init.founder) {
    headers.cookie = init.founder.cookie;
    headers['x-forwarded-for'] = init.founder.client;
  }
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base}${pathname}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json), signal: AbortSignal.timeout(30_000) });
}

/** A recorded week: the worked week's numbers, growing a little week by week. */
const week = (index: number) => ({
  ...workedWeek,
  newCustomers: 5 + (index % 7),
  marketingCosts: 1500 + index * 10,
  startingCustomers: 100 + index * 3,
  startingRevenue: 4000 + index * 100,
  weeklyRevenue: 4200 + index * 100,
  cashBalance: 200000 - index * 4000,
});

async function signUpFounder(index: number): Promise<Founder> {
  const client = `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
  const response = await request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email: `soak-${Date.now()}-${index}@example.com`, password: 'soak password 123', name: `Founder ${index}`, termsAccepted: true },
    founder: { cookie: '', client },
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  await response.body?.cancel();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  const founder = { cookie, client };
  // The mentor answers only once the founder agreed to AI processing.
  const consent = await request('/api/ai/consent', { method: 'POST', json: { granted: true }, founder });
  if (!consent.ok) throw new Error(`AI consent failed: ${consent.status} ${await consent.text()}`);
  await consent.body?.cancel();
  // Eight weeks of numbers, so the summary and the mentor have something to read.
  for (let ago = 7; ago >= 0; ago--) {
    const { year, week: number } = weeksAgo(ago);
    const saved = await request(`/api/metrics/weeks/${year}/${number}`, { method: 'PUT', json: week(7 - ago), founder });
    if (!saved.ok) throw new Error(`recording a week failed: ${saved.status} ${await saved.text()}`);
    await saved.body?.cancel();
  }
  return founder;
}

/** The mix: what a founder's browser asks in a working session, weighted by how often. */
const ROUTES: { name: string; weight: number; send: (founder: Founder, sequence: number) => Promise<Response> }[] = [
  { name: 'GET /api/me', weight: 16, send: (founder) => request('/api/me', { founder }) },
  { name: 'GET /api/session', weight: 14, send: (founder) => request('/api/session', { founder }) },
  { name: 'GET /api/metrics/summary', weight: 14, send: (founder) => request('/api/metrics/summary', { founder }) },
  { name: 'GET /api/metrics/weeks', weight: 8, send: (founder) => request('/api/metrics/weeks', { founder }) },
  {
    name: 'PUT /api/metrics/weeks/:y/:w',
    weight: 6,
    send: (founder, sequence) => {
      const { year, week: number } = weeksAgo(sequence % 8);
      return request(`/api/metrics/weeks/${year}/${number}`, { method: 'PUT', json: week(sequence % 20), founder });
    },
  },
  { name: 'GET /api/tasks', weight: 10, send: (founder) => request('/api/tasks', { founder }) },
  {
    name: 'POST /api/tasks',
    weight: 2,
    send: (founder, sequence) =>
      request('/api/tasks', {
        method: 'POST',
        json: { hypothesis: `Onboarding calls in week one cut churn (${sequence})`, whyRelevant: 'Churn is our biggest leak', targetValue: 0.03, metric: 'churnRate', impact: 8, confidence: 6, ease: 5 },
        founder,
      }),
  },
  { name: 'GET /api/strategy', weight: 6, send: (founder) => request('/api/strategy', { founder }) },
  { name: 'GET /api/me/gamification', weight: 6, send: (founder) => request('/api/me/gamification', { founder }) },
  { name: 'GET /api/community/rooms/general/messages', weight: 8, send: (founder) => request('/api/community/rooms/general/messages', { founder }) },
  {
    name: 'POST /api/community/rooms/general/messages',
    weight: 3,
    send: (founder, sequence) => request('/api/community/rooms/general/messages', { method: 'POST', json: { body: `Soak message ${sequence}` }, founder }),
  },
  {
    name: 'POST /api/mentor/chat',
    weight: 2,
    send: (founder) => request('/api/mentor/chat', { method: 'POST', json: { message: 'What should I focus on this week?' }, founder }),
  },
];
const totalWeight = ROUTES.reduce((sum, route) => sum + route.weight, 0);
function pickRoute(sequence: number) {
  // A fixed, evenly spread order (golden-ratio steps), the same in every run.
  let point = ((sequence * 0.6180339887) % 1) * totalWeight;
  for (const route of ROUTES) {
    point -= route.weight;
    if (point < 0) return route;
  }
  return ROUTES.at(-1)!;
}

type Sample = { route: string; status: string; ms: number };
let minuteSamples: Sample[] = [];
const allSamples: Sample[] = [];
let inFlight = 0;
let dropped = 0;

function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function table(samples: Sample[]): string {
  const lines = [`  ${'route'.padEnd(46)} ${'requests'.padStart(8)}  ${'errors'.padEnd(22)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)}`];
  for (const route of [...ROUTES.map((r) => r.name), 'all']) {
    const mine = route === 'all' ? samples : samples.filter((sample) => sample.route === route);
    if (mine.length === 0) continue;
    const errors = new Map<string, number>();
    for (const sample of mine) if (!sample.status.startsWith('2')) errors.set(sample.status, (errors.get(sample.status) ?? 0) + 1);
    const latencies = mine.map((sample) => sample.ms).sort((x, y) => x - y);
    const errorText = errors.size ? [...errors].map(([status, count]) => `${status}×${count}`).join(' ') : '0';
    lines.push(
      `  ${route.padEnd(46)} ${String(mine.length).padStart(8)}  ${errorText.padEnd(22)} ${percentile(latencies, 50).toFixed(0).padStart(5)}ms ${percentile(latencies, 95).toFixed(0).padStart(5)}ms ${percentile(latencies, 99).toFixed(0).padStart(5)}ms`,
    );
  }
  return lines.join('\n');
}

async function memoryLine(): Promise<string> {
  const rss = pids.map((pid) => residentMemoryMb(pid));
  const load = os.loadavg().map((value) => value.toFixed(1)).join(' ');
  const heap = own ? await own.heap().catch(() => null) : null;
  const native = own ? memoryBreakdownMb(own.pid) : null;
  const parts = [heap && `V8 heap used ${heap.heapUsedMb} MB`, heap && `external ${heap.externalMb} MB`, native && `malloc ${native.malloc} MB`].filter(Boolean);
  return `  RSS ${pids.length ? rss.map((mb, index) => `${pids[index]}: ${mb === null ? 'gone' : `${mb} MB`}`).join(', ') : '(no --pids given)'}${parts.length ? ` (${parts.join(', ')})` : ''}   load average ${load}`;
}

console.log(`Soak: ${minutes} min at ${rate} requests/s from ${founderCount} founders against ${base}${own ? ` (own server, embedded database${serverNodeOptions.length ? `, node ${serverNodeOptions.join(' ')}` : ''})` : ''}`);
console.log(`Before: ${(await memoryLine()).trim()}`);
const founders: Founder[] = [];
for (let index = 0; index < founderCount; index++) founders.push(await signUpFounder(index));
console.log(`Signed up ${founders.length} founders with 8 weeks each. After setup: ${(await memoryLine()).trim()}`);
if (own && snapshotsDir) await own.heapSnapshot('after set-up');

const started = performance.now();
const durationMs = minutes * 60_000;
let sequence = 0;
let minute = 0;
const minuteTimer = setInterval(() => {
  minute += 1;
  const samples = minuteSamples;
  minuteSamples = [];
  void memoryLine().then((memory) => {
    console.log(`\nMinute ${minute} (${samples.length} answers, ${inFlight} in flight${dropped ? `, ${dropped} arrivals dropped above ${MAX_IN_FLIGHT} in flight` : ''})`);
    console.log(table(samples));
    console.log(memory);
  });
}, 60_000);

function fire(index: number) {
  if (inFlight >= MAX_IN_FLIGHT) {
    dropped += 1;
    return;
  }
  const route = pickRoute(index);
  const founder = founders[index % founders.length]!;
  const sent = performance.now();
  inFlight += 1;
  route
    .send(founder, index)
    .then(
      async (response) => {
        await response.arrayBuffer();
        return String(response.status);
      },
      (error: Error) => (error.name === 'TimeoutError' ? 'timeout' : 'network'),
    )
    .then((status) => {
      inFlight -= 1;
      const sample = { route: route.name, status, ms: performance.now() - sent };
      minuteSamples.push(sample);
      allSamples.push(sample);
    });
}

// Arrivals on a fixed schedule: each tick fires every arrival whose time has come.
await new Promise<void>((resolve) => {
  const tick = setInterval(() => {
    const elapsed = performance.now() - started;
    const due = Math.min(Math.floor((elapsed / 1000) * rate), Math.floor((durationMs / 1000) * rate));
    while (sequence < due) fire(sequence++);
    if (elapsed >= durationMs) {
      clearInterval(tick);
      resolve();
    }
  }, 10);
});
while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
clearInterval(minuteTimer);
if (minuteSamples.length) {
  console.log(`\nLast ${((performance.now() - started) / 1000 - minute * 60).toFixed(0)} s`);
  console.log(table(minuteSamples));
}
console.log(`\nWhole soak: ${allSamples.length} answers to ${sequence} arrivals${dropped ? ` (${dropped} dropped)` : ''}`);
console.log(table(allSamples));
console.log(await memoryLine());
if (own && snapshotsDir) await own.heapSnapshot('at the end');
await own?.stop();
if (own) fs.rmSync(own.dataDir, { recursive: true, force: true });
