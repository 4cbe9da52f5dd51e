import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import type { Language } from '../../core/i18n/language.ts';
import { AFTER_FIRST_PAINT_ID, FIRST_SCREEN_DATA_ID, FIRST_SCREEN_ID, type ReadOwn } from '../../core/first-screen.ts';

/**
 * A signed-in page's first screen drawn on the server with the founder's data (decision 315):
 * their page shows in the HTML, as soon as it and the stylesheet arrive, instead of once the
 * app's code and its reads have (two seconds later on a phone). The drawing is the web app's
 * own (`drawFirstScreen` in src/web/entry-server.tsx, built by `npm run build` into dist/ssr);
 * its reads are this server's routes, asked in-process with the visitor's own cookie, so they
 * answer exactly what the browser would be answered.
 */

/** The drawing, the data it was drawn from, and its language (the founder's profile may name another than the visit's). */
export type FirstScreen = { markup: string; data: unknown; language: Language };

/** `languageChosen`: the visitor chose the language of the visit (its cookie), which then wins over the profile's. */
export type FirstScreenDrawer = (pathname: string, language: Language, readOwn: ReadOwn, options: { languageChosen: boolean }) => Promise<FirstScreen | null>;

type DrawingModule = { drawFirstScreen: FirstScreenDrawer };

/** A first screen that takes longer than this (a slow database) is not waited for: the page goes without it. */
const DRAWING_BUDGET_MS = 1000;

/**
 * The drawer for the client built in `clientDir` (its server bundle beside it, in ../ssr), or
 * null when that bundle is missing (a client built before it existed): the pages are then sent
 * as their shells alone. A drawing that fails or runs late is reported and skipped, never an error page.
 */
export function createFirstScreenDrawer(clientDir: string, onFailure: (error: unknown) => void): FirstScreenDrawer | null {
  const bundle = path.join(clientDir, '..', 'ssr', 'entry-server.js');
  if (!fs.existsSync(bundle)) return null;
  let loaded: Promise<DrawingModule> | undefined;
  return async (pathname, language, readOwn, options) => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), DRAWING_BUDGET_MS);
    });
    try {
      loaded ??= import(pathToFileURL(bundle).href) as Promise<DrawingModule>;
      const { drawFirstScreen } = await loaded;
      return await Promise.race([drawFirstScreen(pathname, language, readOwn, options), late]);
    } catch (error) {
      onFailure(error);
      return null;
    } finally {
      clearTimeout(timer);
    }
  };
}

/** JSON inside a <script> element: no `<` can close it or open a comment. */
function scriptSafeJson(value: unknown) {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** A preload of the shell: a script of the app, or one of the reads it starts with. */
const PRELOAD_LINK = /\s*<link rel="(?:modulepreload|preload)"[^>]*>/g;
/** The reads the first screen's data already answers (the session apart: Better Auth's client reads it). */
const ANSWERED_READ = /as="fetch"[^>]*href="\/api\/(?!auth\/)/;

/**
 * The page's shell with the first screen in it: the drawing in #first-screen (shown, but inert and
 * hidden from assistive technology until the app takes over: nothing in it can be used yet), the app's
 * #root hidden beside it, and the data the drawing was made from, which the app starts with instead
 * of reading it again. The page paints from its HTML and stylesheet alone: the shell's preloads (the
 * app's scripts, the session's read) wait in a template that src/web/boot.ts adds after that paint,
 * so nothing else shares the connection with the stylesheet meanwhile.
 */
export function withFirstScreen(shellHtml: string, { markup, data }: Pick<FirstScreen, 'markup' | 'data'>): string {
  const preloads = (shellHtml.match(PRELOAD_LINK) ?? []).filter((link) => !ANSWERED_READ.test(link)).map((link) => link.trim());
  return shellHtml
    .replace(PRELOAD_LINK, '')
    .replace('<div id="root"', `<div id="${FIRST_SCREEN_ID}" aria-hidden="true" inert>${markup}</div><div hidden id="root"`)
    .replace(
      '</body>',
      `<template id="${AFTER_FIRST_PAINT_ID}">${preloads.join('')}</template><script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${scriptSafeJson(data)}</script></body>`,
    );
}

/** The request headers that make an in-process read the visitor's own: their session, its browser, their language. */
const VISITOR_HEADERS = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-forwarded-proto'] as const;

/** Reads `url` from `app` as the visitor of `c` (same cookie, same connection details). */
export function readAsVisitor(app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> }, c: Context): ReadOwn {
  const headers = new Headers();
  for (const name of VISITOR_HEADERS) {
    const value = c.req.header(name);
    if (value !== undefined) headers.set(name, value);
  }
  return async (url) => {
    const response = await app.fetch(new Request(new URL(url, c.req.url), { headers }), c.env);
    return { status: response.status, body: response.ok ? await response.json() : null };
  };
}
