import { QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type i18n as I18n, type Resource } from 'i18next';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../core/i18n/language.ts';
import type { ReadOwn } from '../core/first-screen.ts';
import { VALIDATION_NAMESPACE } from '../core/validation/issues.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { DEFAULT_NAMESPACE } from './i18n/i18n.ts';
import { loadShowcase } from './app/showcase-section.tsx';
import { ShellFrame } from './app/layout/shell-frame.tsx';
import { AppShell } from './app/layout/app-shell.tsx';
import { createQueryClient } from './app/query.tsx';
import { type FirstScreenData, firstScreenUrls, ME_URL, seedFirstScreen } from './app/first-screen-queries.ts';
import { renderInLanguage } from './i18n/i18n.ts';
import { RenderedSessionProvider, type SessionState } from './lib/auth-client.ts';

/**
 * Server entry, built by scripts/prerender.ts (`vite build --ssr`): renders a public
 * page to HTML at build time, in one language. The browser (main.tsx) hydrates it.
 *
 * Each render gets its own i18next instance with every namespace of its language
 * already loaded (so nothing suspends on translations), and two languages can never
 * leak into one another.
 */
const localeFiles = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { import: 'default' });
const validationFiles = import.meta.glob<Record<string, unknown>>('../core/validation/locales/*.json', { import: 'default' });

/** The namespaces every prerendered page needs; the render fails if one is missing. */
const REQUIRED_NAMESPACES = ['common', 'errors', 'marketing'] as const;

async function resourcesFor(language: Language): Promise<Resource> {
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const [file, load] of Object.entries(localeFiles)) {
    const match = /^\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === language && match[2]) namespaces[match[2]] = await load();
  }
  const validation = validationFiles[`../core/validation/locales/${language}.json`];
  if (validation) namespaces[VALIDATION_NAMESPACE] = await validation();
  for (const namespace of REQUIRED_NAMESPACES) {
    if (!namespaces[namespace]) throw new Error(`Missing translations: locales/${language}/${namespace}.json`);
  }
  return { [language]: namespaces };
}

async function createI18n(language: Language): Promise<I18n> {
  const resources = await resourcesFor(language);
  const instance = createInstance().use(initReactI18next);
  await instance.init({
    lng: language,
    supportedLngs: [...LANGUAGES],
    fallbackLng: DEFAULT_LANGUAGE,
    load: 'currentOnly',
    resources,
    ns: Object.keys(resources[language] ?? {}),
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    react: { useSuspense: true },
  });
  return instance;
}

async function streamToString(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let html = '';
  for await (const chunk of stream) html += decoder.decode(chunk, { stream: true });
  return html + decoder.decode();
}

/**
 * Renders the app at `url` (a path such as `/pricing`) in `language` and returns the
 * markup for #root. Lazy routes are resolved by the static handler; `prerender`
 * waits for any Suspense boundary, so the HTML is complete.
 */
export async function render(url: string, language: Language): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} answered with a redirect (${context.status}); it cannot be prerendered`);
  if (context.errors) throw new Error(`${url} failed to render: ${JSON.stringify(context.errors)}`);

  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = await createI18n(language);
  // Loaded before the render, which then never suspends on it (decision 223).
  await loadShowcase();
  // hydrate={false}: no inline script (the CSP forbids them); main.tsx resolves the
  // lazy routes itself before hydrating.
  const app = (
    <I18nextProvider i18n={i18n}>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </I18nextProvider>
  );
  const { prelude } = await prerender(app, {
    // A large Suspense boundary (the landing page's showcase) is otherwise written apart and
    // moved into place by an inline script, which the CSP forbids: keep every one in place.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError(error) {
      throw error;
    },
  });
  return streamToString(prelude);
}

/** The signed-in area's frame, for the HTML of the signed-in pages that have their own shell (decision 231). */
export async function renderShellFrame(): Promise<string> {
  const { prelude } = await prerender(<ShellFrame />);
  return streamToString(prelude);
}

/** One i18next instance per language, every namespace loaded: they hold texts only, never a founder's data. */
const i18nByLanguage = new Map<Language, Promise<I18n>>();
function i18nFor(language: Language) {
  let instance = i18nByLanguage.get(language);
  if (!instance) {
    instance = createI18n(language);
    i18nByLanguage.set(language, instance);
  }
  return instance;
}

/** The signed-in page at `pathname`'s component, from the app's own route table. */
async function signedInPage(pathname: string): Promise<ComponentType | null> {
  const area = routes.find((route) => route.children?.some((child) => child.path === 'overview'));
  const route = area?.children?.find((child) => `/${child.path}` === pathname);
  if (typeof route?.lazy !== 'function') return null;
  const { Component } = (await route.lazy()) as { Component?: ComponentType };
  return Component ?? null;
}

/**
 * Draws a signed-in page's first screen with the founder's data (decision 315): the app shell
 * and the page, as the browser would draw them once its code and reads arrived, from the same
 * reads asked for by the server with the visitor's own cookie, in the language the app would
 * show. Null when nobody is signed in, or the guard would send the founder elsewhere: the page
 * is then sent without it, as before.
 *
 * Everything a founder's data touches is this call's own (the query cache, the session): two
 * drawings never share any. The render itself is synchronous, so the language it draws in
 * (`renderInLanguage`) cannot be another drawing's.
 */
export async function drawFirstScreen(
  pathname: string,
  visitorLanguage: Language,
  readOwn: ReadOwn,
  { languageChosen }: { languageChosen: boolean },
): Promise<{ markup: string; data: FirstScreenData; language: Language } | null> {
  const Page = await signedInPage(pathname);
  if (!Page) return null;
  const session = await readOwn('/api/auth/get-session');
  const signedIn = session.status === 200 && session.body && typeof session.body === 'object' ? (session.body as NonNullable<SessionState['data']>) : null;
  if (!signedIn) return null;
  const urls = firstScreenUrls(pathname);
  const answers: Record<string, unknown> = {};
  await Promise.all(
    urls.map(async (url) => {
      const answer = await readOwn(url);
      if (answer.status === 200) answers[url] = answer.body;
    }),
  );
  // The guard would send a founder without a profile, or not yet onboarded, elsewhere: nothing to draw.
  const me = answers[ME_URL] as { onboardingCompleted?: boolean; preferredLanguage?: string | null } | undefined;
  if (!me?.onboardingCompleted) return null;
  // As the app does (src/web/features/profile/profile-language.tsx): the profile's language, unless this browser chose one.
  const language = !languageChosen && isLanguage(me.preferredLanguage) ? me.preferredLanguage : visitorLanguage;

  const data: FirstScreenData = { userId: signedIn.user.id, answers };
  const queryClient = createQueryClient();
  seedFirstScreen(queryClient, pathname, data);
  const sessionState = { data: signedIn, isPending: false, isRefetching: false, error: null, refetch: async () => {} } as SessionState;
  const handler = createStaticHandler([{ path: '/', Component: AppShell, children: [{ path: pathname.slice(1), Component: Page }] }]);
  const context = await handler.query(new Request(new URL(pathname, 'http://localhost')));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const i18n = await i18nFor(language);
  const markup = renderInLanguage(language, () =>
    renderToString(
      <I18nextProvider i18n={i18n}>
        <Providers>
          <QueryClientProvider client={queryClient}>
            <RenderedSessionProvider value={sessionState}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </RenderedSessionProvider>
          </QueryClientProvider>
        </Providers>
      </I18nextProvider>,
    ),
  );
  queryClient.clear();
  return { markup, data, language };
}
