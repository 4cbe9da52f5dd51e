/**
 * The app's buttons, one look everywhere. Hover moves the colour away from the text
 * (never fades it), so contrast only rises; disabled buttons are dimmed and say so.
 */
export const buttonClass = {
  /** The main action of a form or a dialog. */
  primary:
    'inline-flex h-10 w-fit items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary-hover disabled:cursor-not-allowed disabled:opacity-60',
  /** A second action beside it (cancel, back). */
  secondary:
    'inline-flex h-10 w-fit items-center justify-center gap-2 rounded-md border border-input bg-background px-4 text-sm font-medium hover:bg-muted disabled:cursor-not-allowed disabled:opacity-60',
  /** A quiet action inside a list or a card. */
  ghost:
    'inline-flex h-9 items-center justify-center gap-2 rounded-md px-3 text-sm text-muted-foreground hover:bg-muted hover:text-foreground disabled:cursor-not-allowed disabled:opacity-60',
  /** A second action in a toolbar, a card or a list row: the secondary look, smaller. */
  compact:
    'inline-flex h-9 w-fit items-center justify-center gap-2 rounded-md border border-input bg-background px-3 text-sm hover:bg-muted disabled:cursor-not-allowed disabled:opacity-60',
  /** An icon-only action (edit, remove, close): it always carries an aria-label. */
  icon: 'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground disabled:cursor-not-allowed disabled:opacity-60',
  /** An action that reads as a link inside text (switch form, resend, show more). */
  link: 'inline-flex w-fit items-center gap-1 text-sm text-primary underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-60',
  /** An action that cannot be taken back (suspend, delete). */
  destructive:
    'inline-flex h-10 w-fit items-center justify-center gap-2 rounded-md bg-destructive px-4 text-sm font-medium text-destructive-foreground hover:bg-destructive-hover disabled:cursor-not-allowed disabled:opacity-60',
} as const;
