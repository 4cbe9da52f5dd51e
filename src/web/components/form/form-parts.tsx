import { MailCheck } from 'lucide-react';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

/** The auth screens' labelled input, with its error tied to it for screen readers. */
export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: { label: string; error?: string | undefined; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
        className="block h-11 w-full rounded-md border border-input bg-background px-3 text-base"
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export function PrimaryButton({ pending, children, ...button }: { pending?: boolean; children: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending || undefined}
      className="h-11 rounded-md bg-primary px-4 font-medium text-primary-foreground hover:bg-primary-hover disabled:opacity-60"
      {...button}
    >
      {children}
    </button>
  );
}

export function SecondaryButton({ children, className, ...button }: { children: ReactNode } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={cn('inline-flex h-11 items-center justify-center gap-2 rounded-md border border-input bg-background px-4 font-medium hover:bg-muted disabled:opacity-60', className)}
      {...button}
    >
      {children}
    </button>
  );
}

/** "Check your inbox": announced politely, since it replaces the form the focus was in. */
export function SentNotice({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  return (
    <div role="status" className="flex flex-col items-start gap-3 rounded-lg border border-border p-4">
      <MailCheck aria-hidden="true" className="size-6 text-primary" />
      <h2 className="font-semibold">{title}</h2>
      <p className="text-sm text-muted-foreground">{body}</p>
      {children}
    </div>
  );
}
