import { cx } from '../../lib/cx.ts';

/**
 * The rotating words' timing and classes (src/web/features/marketing/rotating-words.tsx), without
 * React: the public pages' island (src/web/islands/public-islands.ts) turns the same words.
 */
const ROTATE_EVERY_MS = 2500;

/** Every word sits in the same grid cell; only the active one is visible, the incoming one slides up a little. */
export function rotatingWordClass(active: boolean) {
  return cx(
    'col-start-1 row-start-1 whitespace-nowrap transition-[translate] duration-500 ease-out motion-reduce:transition-none',
    active ? 'visible translate-y-0' : 'invisible translate-y-[0.3em]',
  );
}

/**
 * Calls `step` every few seconds while the visitor does not prefer reduced motion (following
 * changes to that setting). Returns what stops it.
 */
export function startRotation(count: number, step: () => void): () => void {
  if (count < 2) return () => {};
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let timer: number | undefined;
  const stop = () => {
    if (timer !== undefined) window.clearInterval(timer);
    timer = undefined;
  };
  const start = () => {
    stop();
    if (!reducedMotion.matches) timer = window.setInterval(step, ROTATE_EVERY_MS);
  };
  start();
  reducedMotion.addEventListener('change', start);
  return () => {
    stop();
    reducedMotion.removeEventListener('change', start);
  };
}
