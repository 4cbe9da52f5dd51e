import { type ComponentType, Suspense, use, useEffect, useRef } from 'react';

/**
 * The showcase's code (the dashboard cards, the mentor's bubbles, Markdown) is not part of
 * the landing page's first load (decision 223). The prerendered HTML already holds it:
 * entry-server.tsx awaits `loadShowcase()` before rendering, so the render never suspends
 * (a suspended prerender would need inline scripts, which the CSP forbids); it is inert, so
 * the prerendered page needs no code for it (decision 284). Within the app its code loads
 * when the section comes near the screen.
 */
type Tracked<T> = Promise<T> & { status?: string; value?: T };

/** A promise React's `use` reads at once when it has already settled (its status and value). */
function tracked<T>(promise: Promise<T>): Promise<T> {
  const result = promise as Tracked<T>;
  result.status = 'pending';
  void promise.then((value) => {
    result.status = 'fulfilled';
    result.value = value;
  });
  return result;
}

let showcase: Promise<ComponentType> | undefined;

export function loadShowcase() {
  showcase ??= tracked(import('./product-showcase.tsx').then((module) => module.ProductShowcase));
  return showcase;
}

let reveal: () => void = () => {};
const whenNear = tracked(new Promise<void>((resolve) => (reveal = resolve)).then(loadShowcase));

function Showcase() {
  const Showcased = use<ComponentType>(typeof window === 'undefined' ? loadShowcase() : whenNear);
  // eslint-disable-next-line react-hooks/static-components -- the same component every render: one module, loaded once
  return <Showcased />;
}

export function ShowcaseSection() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || typeof IntersectionObserver === 'undefined') return reveal();
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && reveal(), { rootMargin: '400px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={container}>
      {/* Reserved room while the code loads after a move within the app (no prerendered HTML then). */}
      <Suspense fallback={<div className="min-h-[75rem] lg:min-h-[50rem]" />}>
        <Showcase />
      </Suspense>
    </div>
  );
}
