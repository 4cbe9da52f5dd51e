import { startTransition, useEffect, useState } from 'react';

/**
 * False on the first render, true once the frame that showed it has been painted. What renders
 * only then (and the code it loads) does not hold back the page's first screen (decision 233).
 * Background tabs get no frames: a timeout turns it true anyway. What it brings is drawn as a
 * transition, in slices that leave the main thread free between them (a plain update from a timer
 * is drawn in one task, which on a phone blocks input for a tenth of a second: decision 315).
 */
export function useAfterFirstPaint() {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const done = () => startTransition(() => setPainted(true));
    // A frame callback runs just before the paint; the timeout after it runs once it is on screen.
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(done, 0);
    });
    const fallback = setTimeout(done, 1000);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
      clearTimeout(fallback);
    };
  }, []);
  return painted;
}
