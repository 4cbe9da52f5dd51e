import { useSyncExternalStore } from 'react';
import { readTheme, setTheme, subscribeTheme, type Theme } from './theme-store.ts';

export type { Theme } from './theme-store.ts';

/** The chosen theme (src/web/app/theme-store.ts), re-rendering on every change. */
export function useTheme(): [Theme, (theme: Theme) => void] {
  const theme = useSyncExternalStore(subscribeTheme, readTheme, () => 'system' as Theme);
  return [theme, setTheme];
}
