import { createInstance, type Resource } from 'i18next';
import { prerender } from 'react-dom/static';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../core/i18n/language.ts';
import { VALIDATION_NAMESPACE } from '../core/validation/issues.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { DEFAULT_NAMESPACE } from './i18n/i18n.ts';
import { loadShowcase } from './app/showcase-section.tsx';
import { ShellFrame } from './app/layout/shell-frame.tsx';

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

async function createI18n(language: Language) {
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
