import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

/** Shared look of the tasks and strategy forms. */
export const inputClass =
  'mt-1 block w-full rounded-md border border-input bg-background px-3 py-2 text-base aria-[invalid=true]:border-destructive';

export const buttonClass = {
  primary: 'inline-flex h-10 items-center justify-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary-hover disabled:opacity-60',
  secondary: 'inline-flex h-10 items-center justify-center gap-2 rounded-md border border-border bg-background px-4 text-sm font-medium hover:bg-muted disabled:opacity-60',
  ghost: 'inline-flex h-9 items-center justify-center gap-2 rounded-md px-3 text-sm text-muted-foreground hover:bg-muted hover:text-foreground disabled:opacity-60',
} as const;

/** A label, its control, the live character count and the field's error, wired for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  count,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  count?: { length: number; min: number };
  children: ReactNode;
}) {
  const { t } = useTranslation('tasks');
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {count && (
          <span
            id={`${id}-count`}
            className={cn('text-xs tabular-nums', count.length >= count.min ? 'text-muted-foreground' : 'text-highlight')}
          >
            {t('form.count', { length: count.length, min: count.min })}
          </span>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-describedby for a Field's control. */
export function describedBy(id: string, parts: { hint?: boolean; count?: boolean; error?: boolean }) {
  const ids = [parts.hint && `${id}-hint`, parts.count && `${id}-count`, parts.error && `${id}-error`].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A modal dialog with a title, a close button and focus kept inside. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('tasks');
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-background p-5 shadow-xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
            <Dialog.Close className={buttonClass.ghost} aria-label={t('dialog.close')}>
              <X aria-hidden="true" className="size-4" />
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="mt-1 text-sm text-muted-foreground">{description}</Dialog.Description>}
          <div className="mt-4">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
