import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { isLanguage } from '../core/i18n/language.ts';
import { Providers } from './app/providers.tsx';
import { routes } from './app/routes.tsx';
import { initI18n } from './i18n/i18n.ts';

/**
 * The app, loaded by boot.ts (which also brings the stylesheet).
 *
 * The public pages arrive prerendered (scripts/prerender.ts) with their language in
 * `data-language` on #root, and are not hydrated: their islands give them their behaviour
 * (decision 284). When a signed-in founder opens the pricing page, the islands hand it over
 * to the app, which renders it in that language. The route's lazy modules load before the
 * first render, so it replaces what is on screen at once.
 *
 * The route's code and the translation namespaces the page's HTML lists in `data-namespaces`
 * (the signed-in pages with their own shell, scripts/prerender.ts) load together, not one
 * after another as components render (decision 231).
 */
async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const pageLanguage = container.dataset.language;

  const namespaces = container.dataset.namespaces?.split(' ') ?? [];
  const translations = initI18n(isLanguage(pageLanguage) ? pageLanguage : undefined, namespaces);
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
  // A transition: React draws the first render in slices that leave the main thread free between
  // them, not in one task (the page's HTML keeps showing until it is committed; decision 311).
  const root = createRoot(container);
  startTransition(() => root.render(app));
}

void start();
