/**
 * The theme follows the system until the visitor picks one. The choice is kept in
 * local storage and in a cookie, so the server can put the class on <html> before
 * any script runs (no flash of the wrong theme). No React here: the public pages'
 * islands (src/web/islands/public-islands.ts) use it without the app.
 */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'rumbo_theme';

/** The theme toggle's cycle: system → light → dark → system. */
export const NEXT_THEME: Record<Theme, Theme> = { system: 'light', light: 'dark', dark: 'system' };

const listeners = new Set<() => void>();

export function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (stored === 'light' || stored === 'dark') return stored;
  } catch {
    // Storage unavailable: follow the system.
  }
  return 'system';
}

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle('light', theme === 'light');
  root.classList.toggle('dark', theme === 'dark');
}

export function setTheme(theme: Theme) {
  try {
    if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage unavailable: the choice lasts for this page.
  }
  document.cookie =
    theme === 'system'
      ? `${THEME_STORAGE_KEY}=; path=/; max-age=0; samesite=lax`
      : `${THEME_STORAGE_KEY}=${theme}; path=/; max-age=31536000; samesite=lax`;
  applyTheme(theme);
  for (const listener of listeners) listener();
}

export function subscribeTheme(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
