/**
 * Public pages that are rendered to HTML at build time, in every language, so they
 * show before any script runs (scripts/prerender.ts writes them, the server serves them).
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index' },
  { path: '/pricing', file: 'pricing' },
  { path: '/manifesto', file: 'manifesto' },
] as const;

export const PRERENDERED_DIR = 'prerendered';
