/**
 * Does the server stay responsive while it reads uploaded PDFs (decisions 104, 105)? The
 * real server (`node src/server/main.ts` in a child process, as `npm start` runs it) takes
 * 10 uploads at once through POST /api/context, in 3 rounds, of the largest PDF allowed
 * (just under 10 MB: some 1,900 pages of text). Meanwhile GET /api/health is asked one
 * request at a time, and its latency is compared with the same probe on the idle server
 * in the same run. Goal: p99 < 100 ms. Also printed: the CPU time the server's main
 * thread spent per upload, which the machine's other work does not inflate.
 *
 *   node bench/extract-under-load.ts
 *   node bench/extract-under-load.ts --uploads 10 --rounds 3 --idle-seconds 5
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnBenchProcess } from './lib/bench-process.ts';
import { MAX_FILE_BYTES } from '../src/core/security/files.ts';
import { makePagesPdf } from '../tests/support/make-pdf.ts';
import { option } from './lib/autocannon.ts';
import { percentile, signUpFounder } from './lib/metrics-server.ts';

const GOAL_P99_MS = 100;
/** Pause between health probes: steady sampling without loading the server itself. */
const PROBE_GAP_MS = 5;

/** Pages of board-pack prose, as many as fit just under the upload limit. */
function largestPdf(): { bytes: Uint8Array; pages: number } {
  const page = (n: number) =>
    Array.from({ length: 55 }, (_, line) => `${n}.${line} Weekly revenue grew 4 percent as pilots converted; churn fell after onboarding calls.`);
  const perPage = makePagesPdf([page(1), page(2)]).byteLength - makePagesPdf([page(1)]).byteLength;
  let pages = Math.floor(MAX_FILE_BYTES / perPage);
  let bytes = makePagesPdf(Array.from({ length: pages }, (_, i) => page(i + 1)));
  while (bytes.byteLength >= MAX_FILE_BYTES) {
    pages -= 1;
    bytes = makePagesPdf(Array.from({ length: pages }, (_, i) => page(i + 1)));
  }
  return { bytes, pages };
}

function uploadForm(pdf: Uint8Array) {
  const form = new FormData();
  form.append('type', 'learnings');
  form.append('description', 'Board pack');
  form.append('files', new File([pdf as BlobPart], 'board-pack.pdf', { type: 'application/pdf' }));
  return form;
}

/**
 * A request on a connection of its own: a keep-alive socket left idle while the server is
 * busy may be closed by the server just as it is reused, failing the request.
 */
function send(url: string, options: { body?: Buffer; headers?: Record<string, string> } = {}): Promise<{ status: number; text: string }> {
  const method = options.body ? 'POST' : 'GET';
  const headers = { ...options.headers, ...(options.body ? { 'content-length': String(options.body.byteLength) } : {}) };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent: false, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * CPU time of the server's main thread so far, in ms (Linux: /proc; null elsewhere): what
 * the uploads cost the event loop, whatever else the machine is doing.
 */
function mainThreadCpuMs(pid: number): number | null {
  try {
    // Fields 14 and 15 (user and system time, in ticks of 10 ms) after the command's closing parenthesis.
    const fields = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** True once `ms` have passed from now. */
const after = (ms: number) => {
  const end = performance.now() + ms;
  return () => performance.now() > end;
};

/** GET /api/health one request at a time until `done()`; the latency of each, in ms. */
async function probeHealth(url: string, done: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  while (!done()) {
    const started = performance.now();
    const { status } = await send(`${url}/api/health`);
    if (status !== 200) throw new Error(`GET /api/health answered ${status}`);
    samples.push(performance.now() - started);
    await sleep(PROBE_GAP_MS);
  }
  return samples;
}

function line(label: string, samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => `${percentile(sorted, p).toFixed(1).padStart(7)} ms`;
  return `${label.padEnd(34)} p50 ${at(50)}   p99 ${at(99)}   max ${at(100)}   (${sorted.length} requests)`;
}

async function main() {
  const uploads = option('uploads', 10);
  const rounds = option('rounds', 3);
  const idleSeconds = option('idle-seconds', 5);
  const server = await spawnBenchProcess({ passOn: [] });
  try {
    await server.waitUntilHealthy();
    const founder = await signUpFounder(server.url, server.appUrl);
    const pdf = largestPdf();
    const megabytes = (pdf.bytes.byteLength / (1024 * 1024)).toFixed(2);
    console.log(`Extraction under load: ${rounds} rounds of ${uploads} concurrent uploads of a ${megabytes} MB PDF (${pdf.pages} pages), ${os.cpus().length} cores\n`);
    // The multipart body, built once.
    const encoded = new Response(uploadForm(pdf.bytes));
    const headers = { ...founder.headers, origin: server.appUrl, 'content-type': encoded.headers.get('content-type')! };
    const body = Buffer.from(await encoded.arrayBuffer());
    const upload = async () => {
      const started = performance.now();
      const { status, text } = await send(`${server.url}/api/context`, { body, headers });
      if (status !== 201) throw new Error(`upload answered ${status}: ${text}`);
      const { entry } = JSON.parse(text) as { entry: { files: { hasText: boolean; textNote?: string | null }[] } };
      const file = entry.files[0]!;
      return { ms: performance.now() - started, kept: `${file.hasText ? 'text' : 'no text'}${file.textNote ? ` (${file.textNote})` : ''}` };
    };

    // Warm up (JIT, the first PDF the server reads), then the idle baseline.
    await upload();
    await probeHealth(server.url, after(1000));
    const idle = await probeHealth(server.url, after(idleSeconds * 1000));

    const loaded: number[] = [];
    const uploadTimes: number[] = [];
    const kept = new Set<string>();
    const cpuBefore = mainThreadCpuMs(server.pid);
    for (let round = 0; round < rounds; round++) {
      let pending = uploads;
      const results = Promise.all(Array.from({ length: uploads }, () => upload().finally(() => (pending -= 1))));
      loaded.push(...(await probeHealth(server.url, () => pending === 0)));
      for (const result of await results) {
        uploadTimes.push(result.ms);
        kept.add(result.kept);
      }
    }

    const cpuAfter = mainThreadCpuMs(server.pid);
    console.log(line('GET /api/health, idle', idle));
    console.log(line(`GET /api/health, ${uploads} uploads running`, loaded));
    const [idleSorted, loadedSorted, timesSorted] = [idle, loaded, uploadTimes].map((samples) => [...samples].sort((a, b) => a - b)) as [number[], number[], number[]];
    const p99 = percentile(loadedSorted, 99);
    const ratio = (p: number) => (percentile(loadedSorted, p) / percentile(idleSorted, p)).toFixed(2);
    console.log(`\nunder load: p50 ${ratio(50)}×, p99 ${ratio(99)}× the idle server's`);
    const seconds = (ms: number) => (ms / 1000).toFixed(2);
    console.log(`each upload answered in ${seconds(timesSorted[0]!)}–${seconds(timesSorted.at(-1)!)} s (median ${seconds(percentile(timesSorted, 50))} s); files kept with ${[...kept].join(', ')}`);
    if (cpuBefore !== null && cpuAfter !== null) console.log(`the server's main thread spent ${((cpuAfter - cpuBefore) / (rounds * uploads)).toFixed(0)} ms of CPU per upload`);
    console.log(`p99 under load ${p99.toFixed(1)} ms: ${p99 < GOAL_P99_MS ? 'meets' : 'MISSES'} the goal of < ${GOAL_P99_MS} ms.`);
  } finally {
    await server.stop();
  }
}

await main();
