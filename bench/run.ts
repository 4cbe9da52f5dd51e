/**
 * `npm run bench [-- name …]`: runs the benchmarks in bench/ one after another (all of
 * them, or those named, e.g. `npm run bench -- session-check`), each in its own process
 * so none inherits another's warm caches. They print figures; nothing here is a test.
 * The soak (10 minutes) runs only when named; its options need `node bench/soak.ts` itself.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const available = fs
  .readdirSync(here)
  .filter((file) => file.endsWith('.ts') && file !== 'run.ts')
  .map((file) => file.slice(0, -3))
  .sort();
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length > 0) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`);
  process.exit(2);
}

let failed = 0;
const ONLY_WHEN_NAMED = ['soak'];
for (const name of wanted.length > 0 ? wanted : available.filter((name) => !ONLY_WHEN_NAMED.includes(name))) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, [path.join(here, `${name}.ts`)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
