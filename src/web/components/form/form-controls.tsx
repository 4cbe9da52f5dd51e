import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn.ts';

/** Shared look of the tasks and strategy forms (buttons: components/form/buttons.ts). */
export const inputClass =
  'mt-1 block w-full rounded-md border border-input bg-background px-3 py-2 text-base aria-[invalid=true]:border-destructive';

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

/** The app's modal dialog (moved to components/ when the admin and profile pages needed it too). */
export { Modal } from '../modal.tsx';
