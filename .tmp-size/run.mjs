import { build } from 'vite';
import zlib from 'node:zlib';
const cases = {
  detector: "import D from 'i18next-browser-languagedetector'; console.log(D);",
  query: "import { QueryClient, QueryClientProvider } from '@tanstack/react-query'; console.log(QueryClient, QueryClientProvider);",
  twmerge: "import { twMerge } from 'tailwind-merge'; console.log(twMerge);",
  clsx: "import { clsx } from 'clsx'; console.log(clsx);",
  i18next: "import i18next from 'i18next'; import { initReactI18next, useTranslation, I18nextProvider } from 'react-i18next'; console.log(i18next, initReactI18next, useTranslation, I18nextProvider);",
  router: "import { createBrowserRouter, RouterProvider, matchRoutes, Link, NavLink, Outlet, Navigate } from 'react-router'; console.log(createBrowserRouter, RouterProvider, matchRoutes, Link, NavLink, Outlet, Navigate);",
  reactdom: "import { hydrateRoot, createRoot } from 'react-dom/client'; console.log(hydrateRoot, createRoot);",
};
for (const [name, code] of Object.entries(cases)) {
  const out = await build({ configFile: false, logLevel: 'silent', root: '/work/main/.tmp-size', define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [{ name: 'v', resolveId(id) { return id === 'virtual:entry' ? '\0entry' : null; }, load(id) { return id === '\0entry' ? code : null; } }],
    build: { write: false, rollupOptions: { input: 'virtual:entry' } } });
  const chunks = (Array.isArray(out) ? out[0] : out).output.filter((o) => o.type === 'chunk');
  let raw = 0, gz = 0;
  for (const c of chunks) { raw += c.code.length; gz += zlib.gzipSync(c.code, { level: 9 }).length; }
  console.log(name.padEnd(10), String(raw).padStart(8), String(gz).padStart(8));
}
