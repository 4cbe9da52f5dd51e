import { type ReactNode, useId } from 'react';

/** A tooltip's title: the hovered point's full label ("Week of 2 Nov 2026"), where the axis shows a short one. */
export const tooltipLabel = (_: unknown, payload: readonly { payload?: unknown }[] | undefined) =>
  (payload?.[0]?.payload as { label?: string } | undefined)?.label ?? '';

/** A chart's card: its heading with the controls beside it (a range, a grouping), then the chart. */
export function ChartSection({ title, controls, children }: { title: string; controls: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {controls}
      </div>
      {children}
    </section>
  );
}
