/**
 * Second half of `npm run build` (after `vite build`): renders the public pages to
 * HTML in every language, so they show before any script runs and search engines
 * read them. Writes dist/client/prerendered/<language>/<file>.html, which the server
 * (src/server/http/spa.ts) picks by the visitor's language.
 *
 * Each page is dist/client/index.html with:
 * - the app's markup in #root, and `data-language`: src/web/boot.ts gives such a page its
 *   islands (src/web/islands/public-islands.ts) after the first paint, not the app (decision 284);
 * - `<html lang>`, and a translated, page-specific <title> and meta description
 *   (src/web/locales/<language>/meta.json).
 *
 * The shell, dist/client/index.html (every route that is not prerendered), gets
 * `<link rel="modulepreload">` for the app chunk, which it needs at once.
 *
 * The signed-in pages a founder often opens first (src/core/signed-in-pages.ts) get a shell
 * of their own per language, dist/client/prerendered/<language>/signed-in/<file>.html: the
 * app's frame in #root, painted before any script runs, and preloads, beside the app's, for
 * the guard, the app shell, the page and every translation namespace they show (decision 231).
 *
 * It also writes .gz and .br copies of the static text assets, which the server sends
 * to browsers that accept them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { build } from 'vite';
import { HTML_LANG, LANGUAGES, type Language } from '../src/core/i18n/language.ts';
import { PRERENDERED_DIR, PRERENDERED_PAGES } from '../src/core/prerendered-pages.ts';
import { SIGNED_IN_SHELL_DIR, SIGNED_IN_SHELL_PAGES, signedInNamespaces, signedInReads } from '../src/core/signed-in-pages.ts';
import {
  APP,
  CLIENT_DIR,
  formatKb,
  localeChunkKey,
  type Manifest,
  MANIFEST_PATH,
  readManifest,
  ROOT,
  SIGNED_IN_AREA_MODULES,
  routeChunkKey,
  SIGNED_IN_PAGE_MODULES,
  staticClosure,
  VITE_MANIFEST_PATH,
} from './lib/vite-manifest.ts';

const SSR_DIR = path.join(ROOT, 'dist/ssr');
const TEMPLATE_PATH = path.join(CLIENT_DIR, 'index.html');

type Meta = Record<string, { title: string; description: string }>;
type RenderModule = { render: (url: string, language: Language) => Promise<string>; renderShellFrame: () => Promise<string> };

function escapeHtml(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Replaces exactly one match of `pattern`, failing loudly if index.html no longer has it. */
function replaceOnce(html: string, pattern: RegExp | string, replacement: string, what: string) {
  const count = typeof pattern === 'string' ? html.split(pattern).length - 1 : (html.match(new RegExp(pattern, 'g')) ?? []).length;
  if (count !== 1) throw new Error(`index.html must contain exactly one ${what} (found ${count})`);
  // A function, so `$` in the replacement (prices!) is never read as a pattern.
  return html.replace(pattern, () => replacement);
}

function readMeta(language: Language): Meta {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'src/web/locales', language, 'meta.json'), 'utf8')) as Meta;
}

async function buildServerBundle(): Promise<RenderModule> {
  process.chdir(ROOT); // vite.config.ts's root ('src/web') is relative to the working directory
  await build({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: 'entry-server.tsx',
      outDir: SSR_DIR,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
    },
  });
  return (await import(pathToFileURL(path.join(SSR_DIR, 'entry-server.js')).href)) as RenderModule;
}

const SHELL_PRELOADS_MARK = '<!--app-preloads-->';

function modulepreloads(files: string[]) {
  return files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('\n    ');
}

/** The empty shell (every other route) has nothing to paint: it preloads the app at once. */
function addShellPreloads(manifest: Manifest, template: string): string {
  const files = staticClosure(manifest, APP).filter((file) => !template.includes(`/${file}"`));
  return replaceOnce(template, '</head>', `    ${SHELL_PRELOADS_MARK}\n    ${modulepreloads(files)}\n  </head>`, '</head>');
}

/**
 * A signed-in page's shell: the app's frame in #root (main.tsx renders over it, it is not
 * hydrated) and preloads for everything the page loads before it shows its content.
 */
function signedInShellHtml(manifest: Manifest, shell: string, frameHtml: string, pagePath: string, language: Language) {
  const pageModule = SIGNED_IN_PAGE_MODULES[pagePath];
  if (!pageModule) throw new Error(`No route module known for ${pagePath}: add it to SIGNED_IN_PAGE_MODULES in scripts/lib/vite-manifest.ts`);
  const seen = new Set<string>();
  // A set: namespaces grouped in one file (decision 233) would each list it.
  const files = [
    ...new Set([
      ...[...SIGNED_IN_AREA_MODULES, pageModule].flatMap((module) => staticClosure(manifest, routeChunkKey(manifest, module), seen)),
      ...['common', 'errors', ...signedInNamespaces(pagePath)].flatMap((namespace) => staticClosure(manifest, localeChunkKey(manifest, language, namespace), seen)),
    ]),
  ].filter((file) => !shell.includes(`/${file}"`));
  let html = replaceOnce(shell, '<!--app-html-->', frameHtml, '<!--app-html-->');
  // main.tsx loads these with the app, beside the route's code.
  html = replaceOnce(html, '<div id="root"', `<div id="root" data-namespaces="${signedInNamespaces(pagePath).join(' ')}"`, '<div id="root">');
  html = replaceOnce(html, /<html[^>]*>/, `<html lang="${HTML_LANG[language]}">`, '<html> tag');
  // The scripts before the reads: the page renders once all its code has arrived and run, and by
  // then the reads, small and asked for next, have answered; asked for first, they held the
  // connections the scripts needed.
  html = replaceOnce(html, '</head>', `  ${modulepreloads(files)}\n    ${fetchPreloads(pagePath)}\n  </head>`, '</head>');
  // The frame paints from the HTML and the stylesheet alone: the scripts, the app's among them,
  // are asked for at low priority, so the stylesheet gets the connection first (decision 233).
  return html.replaceAll('<link rel="modulepreload" crossorigin href=', '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
}

/**
 * The page's first reads (the session, the profile, its data) asked for by the HTML, beside the
 * scripts: the app's own requests for them take these answers instead of starting only once the
 * app has run. The credentials mode matches the app's request, or the browser would not reuse it.
 * At the scripts' priority: at a higher one, a browser on HTTP/1.1 holds the scripts back until
 * these have answered.
 */
function fetchPreloads(pagePath: string) {
  return signedInReads(pagePath)
    .map(({ url, credentials }) => `<link rel="preload" as="fetch" ${credentials === 'include' ? 'crossorigin="use-credentials"' : 'crossorigin'} fetchpriority="low" href="${url}">`)
    .join('\n    ');
}

function pageHtml(template: string, appHtml: string, language: Language, meta: Meta, file: string) {
  const pageMeta = meta[file];
  if (!pageMeta?.title || !pageMeta.description) throw new Error(`src/web/locales/${language}/meta.json has no title/description for "${file}"`);
  let html = template;
  html = replaceOnce(html, '<!--app-html-->', appHtml, '<!--app-html-->');
  html = replaceOnce(html, '<div id="root"', `<div id="root" data-language="${language}"`, '<div id="root">');
  html = replaceOnce(html, /<html[^>]*>/, `<html lang="${HTML_LANG[language]}">`, '<html> tag');
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(pageMeta.title)}</title>`, '<title>');
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*"\s*\/?>/,
    `<meta name="description" content="${escapeHtml(pageMeta.description)}" />`,
    'meta description',
  );
  return html;
}

/** The Vite manifest is for the build scripts, not for visitors: keep it out of dist/client. */
function moveManifest() {
  if (!fs.existsSync(VITE_MANIFEST_PATH)) return;
  fs.renameSync(VITE_MANIFEST_PATH, MANIFEST_PATH);
  fs.rmSync(path.dirname(VITE_MANIFEST_PATH), { recursive: true, force: true });
}

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const MIN_COMPRESS_BYTES = 1024;

/** .gz and .br next to each static text asset (served by spa.ts with `precompressed`). */
function precompress(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== PRERENDERED_DIR) count += precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.has(path.extname(entry.name))) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_COMPRESS_BYTES) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(content, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    count++;
  }
  return count;
}

async function main() {
  if (!fs.existsSync(TEMPLATE_PATH)) throw new Error('dist/client/index.html is missing: run `vite build` first');
  const template = fs.readFileSync(TEMPLATE_PATH, 'utf8');
  if (template.includes(SHELL_PRELOADS_MARK)) throw new Error('dist/client/index.html was already processed: run `vite build` again');
  const manifest = readManifest();

  const started = Date.now();
  const { render, renderShellFrame } = await buildServerBundle();
  const shell = addShellPreloads(manifest, template);
  const frameHtml = await renderShellFrame();
  const written: { file: string; bytes: number }[] = [];
  for (const language of LANGUAGES) {
    const meta = readMeta(language);
    const dir = path.join(CLIENT_DIR, PRERENDERED_DIR, language);
    fs.mkdirSync(dir, { recursive: true });
    for (const page of PRERENDERED_PAGES) {
      const appHtml = await render(page.path, language);
      if (!appHtml.includes('<main')) throw new Error(`${language} ${page.path} rendered without a <main>: ${appHtml.slice(0, 200)}`);
      const html = pageHtml(template, appHtml, language, meta, page.file);
      const target = path.join(dir, `${page.file}.html`);
      fs.writeFileSync(target, html);
      written.push({ file: path.relative(ROOT, target), bytes: Buffer.byteLength(html) });
    }
    fs.mkdirSync(path.join(dir, SIGNED_IN_SHELL_DIR), { recursive: true });
    for (const page of SIGNED_IN_SHELL_PAGES) {
      const html = signedInShellHtml(manifest, shell, frameHtml, page.path, language);
      const target = path.join(dir, SIGNED_IN_SHELL_DIR, `${page.file}.html`);
      fs.writeFileSync(target, html);
      written.push({ file: path.relative(ROOT, target), bytes: Buffer.byteLength(html) });
    }
  }
  fs.writeFileSync(TEMPLATE_PATH, shell);
  moveManifest();
  const compressed = precompress(CLIENT_DIR);

  console.log(`\nPrerendered ${written.length} pages in ${((Date.now() - started) / 1000).toFixed(1)}s:`);
  for (const { file, bytes } of written) console.log(`  ${file.padEnd(44)} ${formatKb(bytes).padStart(9)}`);
  console.log(`Precompressed ${compressed} assets (.gz, .br); Vite manifest moved to ${path.relative(ROOT, MANIFEST_PATH)}.`);
}

await main();
