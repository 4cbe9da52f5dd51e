/**
 * What grew between two V8 heap snapshots (the soak's `--heap-snapshots`, docs/benchmarks.md):
 * objects and their own bytes by constructor, the 15 that grew most, and the totals.
 *
 *   node bench/lib/heap-diff.ts before.heapsnapshot after.heapsnapshot
 */
import fs from 'node:fs';

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};

/** Objects and their own bytes by constructor (V8's node name; strings, arrays and code by type). */
function byConstructor(file: string): Map<string, { count: number; bytes: number }> {
  const snapshot = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, { count: number; bytes: number }>();
  for (let index = 0; index < snapshot.nodes.length; index += width) {
    const type = types[snapshot.nodes[index + typeAt]!]!;
    const key = type === 'object' || type === 'closure' ? `${snapshot.strings[snapshot.nodes[index + nameAt]!]} (${type})` : `(${type})`;
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += snapshot.nodes[index + sizeAt]!;
    groups.set(key, group);
  }
  return groups;
}

const [beforeFile, afterFile] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: node bench/lib/heap-diff.ts before.heapsnapshot after.heapsnapshot');
  process.exit(2);
}
const before = byConstructor(beforeFile);
const after = byConstructor(afterFile);
const total = (groups: Map<string, { bytes: number }>) => [...groups.values()].reduce((sum, group) => sum + group.bytes, 0) / 1024 / 1024;
console.log(`heap: ${total(before).toFixed(1)} MB → ${total(after).toFixed(1)} MB`);
const rows = [...new Set([...before.keys(), ...after.keys()])]
  .map((key) => {
    const was = before.get(key) ?? { count: 0, bytes: 0 };
    const now = after.get(key) ?? { count: 0, bytes: 0 };
    return { key, count: now.count - was.count, bytes: now.bytes - was.bytes, now };
  })
  .sort((x, y) => y.bytes - x.bytes)
  .slice(0, 15);
for (const row of rows) {
  console.log(`${row.key.slice(0, 60).padEnd(60)} ${(row.bytes / 1024).toFixed(0).padStart(8)} kB ${String(row.count).padStart(8)} objects (now ${(row.now.bytes / 1024).toFixed(0)} kB in ${row.now.count})`);
}
