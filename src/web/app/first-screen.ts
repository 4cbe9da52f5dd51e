import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_ID } from '../../core/first-screen.ts';
import type { FirstScreenData } from './first-screen-queries.ts';

/**
 * A signed-in page whose HTML the server drew with the founder's data (decision 315) carries
 * that drawing in #first-screen, shown at once and inert, and the data it was drawn from in
 * #first-screen-data. The app renders hidden in #root meanwhile; once its guard has decided
 * what to show, the one takes the other's place in the same frame (`revealApp`).
 */

/** The data the server drew this page's first screen from, or null when it did not draw one. */
export function readFirstScreenData(): FirstScreenData | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(FIRST_SCREEN_DATA_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as FirstScreenData;
  } catch {
    return null;
  }
}

/** Replaces the server's drawing with the app (a no-op on any other page, and after the first time). */
export function revealApp() {
  if (typeof document === 'undefined') return;
  const drawn = document.getElementById(FIRST_SCREEN_ID);
  if (!drawn) return;
  drawn.remove();
  document.getElementById(FIRST_SCREEN_DATA_ID)?.remove();
  document.getElementById('root')?.removeAttribute('hidden');
}
