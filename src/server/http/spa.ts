import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import { getCookie } from 'hono/cookie';
import type { Context, MiddlewareHandler } from 'hono';
import {
  HTML_LANG,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  type Language,
  LANGUAGES,
  parseAcceptLanguage,
  resolveLanguage,
} from '../../core/i18n/language.ts';
import { PRERENDERED_DIR, PRERENDERED_PAGES } from '../../core/prerendered-pages.ts';
import { SIGNED_IN_SHELL_DIR, SIGNED_IN_SHELL_PAGES } from '../../core/signed-in-pages.ts';
import type { Geolocator } from '../platform/geo.ts';
import { clientAddress } from './client-address.ts';
import type { ReadOwn } from '../../core/first-screen.ts';
import { type FirstScreenDrawer, withFirstScreen } from './first-screen.ts';

const THEME_COOKIE = 'rumbo_theme';

type Pages = { shell: string; prerendered: Map<string, string> };

/** Reads index.html and the prerendered pages once; they change only with a new build. */
function loadPages(clientDir: string): Pages | null {
  const shellPath = path.join(clientDir, 'index.html');
  if (!fs.existsSync(shellPath)) return null;
  const prerendered = new Map<string, string>();
  for (const language of LANGUAGES) {
    for (const page of PRERENDERED_PAGES) {
      const file = path.join(clientDir, PRERENDERED_DIR, language, `${page.file}.html`);
      if (fs.existsSync(file)) prerendered.set(`${language}:${page.path}`, fs.readFileSync(file, 'utf8'));
    }
    // The shells of the signed-in pages a founder often opens first: their frame and preloads (decision 231).
    for (const page of SIGNED_IN_SHELL_PAGES) {
      const file = path.join(clientDir, PRERENDERED_DIR, language, SIGNED_IN_SHELL_DIR, `${page.file}.html`);
      if (fs.existsSync(file)) prerendered.set(`${language}:${page.path}`, fs.readFileSync(file, 'utf8'));
    }
  }
  return { shell: fs.readFileSync(shellPath, 'utf8'), prerendered };
}

type ChosenTheme = 'light' | 'dark' | null;

/** The theme the visitor picked (cookie), or null when the page should follow the system. */
function chosenTheme(c: Context): ChosenTheme {
  const theme = getCookie(c, THEME_COOKIE);
  return theme === 'light' || theme === 'dark' ? theme : null;
}

/** Puts the visitor's language and chosen theme on <html>, so no script is needed for them. */
function personalise(html: string, language: Language, theme: ChosenTheme) {
  const themeClass = theme ? ` class="${theme}"` : '';
  return html.replace(/<html[^>]*>/, `<html lang="${HTML_LANG[language]}"${themeClass}>`);
}

type Encoding = 'br' | 'gzip';

/** The best compression the client accepts (brotli first), or none. */
function acceptedEncoding(header: string | undefined): Encoding | null {
  const accepted = new Set((header ?? '').split(',').map((part) => part.split(';')[0]?.trim().toLowerCase()));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses each HTML page once: pages × languages × themes × encodings is a few
 * dozen entries of a few kB each, and they change only with a new build.
 */
function htmlCompressor() {
  const cache = new Map<string, Buffer>();
  return (key: string, html: string, encoding: Encoding): Buffer => {
    const cacheKey = `${key}|${encoding}`;
    let body = cache.get(cacheKey);
    if (!body) {
      body = encoding === 'br' ? zlib.brotliCompressSync(html) : zlib.gzipSync(html);
      cache.set(cacheKey, body);
    }
    return body;
  };
}

/**
 * How long a page waits for the visitor's country. The embedded database answers well
 * within it; a slow external service (GEO_SERVICES, 5 s each) must not hold the first
 * page back: it falls to English and the lookup finishes in the background, cached for
 * the next page.
 */
const PAGE_GEOLOCATION_BUDGET_MS = 1500;

function countryWithinBudget(geolocator: Geolocator, address: string | undefined): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), PAGE_GEOLOCATION_BUDGET_MS);
  });
  return Promise.race([geolocator.countryOf(address), budget]).finally(() => clearTimeout(timer));
}

/**
 * Stored choice (cookie), then the browser's first language; only when neither says
 * anything is the visitor's country looked up (docs/product.md#language), so most requests never pay for it.
 * The signed-in founder's preferred_language is applied by the app once the profile loads.
 */
async function visitorLanguage(c: Context, geolocator: Geolocator): Promise<Language> {
  const signals = {
    stored: getCookie(c, LANGUAGE_STORAGE_KEY),
    browser: parseAcceptLanguage(c.req.header('accept-language')),
  };
  const withoutCountry = resolveLanguage(signals);
  if (withoutCountry !== resolveLanguage({ ...signals, country: 'MX' })) {
    return resolveLanguage({ ...signals, country: await countryWithinBudget(geolocator, clientAddress(c)) });
  }
  return withoutCountry;
}

/** How a founder's own page is compressed: made for each request, so quickly rather than smallest. */
function compressOnce(html: string, encoding: Encoding): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.gzipSync(html);
}

const SIGNED_IN_SHELL_PATHS = new Set<string>(SIGNED_IN_SHELL_PAGES.map((page) => page.path));

/** The signed-in pages' first screens (decision 315): how to draw one, and how to read the app's routes as the visitor. */
export type FirstScreenOptions = { draw: FirstScreenDrawer; readOwn: (c: Context) => ReadOwn };

/**
 * Serves the built client: hashed assets with a long cache, the prerendered public
 * pages in the visitor's language, and index.html for every other app path. A signed-in
 * founder opening a page with a shell of its own gets its first screen drawn in it, with
 * their data (decision 315): that page is theirs alone, never stored by any cache.
 */
export function spaHandler(clientDir: string, geolocator: Geolocator, firstScreen?: FirstScreenOptions | null): MiddlewareHandler {
  const pages = loadPages(clientDir);
  const compressed = htmlCompressor();
  const assets = serveStatic({
    root: path.relative(process.cwd(), clientDir) || '.',
    // The build writes .br and .gz next to each text asset (scripts/prerender.ts).
    precompressed: true,
    onFound: (filePath, c) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`) || filePath.includes('/assets/')) {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      }
    },
  });

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const urlPath = c.req.path;
    if (path.extname(urlPath) !== '') {
      // A file: serve it if it exists, else a real 404 (never index.html for a missing asset).
      if (urlPath.startsWith(`/${PRERENDERED_DIR}/`)) return next();
      return assets(c, next);
    }
    if (!pages) {
      return c.text('The web client is not built yet: run `npm run build` (npm start does it for you).', 503);
    }
    const language = await visitorLanguage(c, geolocator);
    const normalisedPath = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const prerendered = pages.prerendered.get(`${language}:${normalisedPath}`);
    const theme = chosenTheme(c);
    c.header('Vary', 'Cookie, Accept-Language, Accept-Encoding');
    const encoding = acceptedEncoding(c.req.header('accept-encoding'));
    const drawingStarted = performance.now();
    const drawn =
      prerendered && firstScreen && c.req.method === 'GET' && SIGNED_IN_SHELL_PATHS.has(normalisedPath) && c.req.header('cookie')
        ? await firstScreen.draw(normalisedPath, language, firstScreen.readOwn(c), { languageChosen: isLanguage(getCookie(c, LANGUAGE_STORAGE_KEY)) })
        : null;
    const drawnShell = drawn && pages.prerendered.get(`${drawn.language}:${normalisedPath}`);
    if (drawn && drawnShell) {
      // How long the drawing (its reads and render) held the page back, for the browser's network panel.
      c.header('Server-Timing', `first-screen;dur=${(performance.now() - drawingStarted).toFixed(1)}`);
      const own = personalise(withFirstScreen(drawnShell, drawn), drawn.language, theme);
      c.header('Cache-Control', 'private, no-store');
      if (!encoding) return c.html(own);
      c.header('Content-Encoding', encoding);
      c.header('Content-Type', 'text/html; charset=UTF-8');
      return c.body(new Uint8Array(compressOnce(own, encoding)));
    }
    const html = personalise(prerendered ?? pages.shell, language, theme);
    c.header('Cache-Control', 'no-cache');
    if (!encoding) return c.html(html);
    const key = `${language}:${prerendered ? normalisedPath : '(shell)'}:${theme ?? 'system'}`;
    c.header('Content-Encoding', encoding);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    return c.body(new Uint8Array(compressed(key, html, encoding)));
  };
}
