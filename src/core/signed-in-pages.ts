/**
 * Signed-in pages a founder often opens first (a bookmark, a link in the weekly email). The
 * build writes each one an HTML shell per language (scripts/prerender.ts) that paints the
 * app's frame before any script runs and preloads, beside the app, the page's code and every
 * translation namespace it shows, so none is asked for only when a component first renders
 * (decision 231). The shell lists them on #root for main.tsx, which loads them with the page's code.
 */

/** Namespaces of the guard and the app shell (header, session, toasts, tours), on every signed-in page. */
export const SIGNED_IN_AREA_NAMESPACES = ['auth', 'shell', 'session', 'impersonation', 'subscription', 'tours', 'gamification'] as const;

export const SIGNED_IN_SHELL_DIR = 'signed-in';

export const SIGNED_IN_SHELL_PAGES = [
  { path: '/overview', file: 'overview', namespaces: ['overview', 'profile', 'referrals', 'metrics', 'reports'] },
  { path: '/metrics', file: 'metrics', namespaces: ['metrics'] },
] as const;

/** Every namespace the signed-in page at `pathname` shows on its first paint (none for other pages). */
export function signedInNamespaces(pathname: string): string[] {
  const page = SIGNED_IN_SHELL_PAGES.find((candidate) => candidate.path === pathname);
  return page ? [...SIGNED_IN_AREA_NAMESPACES, ...page.namespaces] : [];
}
