/**
 * CSV import of 520 weekly rows (ten years): server-side time of the import service
 * (parse, validate every row, upsert in one transaction, refresh the snapshot) and of
 * the whole request. Goal (issue 5): under 300 ms server-side.
 *
 *   node bench/metrics-import.ts            # embedded PGlite
 *   DATABASE_URL=postgres://… node bench/metrics-import.ts
 */
import { importCsv } from '../src/server/features/metrics/service.ts';
import { decadeCsv, percentile, signUpFounder, startBenchServer } from './lib/metrics-server.ts';

const RUNS = 20;
const server = await startBenchServer();
try {
  const { headers, userId } = await signUpFounder(server.origin, server.appUrl);
  const csv = decadeCsv(520);
  const serviceTimes: number[] = [];
  const requestTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let start = performance.now();
    await importCsv(server.database.db, userId, csv, { trialDays: 14 });
    serviceTimes.push(performance.now() - start);
    start = performance.now();
    const response = await fetch(`${server.origin}/api/metrics/import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv', origin: server.appUrl },
      body: csv,
    });
    if (!response.ok) throw new Error(`import failed: ${response.status} ${await response.text()}`);
    requestTimes.push(performance.now() - start);
  }
  serviceTimes.sort((a, b) => a - b);
  requestTimes.sort((a, b) => a - b);
  const ms = (values: number[]) => `median ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`;
  console.log(`\nCSV import, 520 rows (${(csv.length / 1024).toFixed(0)} KB), ${server.database.driver}, ${RUNS} runs each (every run replaces all 520 weeks)`);
  console.log(`  service (parse + validate + upsert + snapshot): ${ms(serviceTimes)} (goal < 300 ms)`);
  console.log(`  whole request over loopback:                    ${ms(requestTimes)}`);
} finally {
  await server.stop();
}
