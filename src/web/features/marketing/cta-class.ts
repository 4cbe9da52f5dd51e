import { cx } from '../../lib/cx.ts';

/** The pricing cards' call-to-action buttons and links. */
export const CTA_CLASS = {
  secondary:
    'mt-6 inline-flex min-h-11 items-center justify-center rounded-lg border border-border bg-background px-4 text-sm font-medium text-foreground transition-colors hover:bg-muted',
  primary:
    'mt-6 inline-flex min-h-11 items-center justify-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground transition-colors hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60',
};

/** The monthly/yearly switch's buttons (a pill-shaped toggle of the public pages), in React and in the islands. */
export function billingButtonClass(selected: boolean) {
  return cx(
    'min-h-11 min-w-28 rounded-full px-5 text-sm font-medium transition-colors',
    selected ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
  );
}
