import { useEffect, useState } from 'react';
import { cx } from '../../lib/cx.ts';
import { rotatingWordClass, startRotation } from './rotation.ts';

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
 * - `data-rotating-words`: on the prerendered pages the island turns them (src/web/islands/public-islands.ts).
 */
export function RotatingWords({ words, className }: { words: readonly string[]; className?: string }) {
  const [index, setIndex] = useState(0);
  const count = words.length;

  useEffect(() => startRotation(count, () => setIndex((current) => (current + 1) % count)), [count]);

  const active = count > 0 ? index % count : 0;
  return (
    <span className={cx('inline-grid', className)} data-rotating-words="">
      {words.map((word, position) => (
        <span key={position} className={rotatingWordClass(position === active)}>
          {word}
        </span>
      ))}
    </span>
  );
}
