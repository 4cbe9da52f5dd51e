import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { isLanguage } from '../core/i18n/language.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { initI18n } from './i18n/i18n.ts';

/**
 * The app, loaded by boot.ts (which also brings the stylesheet).
 *
 * Public pages arrive prerendered (scripts/prerender.ts) with their language in
 * `data-language` on #root; those are hydrated in that language, after their lazy
 * route modules have loaded so the first client render matches the HTML.
 *
 * The route's code and the translation namespaces the page's HTML lists in `data-namespaces`
 * (the signed-in pages with their own shell, scripts/prerender.ts) load together, not one
 * after another as components render (decision 231).
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const prerenderedLanguage = container.dataset.language;
  const prerendered = isLanguage(prerenderedLanguage) && container.hasChildNodes();

  const namespaces = container.dataset.namespaces?.split(' ') ?? [];
  const translations = initI18n(prerendered ? prerenderedLanguage : undefined, namespaces);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all([
    translations,
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  ]);

  const router = createBrowserRouter(routes);
  const app = (
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
