/**
 * CSV import of 520 weekly rows (ten years), server-side (the import service: parse,
 * validate every row, upsert, refresh the snapshot, award the weeks and the day in the
 * same transaction) and as a whole request. Goal (docs/benchmarks.md): under 300 ms server-side.
 *
 * A fresh founder's first import is measured apart from re-imports: only the first
 * writes 520 ledger rows and judges achievements on them; a re-import finds every week
 * already in the ledger. Parsing and validating alone are printed as the floor.
 *
 *   node bench/metrics-import.ts            # embedded PGlite
 *   DATABASE_URL=postgres://… node bench/metrics-import.ts
 */
import { parseWeeksCsv } from '../src/core/metrics/csv.ts';
import { importCsv } from '../src/server/features/metrics/service.ts';
import { decadeCsv, percentile, signUpFounder, startBenchServer } from './lib/metrics-server.ts';

const FIRST_IMPORTS = 10;
const RE_IMPORTS = 20;
const server = await startBenchServer();
const ms = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `median ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
};
const post = (headers: Record<string, string>, csv: string) =>
  fetch(`${server.origin}/api/metrics/import`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv', origin: server.appUrl },
    body: csv,
  });
async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}
async function request(headers: Record<string, string>, csv: string) {
  const response = await post(headers, csv);
  if (!response.ok) throw new Error(`import failed: ${response.status} ${await response.text()}`);
}

try {
  const csv = decadeCsv(520);

  const parseTimes: number[] = [];
  for (let i = 0; i < RE_IMPORTS; i++) parseTimes.push(await timed(async () => parseWeeksCsv(csv)));

  // Fresh founders, one import each: half through the service, half over HTTP.
  const firstService: number[] = [];
  const firstRequest: number[] = [];
  for (let i = 0; i < FIRST_IMPORTS; i++) {
    const viaService = await signUpFounder(server.origin, server.appUrl);
    firstService.push(await timed(() => importCsv(server.database.db, viaService.userId, csv)));
    const viaHttp = await signUpFounder(server.origin, server.appUrl);
    firstRequest.push(await timed(() => request(viaHttp.headers, csv)));
  }

  // One founder re-importing the same decade: every week replaced, nothing new to award.
  const { headers, userId } = await signUpFounder(server.origin, server.appUrl);
  await importCsv(server.database.db, userId, csv);
  const reService: number[] = [];
  const reRequest: number[] = [];
  for (let i = 0; i < RE_IMPORTS; i++) {
    reService.push(await timed(() => importCsv(server.database.db, userId, csv)));
    reRequest.push(await timed(() => request(headers, csv)));
  }

  console.log(`\nCSV import, 520 rows (${(csv.length / 1024).toFixed(0)} KB), ${server.database.driver}`);
  console.log(`  floor: parse + validate alone, ${RE_IMPORTS} runs:           ${ms(parseTimes)}`);
  console.log(`  first import by a fresh founder (${FIRST_IMPORTS} founders each way; 520 weeks, 520 ledger rows, achievements):`);
  console.log(`    service:                                  ${ms(firstService)} (goal < 300 ms)`);
  console.log(`    whole request over loopback:              ${ms(firstRequest)}`);
  console.log(`  re-import replacing the same 520 weeks, ${RE_IMPORTS} runs each:`);
  console.log(`    service:                                  ${ms(reService)} (goal < 300 ms)`);
  console.log(`    whole request over loopback:              ${ms(reRequest)}`);
} finally {
  await server.stop();
}
