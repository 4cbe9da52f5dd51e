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

/**
 * The reads every signed-in page starts as its code loads: the session check (Better Auth's
 * client sends its cookie with `credentials: 'include'`) and the profile, which the guard waits
 * for, and the plan, which the app shell shows (its line under the plan link would move what
 * follows it). The guided tours' state is asked for as the help menu renders: nothing shows it.
 */
export const SIGNED_IN_AREA_READS = [
  { url: '/api/auth/get-session', credentials: 'include' },
  { url: '/api/me', credentials: 'same-origin' },
] as const;
export const SIGNED_IN_SHELL_READS = [
  { url: '/api/subscription', credentials: 'same-origin' },
] as const;

/**
 * `reads`: the page's own first reads, exactly as src/web/app/early-reads.ts asks for them
 * (tests/unit/web/early-reads.test.ts keeps the two lists the same). The shell preloads them
 * with the area's, so the answers are on their way while the scripts download.
 */
export const SIGNED_IN_SHELL_PAGES = [
  {
    path: '/overview',
    file: 'overview',
    namespaces: ['overview', 'profile', 'referrals', 'metrics', 'reports'],
    // The weekly insights too, whatever the plan: they are a premium Overview's largest text (the server refuses a free founder).
    // Not the points (the achievements card, below the first screen, has a placeholder of its size): asked for as the page renders.
    reads: ['/api/insights', '/api/metrics/summary?range=12w', '/api/tasks?status=active', '/api/strategy', '/api/referrals/notices'],
  },
  { path: '/metrics', file: 'metrics', namespaces: ['metrics'], reads: ['/api/metrics/weeks', '/api/metrics/summary?range=12w'] },
  // What their first screen shows (decision 315): the progress card, and the page's own first reads.
  { path: '/community', file: 'community', namespaces: ['community', 'profile', 'gamification', 'metrics'], reads: ['/api/me/gamification', '/api/community/me'] },
  { path: '/reports', file: 'reports', namespaces: ['reports'], reads: ['/api/reports/investor-updates'] },
  {
    path: '/high-performance-tasks',
    file: 'high-performance-tasks',
    namespaces: ['tasks', 'strategy', 'reports'],
    reads: ['/api/me/gamification', '/api/strategy', '/api/tasks?status=active', '/api/tasks?status=done'],
  },
] as const;

/**
 * Every read the signed-in page at `pathname` starts before its first paint, with its credentials
 * mode, most needed first: the shell preloads them in this order (a phone's connection serves six
 * requests at a time, and the page's content waits on the guard's reads and its own, not on the shell's).
 */
export function signedInReads(pathname: string): { url: string; credentials: 'include' | 'same-origin' }[] {
  const page = SIGNED_IN_SHELL_PAGES.find((candidate) => candidate.path === pathname);
  if (!page) return [];
  return [...SIGNED_IN_AREA_READS, ...page.reads.map((url) => ({ url, credentials: 'same-origin' as const })), ...SIGNED_IN_SHELL_READS];
}

/** Every namespace the signed-in page at `pathname` shows on its first paint (none for other pages). */
export function signedInNamespaces(pathname: string): string[] {
  const page = SIGNED_IN_SHELL_PAGES.find((candidate) => candidate.path === pathname);
  return page ? [...SIGNED_IN_AREA_NAMESPACES, ...page.namespaces] : [];
}
