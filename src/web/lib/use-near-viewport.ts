import { type RefObject, useEffect, useState } from 'react';

/**
 * True once `ref`'s element comes within `rootMargin` of the screen, and from then on. Where the
 * browser cannot tell (no IntersectionObserver), true at once.
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
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    }, { rootMargin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, rootMargin, near]);
  return near;
}
