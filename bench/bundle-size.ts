/**
 * Sizes of the built web client: every chunk in dist/client/assets (raw and gzip), then
 * what a prerendered public page loads (the entry and its islands, decision 284; the same
 * files for every such page and language). Run `npm run build` first.
 *
 *   node bench/bundle-size.ts            # table of every chunk + per-page totals
 *   node bench/bundle-size.ts --json     # the same as JSON
 */
import fs from 'node:fs';
import path from 'node:path';
import { againstRecord } from './lib/recorded.ts';
import { CLIENT_DIR, formatKb, gzipSize, type Manifest, publicPageScripts, readManifest, ROOT } from '../scripts/lib/vite-manifest.ts';

/** The budget the web audit enforces (scripts/audit-web.ts) for the landing page's JS, all it fetches until the network is idle. */
export const LANDING_JS_BUDGET_GZIP = 100_000;

export type ChunkSize = { file: string; raw: number; gzip: number };

export function chunkSizes(): ChunkSize[] {
  const assets = path.join(CLIENT_DIR, 'assets');
  if (!fs.existsSync(assets)) throw new Error('dist/client/assets is missing: run `npm run build`');
  return fs
    .readdirSync(assets)
    .filter((name) => /\.(js|css)$/.test(name))
    .map((name) => {
      const content = fs.readFileSync(path.join(assets, name));
      return { file: `assets/${name}`, raw: content.length, gzip: gzipSize(content) };
    })
    .sort((a, b) => b.gzip - a.gzip);
}

export function publicPageTotal(manifest: Manifest, sizes: ChunkSize[]) {
  const byFile = new Map(sizes.map((size) => [size.file, size]));
  const files = publicPageScripts(manifest).map((file) => {
    const size = byFile.get(file);
    if (!size) throw new Error(`${file} is in the manifest but not in dist/client`);
    return size;
  });
  return {
    files,
    raw: files.reduce((sum, file) => sum + file.raw, 0),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  };
}

function main() {
  const manifest = readManifest();
  const sizes = chunkSizes();
  const landing = publicPageTotal(manifest, sizes);

  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ chunks: sizes, publicPages: { ...landing, files: landing.files.map((f) => f.file) } }, null, 2));
    return;
  }

  const width = Math.max(...sizes.map((size) => size.file.length), 5);
  console.log(`Built chunks (${path.relative(ROOT, CLIENT_DIR)}), largest first:\n`);
  console.log(`${'chunk'.padEnd(width)}  ${'raw'.padStart(10)}  ${'gzip'.padStart(10)}`);
  for (const size of sizes) console.log(`${size.file.padEnd(width)}  ${formatKb(size.raw).padStart(10)}  ${formatKb(size.gzip).padStart(10)}`);
  const totalRaw = sizes.reduce((sum, size) => sum + size.raw, 0);
  const totalGzip = sizes.reduce((sum, size) => sum + size.gzip, 0);
  console.log(`${'all chunks'.padEnd(width)}  ${formatKb(totalRaw).padStart(10)}  ${formatKb(totalGzip).padStart(10)}`);

  const verdict = landing.gzip <= LANDING_JS_BUDGET_GZIP ? 'within' : 'OVER';
  console.log(`\nJS of a prerendered public page (/, /pricing, /manifesto, either language): ${formatKb(landing.gzip)} gzip, ${verdict} the ${formatKb(LANDING_JS_BUDGET_GZIP)} budget.${againstRecord('bundle-size', 'landing gzip bytes', landing.gzip, formatKb)}`);
  for (const file of landing.files) console.log(`  ${file.file.padEnd(width)}  ${formatKb(file.raw).padStart(10)}  ${formatKb(file.gzip).padStart(10)}`);
}

if (import.meta.main) main();
