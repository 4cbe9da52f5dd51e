import type { ReactNode } from 'react';

/** One admin tab's content: its heading (which names the region for screen readers) and a line on what it is for. */
export function AdminSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="mt-8">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
      {children}
    </section>
  );
}
