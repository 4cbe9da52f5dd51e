import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * True once `ref`'s element comes within `rootMargin` of the screen, and from then on. Where the
 * browser cannot tell (no IntersectionObserver), true at once. What it brings is drawn as a
 * transition, in slices, not in one task (src/web/lib/use-after-first-paint.ts).
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin: string) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near) return;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) startTransition(() => setNear(true));
    }, { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, near]);
  return near;
}
