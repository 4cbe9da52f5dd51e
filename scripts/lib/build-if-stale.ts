import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const BUILT_INDEX = path.join(ROOT, 'dist/client/index.html');
const SOURCES = ['src/web', 'src/core', 'vite.config.ts', 'scripts/prerender.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Builds the web client when it is missing or older than its sources. */
export function buildIfStale() {
  const builtAt = fs.statSync(BUILT_INDEX, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const changedAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(ROOT, source))));
  if (builtAt >= changedAt) return;
  console.log(builtAt === 0 ? 'Building the web client…' : 'Sources changed since the last build: rebuilding the web client…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
