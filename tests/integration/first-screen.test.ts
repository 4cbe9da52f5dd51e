import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The signed-in pages' first screens drawn with the founder's data (decision 315), as the server
 * serves them: who gets one, what it is drawn from, and what the page around it becomes. The
 * drawing itself is the web app's (src/web/entry-server.tsx, driven in Chromium by
 * e2e/app-shell.spec.ts); here a stand-in module in its place draws what it was given, so each
 * test sees exactly which reads the server made as the visitor.
 */
const SHELL = `<!doctype html><html lang="en"><head>
    <link rel="stylesheet" href="/assets/index.css">
    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/main.js">
    <link rel="preload" as="fetch" crossorigin="use-credentials" fetchpriority="low" href="/api/auth/get-session">
    <link rel="preload" as="fetch" crossorigin fetchpriority="low" href="/api/me">
  </head><body><div id="root" data-namespaces="overview"><div aria-hidden="true">frame</div></div></body></html>`;

/** Draws the reads' answers as text (the startup's name and e-mail, escaped as React would), and hands back every answer as the data. */
const STAND_IN_DRAWING = `
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export async function drawFirstScreen(pathname, language, readOwn) {
  const session = await readOwn('/api/auth/get-session');
  if (session.status !== 200 || !session.body) return null;
  const me = await readOwn('/api/me');
  if (me.status !== 200) return null;
  return {
    markup: '<h1>' + escape([pathname, language, me.body.email, me.body.startupName].join(' ')) + '</h1>',
    data: { userId: session.body.user.id, answers: { '/api/me': me.body } },
    language,
  };
}`;

/** A browser opening a page (/metrics is also Prometheus' scrape, for anything else). */
const PAGE_HEADERS = { accept: 'text/html', 'accept-encoding': 'identity' };

let root: string;
let t: TestApp;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-first-screen-'));
  const client = path.join(root, 'client');
  for (const language of ['en', 'es-LA']) {
    fs.mkdirSync(path.join(client, 'prerendered', language, 'signed-in'), { recursive: true });
    for (const page of ['overview', 'metrics']) fs.writeFileSync(path.join(client, 'prerendered', language, 'signed-in', `${page}.html`), SHELL);
  }
  fs.writeFileSync(path.join(client, 'index.html'), SHELL);
  fs.mkdirSync(path.join(root, 'ssr'));
  fs.writeFileSync(path.join(root, 'ssr', 'entry-server.js'), STAND_IN_DRAWING);
  t = await createTestApp({ CLIENT_DIR: client });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(root, { recursive: true, force: true });
});

async function onboardedFounder(startupName: string) {
  const founder = await t.signUp();
  const onboarded = await t.request('/api/onboarding', {
    method: 'POST',
    cookie: founder.cookie,
    json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp', startupName },
  });
  expect(onboarded.status).toBe(200);
  return founder;
}

describe('a signed-in page opened directly', () => {
  it('carries the founder’s own first screen, drawn from the reads their cookie gives, and the data it was drawn from', async () => {
    const ana = await onboardedFounder('Tiendita & Co');
    const response = await t.request('/overview', { cookie: ana.cookie, headers: PAGE_HEADERS });
    expect(response.status).toBe(200);
    // The founder's own page: no cache may keep it or give it to anyone else.
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('server-timing')).toMatch(/^first-screen;dur=\d/);
    const html = await response.text();
    expect(html).toContain(`<div id="first-screen" aria-hidden="true" inert><h1>/overview en ${ana.email} Tiendita &amp; Co</h1></div><div hidden id="root"`);
    const data = /<script type="application\/json" id="first-screen-data">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(data).answers['/api/me'].startupName).toBe('Tiendita & Co');
    // It paints from its HTML and stylesheet: the scripts and the session's read wait in the template,
    // the profile's read is gone (its answer is in the data).
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/index.css">');
    expect(head).not.toContain('preload');
    const held = /<template id="after-first-paint">(.*?)<\/template>/.exec(html)?.[1] ?? '';
    expect(held).toContain('href="/assets/main.js"');
    expect(held).toContain('href="/api/auth/get-session"');
    expect(held).not.toContain('href="/api/me"');
  });

  it('is drawn for each founder from their own data, in the language of the visit', async () => {
    const ana = await onboardedFounder('Ana’s shop');
    const bruno = await onboardedFounder('Bruno’s bank');
    const forBruno = await (await t.request('/metrics', { cookie: `${bruno.cookie}; rumbo_language=es-LA`, headers: PAGE_HEADERS })).text();
    expect(forBruno).toContain(`<h1>/metrics es-LA ${bruno.email} Bruno’s bank</h1>`);
    expect(forBruno).not.toContain(ana.email);
    expect(forBruno).not.toContain('Ana’s shop');
  });

  it('is the plain shell, kept by no cache of ours either, for a visitor who is not signed in', async () => {
    for (const cookie of [undefined, 'better-auth.session_token=not-a-session']) {
      const response = await t.request('/overview', { cookie, headers: PAGE_HEADERS });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).not.toContain('first-screen');
      expect(html).toContain('<link rel="preload" as="fetch" crossorigin fetchpriority="low" href="/api/me">');
    }
  });
});
