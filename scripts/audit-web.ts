/**
 * `npm run audit:web`: audits the built web client as visitors get it, from the real
 * server (a child process on a free port with a throw-away DATA_DIR). Builds first
 * when dist/ is missing or older than the sources.
 *
 * (a) axe (WCAG 2.0 A/AA, 2.1 AA) on every public page, in both languages and both
 *     themes, at desktop and mobile (375 px) widths; also fails on console errors,
 *     failed requests, a wrong <html lang>/theme or a page wider than the screen.
 * (b) Lighthouse 13 (default mobile config) on `/` and `/pricing` in both languages:
 *     Performance 100, Accessibility = 100, Best Practices = 100, SEO ≥ 95.
 * (c) The landing page's JavaScript, every script a browser fetches on `/` until the
 *     network is idle, in both languages: at most 100 kB gzip.
 *
 *   npm run audit:web                      # everything
 *   npm run audit:web -- --skip-lighthouse # (a) and (c) only
 *   npm run audit:web -- --skip-axe        # (b) and (c) only
 *   npm run audit:web -- --runs=3          # Lighthouse 3 times per page, median score
 *   npm run audit:web -- --all-pages       # Lighthouse on every prerendered page, not only / and /pricing
 *   npm run audit:web -- --signed-in       # (d) only: the signed-in pages, as a founder with data
 *   npm run audit:web -- --signed-in --pages=/overview,/metrics --languages=en  # (d) on some of them
 *
 * (d) `--signed-in`: Lighthouse (mobile) on /overview, /metrics, /community, /reports and
 *     /high-performance-tasks in both languages, as a founder who signed up, completed
 *     onboarding and recorded 12 weeks and 3 tasks through the real API in the very browser
 *     Lighthouse then drives, so its session cookie is used. Performance ≥ 98 with the largest
 *     contentful paint ≤ 2.0 s on /overview and /metrics, ≥ 95 on the others; Accessibility = 100
 *     and Cumulative Layout Shift 0 on all five.
 *
 * Lighthouse reports are written to dist/audit/.
 */
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { userAgents } from 'lighthouse/core/config/constants.js';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { chunkSizes, LANDING_JS_BUDGET_GZIP, publicPageTotal } from '../bench/bundle-size.ts';
import { type AppServer, startAppServer } from '../e2e/support/app-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { waitForApp } from '../e2e/support/ready.ts';
import { HTML_LANG, LANGUAGES, type Language } from '../src/core/i18n/language.ts';
import { isoWeekOf, weekFromIndex, weekIndex } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { validTask } from '../tests/integration/support/task-fixtures.ts';
import { PRERENDERED_PAGES } from '../src/core/prerendered-pages.ts';
import { buildIfStale } from './lib/build-if-stale.ts';
import { CLIENT_DIR, formatKb, gzipSize, readManifest, ROOT } from './lib/vite-manifest.ts';

const PUBLIC_PAGES = ['/', '/pricing', '/manifesto', '/auth', '/does-not-exist'];
const THEMES = ['light', 'dark'] as const;
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false },
  { name: 'mobile', viewport: { width: 375, height: 812 }, isMobile: true },
] as const;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LIGHTHOUSE_MINIMUMS = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 95 } as const;
const REPORT_DIR = path.join(ROOT, 'dist/audit');

const args = process.argv.slice(2);
const skipAxe = args.includes('--skip-axe');
const skipLighthouse = args.includes('--skip-lighthouse');
const lighthousePages = args.includes('--all-pages') ? PRERENDERED_PAGES.map((page) => page.path) : ['/', '/pricing'];
const signedIn = args.includes('--signed-in');
const onlyPages = args.find((arg) => arg.startsWith('--pages='))?.slice('--pages='.length).split(',');
const onlyLanguages = args.find((arg) => arg.startsWith('--languages='))?.slice('--languages='.length).split(',');
const auditedLanguages = LANGUAGES.filter((language) => !onlyLanguages || onlyLanguages.includes(language));
const runs = Math.max(1, Number(args.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length) ?? 1) || 1);

const failures: string[] = [];
function fail(message: string) {
  failures.push(message);
  console.log(`  ✖ ${message}`);
}

// ---------------------------------------------------------------------------- (a) axe

type PageProblems = { consoleErrors: string[]; badResponses: string[] };

/** Records what a page logs as an error and every request that failed or answered ≥ 400. */
function watch(page: Page): PageProblems {
  const problems: PageProblems = { consoleErrors: [], badResponses: [] };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.consoleErrors.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`uncaught: ${error.message}`));
  page.on('requestfailed', (request) => problems.badResponses.push(`${request.url()} failed: ${request.failure()?.errorText}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.badResponses.push(`${response.url()} answered ${response.status()}`);
  });
  return problems;
}

async function newContext(server: AppServer, language: Language, theme: (typeof THEMES)[number], viewport: (typeof VIEWPORTS)[number]) {
  const browser = await browserPromise;
  const context = await browser.newContext({
    viewport: viewport.viewport,
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
    deviceScaleFactor: viewport.isMobile ? 2 : 1,
    locale: HTML_LANG[language],
    colorScheme: theme,
  });
  // A visitor who chose a language and a theme has both the cookie (read by the
  // server) and local storage (read by the client), as chooseLanguage/setTheme do.
  await context.addCookies([
    { name: 'rumbo_language', value: language, url: server.url },
    { name: 'rumbo_theme', value: theme, url: server.url },
  ]);
  await context.addInitScript(
    ([chosenLanguage, chosenTheme]) => {
      localStorage.setItem('rumbo_language', chosenLanguage);
      localStorage.setItem('rumbo_theme', chosenTheme);
    },
    [language, theme] as const,
  );
  return context;
}

let browserPromise: ReturnType<typeof chromium.launch>;

async function auditPage(context: BrowserContext, server: AppServer, pagePath: string, label: string, language: Language, theme: string, mobile: boolean) {
  const page = await context.newPage();
  const problems = watch(page);
  const before = failures.length;
  try {
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'networkidle' });
    await waitForApp(page);
    await page.locator('main#main').waitFor();

    const html = await page.evaluate(() => ({
      lang: document.documentElement.lang,
      classes: [...document.documentElement.classList],
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      h1: document.querySelectorAll('h1').length,
      title: document.title,
    }));
    if (html.lang !== HTML_LANG[language]) fail(`${label}: <html lang="${html.lang}">, expected "${HTML_LANG[language]}"`);
    if (!html.classes.includes(theme)) fail(`${label}: <html> lacks the "${theme}" class (has "${html.classes.join(' ')}")`);
    if (html.h1 !== 1) fail(`${label}: ${html.h1} <h1> elements, expected exactly 1`);
    const expectedTitle = readMeta(language)[metaKeyOf(pagePath)]?.title;
    if (html.title !== expectedTitle) fail(`${label}: <title>${html.title}</title>, expected "${expectedTitle}"`);
    if (mobile && html.overflow > 0) {
      const culprits = await page.evaluate(() =>
        [...document.querySelectorAll('body *')]
          .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].join('.')}`.slice(0, 120)),
      );
      fail(`${label}: the page is ${html.overflow}px wider than the screen; widest elements: ${culprits.join(', ')}`);
    }

    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    for (const violation of results.violations) {
      fail(`${label}: axe ${violation.id} (${violation.impact}): ${violation.help} — ${violation.helpUrl}`);
      for (const node of violation.nodes.slice(0, 5)) {
        console.log(`      ${node.target.join(' ')}\n        ${(node.failureSummary ?? '').replace(/\n/g, '\n        ')}`);
      }
      if (violation.nodes.length > 5) console.log(`      … and ${violation.nodes.length - 5} more`);
    }
    for (const message of problems.consoleErrors) fail(`${label}: ${message}`);
    for (const message of problems.badResponses) fail(`${label}: ${message}`);
  } catch (error) {
    fail(`${label}: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await page.close();
  }
  if (failures.length === before) console.log(`  ✔ ${label}`);
}

type Meta = Record<string, { title: string; description: string }>;

function readMeta(language: Language): Meta {
  return JSON.parse(fs.readFileSync(path.join(ROOT, 'src/web/locales', language, 'meta.json'), 'utf8')) as Meta;
}

/** The page's key in meta.json (as src/web/app/layout/public-layout.tsx picks it). */
function metaKeyOf(pagePath: string) {
  return PRERENDERED_PAGES.find((page) => page.path === pagePath)?.file ?? (pagePath === '/auth' ? 'auth' : 'notFound');
}

/** The prerendered HTML itself (no script run): language, title, description, content. */
async function checkPrerenderedHtml(server: AppServer) {
  for (const language of LANGUAGES) {
    const meta = readMeta(language);
    for (const page of PRERENDERED_PAGES) {
      const label = `${page.path} (${language}) HTML`;
      const response = await fetch(`${server.url}${page.path}`, { headers: { cookie: `rumbo_language=${language}` } });
      const html = await response.text();
      const before = failures.length;
      if (!html.includes(`<html lang="${HTML_LANG[language]}"`)) fail(`${label}: no <html lang="${HTML_LANG[language]}">`);
      if (!html.includes(`data-language="${language}"`)) fail(`${label}: #root has no data-language="${language}"`);
      if (!/<main[^>]*>[\s\S]*<h1/.test(html)) fail(`${label}: no <main> with an <h1> before scripts run`);
      const expectedTitle = meta[page.file]?.title ?? '';
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
      if (!expectedTitle || !title.includes(expectedTitle.replace(/&/g, '&amp;'))) fail(`${label}: <title>${title}</title>, expected "${expectedTitle}"`);
      if (/<script(?![^>]*\bsrc=)[^>]*>/.test(html)) fail(`${label}: an inline <script> (the CSP forbids them)`);
      if (failures.length === before) console.log(`  ✔ ${label}`);
    }
  }
}

async function runAxe(server: AppServer) {
  console.log('\n(a) Prerendered HTML, accessibility (axe: wcag2a, wcag2aa, wcag21a, wcag21aa) and console errors\n');
  await checkPrerenderedHtml(server);
  browserPromise = chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const browser = await browserPromise;
  try {
    for (const viewport of VIEWPORTS) {
      for (const language of LANGUAGES) {
        for (const theme of THEMES) {
          const context = await newContext(server, language, theme, viewport);
          for (const pagePath of PUBLIC_PAGES) {
            const label = `${pagePath} ${language} ${theme} ${viewport.name}`;
            await auditPage(context, server, pagePath, label, language, theme, viewport.isMobile);
          }
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
  }
}

// --------------------------------------------------------------------- (b) Lighthouse

type LighthouseResult = { scores: Record<string, number>; lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'] };

/** One Lighthouse run on a fresh Chromium, or on `chromePort`'s (a signed-in browser: its cookies are kept). */
async function lighthouseOnce(url: string, language: Language, chromePort?: number): Promise<LighthouseResult> {
  const chrome = chromePort ? null : await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const result = await lighthouse(
      url,
      {
        port: chromePort ?? chrome?.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(LIGHTHOUSE_MINIMUMS),
        // A Cookie header would replace the browser's own cookies, the session among them.
        ...(chromePort ? {} : { extraHeaders: { Cookie: `rumbo_language=${language}` } }),
      },
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(
      Object.entries(lhr.categories).map(([id, category]) => [id, Math.round((category.score ?? 0) * 100)]),
    );
    return { scores, lhr };
  } finally {
    chrome?.kill();
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP…) and says "run again": it gets 3 tries. */
async function withRetries<T>(attempt: () => Promise<T>, tries = 3): Promise<T> {
  for (let left = tries - 1; ; left--) {
    try {
      return await attempt();
    } catch (error) {
      if (left === 0 || !/Lighthouse: [A-Z_]+/.test((error as Error).message)) throw error;
      console.log(`      (${(error as Error).message.split('\n')[0]}: running it again)`);
    }
  }
}

async function runLighthouse(server: AppServer) {
  console.log(`\n(b) Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}on ${lighthousePages.join(', ')} (mobile, simulated throttling)\n`);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  for (const pagePath of lighthousePages) {
    for (const language of LANGUAGES) {
      const label = `${pagePath} (${language})`;
      const median = await medianRun(() => lighthouseOnce(`${server.url}${pagePath}`, language));
      report(median, label, reportName(pagePath, language), LIGHTHOUSE_MINIMUMS);
    }
  }
}

/** Lighthouse `runs` times; the run with the median performance score. */
async function medianRun(once: () => Promise<LighthouseResult>) {
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run++) results.push(await withRetries(once));
  results.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  return results[Math.floor((results.length - 1) / 2)]!;
}

const reportName = (pagePath: string, language: Language) =>
  `${pagePath === '/' ? 'index' : pagePath.slice(1).replace(/\//g, '-')}-${language}`;

/** Prints a run's scores and key metrics, writes its report, and fails each score under its minimum (saying why). */
function report({ scores, lhr }: LighthouseResult, label: string, name: string, minimums: Record<string, number>) {
  const reportFile = path.join(REPORT_DIR, `lighthouse-${name}.json`);
  fs.writeFileSync(reportFile, JSON.stringify(lhr, null, 2));

  const line = Object.keys(minimums)
    .map((id) => `${lhr.categories[id]?.title ?? id} ${scores[id]}`)
    .join(' · ');
  console.log(`  ${label}: ${line}`);
  const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']
    .map((id) => `${lhr.audits[id]?.title ?? id} ${lhr.audits[id]?.displayValue ?? '?'}`)
    .join(' · ');
  console.log(`      ${metrics}`);
  console.log(`      report: ${path.relative(ROOT, reportFile)}`);

  for (const [id, minimum] of Object.entries(minimums)) {
    const score = scores[id] ?? 0;
    if (score >= minimum) continue;
    fail(`Lighthouse ${label}: ${lhr.categories[id]?.title ?? id} ${score} < ${minimum}`);
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1 || audit.scoreDisplayMode === 'informative') continue;
      if (id === 'performance' && ref.weight === 0) continue;
      console.log(`      - ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
      const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
      for (const item of items.slice(0, 5)) console.log(`          ${JSON.stringify(item).slice(0, 300)}`);
    }
  }
}

// ------------------------------------------------------------- (d) signed-in pages

/** Each signed-in page the audit reads, with its minimum performance score and, where it has one, its largest-paint ceiling. */
const SIGNED_IN_PAGES = [
  { path: '/overview', performance: 98, maxLargestPaintMs: 2000 },
  { path: '/metrics', performance: 98, maxLargestPaintMs: 2000 },
  { path: '/community', performance: 95 },
  { path: '/reports', performance: 95 },
  { path: '/high-performance-tasks', performance: 95 },
] as const satisfies readonly { path: string; performance: number; maxLargestPaintMs?: number }[];
const auditedSignedInPages = SIGNED_IN_PAGES.filter((page) => !onlyPages || onlyPages.includes(page.path));
const MAX_LAYOUT_SHIFT = 0;

/**
 * A founder with something to show, created through the real API in the browser at
 * `chromePort` (so that browser holds the session cookie): onboarding done, 12 weeks
 * ending this week (revenue growing 2 % a week), 3 active tasks and a strategy.
 */
async function signUpFounderWithData(server: AppServer, chromePort: number, language: Language) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('the launched Chromium has no default context');
    // The session is bound to the user agent it was made with (decision 020):
    // make it with the phone's that Lighthouse will send, its Chrome version matched to this browser's.
    const milestone = browser.version().split('.')[0];
    const userAgent = userAgents.mobile.replace(/(Chrome\/)[\d.]+/, `$1${milestone}.0.0.0`);
    const api = async (method: 'post' | 'put' | 'patch', route: string, data: unknown) => {
      const response = await context.request[method](`${server.url}${route}`, { data, headers: { 'user-agent': userAgent } });
      if (!response.ok()) throw new Error(`${method.toUpperCase()} ${route} answered ${response.status()}: ${await response.text()}`);
      return response;
    };
    await api('post', '/api/auth/sign-up/email', {
      email: `audit-${language}-${Date.now()}@example.com`, password: 'a long enough password', name: 'Camila Rojas', termsAccepted: true,
    });
    await api('post', '/api/onboarding', { industry: 'Retail software', teamSize: '2-5', startupPhase: 'early-growth', startupName: 'Tiendita' });
    await api('patch', '/api/me', { preferredLanguage: language });
    const now = weekIndex(isoWeekOf(new Date()));
    for (let i = 0; i < 12; i++) {
      const { year, week } = weekFromIndex(now - 11 + i);
      await api('put', `/api/metrics/weeks/${year}/${week}`, {
        ...workedWeek, weeklyRevenue: Math.round(5000 * 1.02 ** i * 100) / 100, cashBalance: 200_000 - i * 3500,
      });
    }
    for (const [n, hypothesis] of ['Onboarding calls in week one cut churn', 'A yearly plan lifts cash in', 'Referral credits bring shops'].entries()) {
      await api('post', '/api/tasks', { ...validTask, hypothesis, impact: 8 - n });
    }
    await api('put', '/api/strategy', {
      coreProblem: 'Small shops lose track of stock', maximas: ['Talk to a shop every day'], statement: 'Stock counts for small shops, done in minutes',
    });
    await context.addCookies([{ name: 'rumbo_language', value: language, url: server.url }]);
  } finally {
    // Only the connection: the browser (and its cookies) stays for Lighthouse.
    await browser.close();
  }
}

async function runSignedIn(server: AppServer) {
  console.log(`\n(d) Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}on ${auditedSignedInPages.map((page) => page.path).join(', ')}, signed in (mobile, simulated throttling)\n`);
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  for (const language of auditedLanguages) {
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS });
    try {
      await signUpFounderWithData(server, chrome.port, language);
      for (const page of auditedSignedInPages) {
        const label = `${page.path} (${language}, signed in)`;
        const median = await medianRun(() => lighthouseOnce(`${server.url}${page.path}`, language, chrome.port));
        if (new URL(median.lhr.finalDisplayedUrl).pathname !== page.path) fail(`${label}: Lighthouse ended on ${median.lhr.finalDisplayedUrl}, not signed in?`);
        report(median, label, reportName(page.path, language), { performance: page.performance, accessibility: 100 });
        const shift = median.lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity;
        if (shift > MAX_LAYOUT_SHIFT) fail(`Lighthouse ${label}: Cumulative Layout Shift ${shift.toFixed(3)} > ${MAX_LAYOUT_SHIFT}`);
        const largestPaint = median.lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;
        if ('maxLargestPaintMs' in page && largestPaint > page.maxLargestPaintMs) {
          fail(`Lighthouse ${label}: Largest Contentful Paint ${(largestPaint / 1000).toFixed(1)} s > ${page.maxLargestPaintMs / 1000} s`);
        }
      }
    } finally {
      chrome.kill();
    }
  }
}

// ------------------------------------------------------------------ (c) JS budget

async function runBudget(server: AppServer) {
  console.log(`\n(c) JavaScript the landing page fetches until the network is idle (gzip, budget ${formatKb(LANDING_JS_BUDGET_GZIP)})\n`);
  const manifest = readManifest();
  const expected = new Set(publicPageTotal(manifest, chunkSizes()).files.map((file) => file.file));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const language of LANGUAGES) {
      const context = await browser.newContext();
      await context.addCookies([{ name: 'rumbo_language', value: language, url: server.url }]);
      const page = await context.newPage();
      const fetched: string[] = [];
      page.on('response', (response) => {
        const { pathname } = new URL(response.url());
        if (pathname.endsWith('.js')) fetched.push(pathname.slice(1));
      });
      await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
      await context.close();
      const sizes = fetched.map((file) => ({ file, raw: fs.statSync(path.join(CLIENT_DIR, file)).size, gzip: gzipSize(fs.readFileSync(path.join(CLIENT_DIR, file))) }));
      const gzip = sizes.reduce((sum, file) => sum + file.gzip, 0);
      console.log(`  / (${language}): ${sizes.length} scripts`);
      for (const file of sizes) console.log(`      ${file.file.padEnd(44)} ${formatKb(file.raw).padStart(10)} ${formatKb(file.gzip).padStart(10)}`);
      console.log(`      ${'total'.padEnd(44)} ${''.padStart(10)} ${formatKb(gzip).padStart(10)}  (budget ${formatKb(LANDING_JS_BUDGET_GZIP)})`);
      if (gzip > LANDING_JS_BUDGET_GZIP) fail(`/ (${language}) fetches ${formatKb(gzip)} of JavaScript (gzip) until the network is idle, over the ${formatKb(LANDING_JS_BUDGET_GZIP)} budget`);
      const unexpected = fetched.filter((file) => !expected.has(file));
      if (unexpected.length > 0) console.log(`      beyond the entry and its islands (scripts/lib/vite-manifest.ts): ${unexpected.join(', ')}`);
    }
  } finally {
    await browser.close();
  }
}

// ----------------------------------------------------------------------------- main

buildIfStale();
if (!fs.existsSync(path.join(CLIENT_DIR, 'prerendered'))) {
  console.error('dist/client/prerendered is missing: run `npm run build`.');
  process.exit(1);
}
// E2E_PORT: the port this audit's server takes (sessions sharing a machine each have theirs); else a free one.
const server = await startAppServer(process.env.E2E_PORT ? { port: Number(process.env.E2E_PORT) } : {});
console.log(`Auditing ${server.url} (the real server, built client in dist/client).`);
try {
  if (signedIn) {
    await runSignedIn(server);
  } else {
    if (!skipAxe) await runAxe(server);
    if (!skipLighthouse) await runLighthouse(server);
    await runBudget(server);
  }
} catch (error) {
  failures.push(`the audit crashed: ${(error as Error).stack ?? String(error)}`);
  console.error(error);
} finally {
  await server.stop();
}

if (failures.length > 0) {
  console.log(`\n✖ ${failures.length} problem${failures.length === 1 ? '' : 's'}:`);
  for (const failure of failures) console.log(`  - ${failure}`);
  process.exit(1);
}
console.log('\n✔ The web audit passed.');
