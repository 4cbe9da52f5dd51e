import type { ReactNode } from 'react';

/** A titled card of settings or actions (the profile's, the subscription's), named by its heading for screen readers. */
export function SettingsSection({ id, title, body, children }: { id: string; title: string; body?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-border bg-card p-5 text-card-foreground sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {body ? <p className="mt-1 text-sm text-muted-foreground">{body}</p> : null}
      <div className="mt-4 flex flex-col gap-5">{children}</div>
    </section>
  );
}
