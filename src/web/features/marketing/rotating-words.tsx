import { useEffect, useState } from 'react';
import { cx } from '../../lib/cx.ts';

const ROTATE_EVERY_MS = 2500;

/**
 * Shows one word at a time, cycling through `words`.
 *
 * - The server (and the first client render) shows the first word, so prerendered HTML
 *   and hydration match; rotation starts in an effect.
 * - Every word sits in the same grid cell, so the box is always as wide and tall as the
 *   longest word: changing words never shifts the layout.
 * - Words switch visibility at once (no opacity fade), so the visible word always has full
 *   contrast, even mid-animation; only the incoming word slides up a little.
 * - It stops when the visitor prefers reduced motion, and follows changes to that setting.
 * - It is decorative: the caller hides it from assistive technology and provides the full
 *   sentence (see the landing hero).
 */
export function RotatingWords({ words, className }: { words: readonly string[]; className?: string }) {
  const [index, setIndex] = useState(0);
  const count = words.length;

  useEffect(() => {
    if (count < 2) return;
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let timer: number | undefined;
    const stop = () => {
      if (timer !== undefined) window.clearInterval(timer);
      timer = undefined;
    };
    const start = () => {
      stop();
      if (reducedMotion.matches) return;
      timer = window.setInterval(() => setIndex((current) => (current + 1) % count), ROTATE_EVERY_MS);
    };
    start();
    reducedMotion.addEventListener('change', start);
    return () => {
      stop();
      reducedMotion.removeEventListener('change', start);
    };
  }, [count]);

  const active = count > 0 ? index % count : 0;
  return (
    <span className={cx('inline-grid', className)}>
      {words.map((word, position) => (
        <span
          key={position}
          className={cx(
            'col-start-1 row-start-1 whitespace-nowrap transition-[translate] duration-500 ease-out motion-reduce:transition-none',
            position === active ? 'visible translate-y-0' : 'invisible translate-y-[0.3em]',
          )}
        >
          {word}
        </span>
      ))}
    </span>
  );
}
