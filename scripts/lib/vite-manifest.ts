import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROOT } from './build-if-stale.ts';
import { routeChunkName, textChunkName } from './signed-in-chunk.ts';

export { ROOT };

/**
 * Vite's build manifest (vite.config.ts sets `build.manifest`), read to know which
 * chunks a page needs: scripts/prerender.ts preloads them, bench/ and the web audit
 * weigh them. scripts/prerender.ts moves it out of dist/client so it is not served.
 */
export const CLIENT_DIR = path.join(ROOT, 'dist/client');
export const MANIFEST_PATH = path.join(ROOT, 'dist/client-manifest.json');
export const VITE_MANIFEST_PATH = path.join(CLIENT_DIR, '.vite/manifest.json');

export type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** The page's script (src/web/boot.ts; Vite names the entry chunk after index.html). */
export const ENTRY = 'index.html';
/** The app, which boot.ts imports on every page but the prerendered public ones. */
export const APP = 'main.tsx';

/** The prerendered public pages' script, which boot.ts imports after the first paint (decision 284). */
export const PUBLIC_ISLANDS = 'islands/public-islands.ts';

/** The signed-in area's route modules (src/web/app/routes.tsx): the guard and the app shell. */
export const SIGNED_IN_AREA_MODULES = ['app/require-auth.tsx', 'app/layout/app-shell.tsx'] as const;

/** The lazy route module of each signed-in page with its own shell (src/core/signed-in-pages.ts). */
export const SIGNED_IN_PAGE_MODULES: Record<string, string> = {
  '/overview': 'features/overview/overview-page.tsx',
  '/metrics': 'features/metrics/metrics-page.tsx',
  '/community': 'features/community/community-page.tsx',
  '/reports': 'features/reports/updates/reports-page.tsx',
  '/high-performance-tasks': 'features/tasks/tasks-page.tsx',
};

export function readManifest(): Manifest {
  for (const file of [VITE_MANIFEST_PATH, MANIFEST_PATH]) {
    if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  }
  throw new Error(`No Vite manifest at ${path.relative(ROOT, MANIFEST_PATH)}: run \`npm run build\``);
}

function chunk(manifest: Manifest, key: string): ManifestChunk {
  const found = manifest[key];
  if (!found) throw new Error(`${key} is not in the Vite manifest (was it renamed? update scripts/lib/vite-manifest.ts)`);
  return found;
}

/** The files (e.g. `assets/x-123.js`) that loading `key` fetches at once: itself and its static imports. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  if (seen.has(key)) return [];
  seen.add(key);
  const entry = chunk(manifest, key);
  return [entry.file, ...(entry.imports ?? []).flatMap((imported) => staticClosure(manifest, imported, seen))];
}

function localeKey(language: string, namespace: string) {
  return `locales/${language}/${namespace}.json`;
}

/**
 * The manifest key of a namespace's translations: its own file's, or that of the chunk it is
 * grouped in (scripts/lib/signed-in-chunk.ts, decision 233), which the manifest lists by name.
 */
export function localeChunkKey(manifest: Manifest, language: string, namespace: string) {
  const own = localeKey(language, namespace);
  if (manifest[own]) return own;
  const group = textChunkName(language, namespace);
  const grouped = group ? Object.keys(manifest).find((key) => manifest[key]!.name === group && !manifest[key]!.src) : undefined;
  return grouped ?? own;
}

/**
 * The manifest key of a signed-in route module (`SIGNED_IN_AREA_MODULES`, `SIGNED_IN_PAGE_MODULES`):
 * its own file's, or that of the chunk it is grouped in (scripts/lib/signed-in-chunk.ts).
 */
export function routeChunkKey(manifest: Manifest, module: string) {
  if (manifest[module]) return module;
  const group = routeChunkName(module);
  const grouped = group ? Object.keys(manifest).find((key) => manifest[key]!.name === group && !manifest[key]!.src) : undefined;
  return grouped ?? module;
}

/** Every JS file a prerendered public page loads: the entry and its islands, with their imports. */
export function publicPageScripts(manifest: Manifest): string[] {
  return [...new Set([...staticClosure(manifest, ENTRY), ...staticClosure(manifest, PUBLIC_ISLANDS)])];
}

/** Gzip size at the level a typical server uses (and at which the build precompresses). */
export function gzipSize(content: Buffer | string): number {
  return zlib.gzipSync(content, { level: 9 }).length;
}

/** Sizes in kB of 1000 bytes, as Vite prints them. */
export function formatKb(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
