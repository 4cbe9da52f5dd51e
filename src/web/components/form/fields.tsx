import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { completeWebAddress } from '../../../core/security/validate.ts';

/**
 * Labelled form controls with their error and hint tied to the control
 * (aria-describedby, aria-invalid), so screen readers announce them.
 */
export const inputClass =
  'mt-1 block w-full rounded-md border border-input bg-background px-3 text-base aria-[invalid=true]:border-destructive focus-visible:outline-2 focus-visible:outline-ring';

type Common = { label: string; error?: string | undefined; hint?: string | undefined; required?: boolean; className?: string };

/** A live character count, shown near a field's limit (decision 035); `over` when past it. */
export type CharacterCount = { text: string; over: boolean };

function Described({ id, error, hint, count }: { id: string; error?: string | undefined; hint?: string | undefined; count?: CharacterCount | undefined }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {count ? (
        <p id={`${id}-count`} className={cn('mt-1 text-xs tabular-nums', count.over ? 'font-medium text-destructive' : 'text-muted-foreground')}>
          {count.text}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}

const describedBy = (id: string, error?: string, hint?: string, count?: CharacterCount) =>
  [hint ? `${id}-hint` : null, count ? `${id}-count` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/**
 * A text input or textarea. Its limit is not a `maxLength`, which would cut a paste short
 * without a word; `count` shows how close the text is, and validation says when it is over.
 */
export function TextField({
  label, value, onChange, error, hint, required, className, multiline, type = 'text', autoComplete, count, name,
}: Common & {
  value: string;
  onChange: (value: string) => void;
  multiline?: boolean;
  type?: 'text' | 'url' | 'time' | 'email' | 'password';
  autoComplete?: string;
  count?: CharacterCount | undefined;
  name: string;
}) {
  const id = useId();
  const props = {
    id,
    name,
    value,
    required,
    'aria-invalid': error || count?.over ? true : undefined,
    'aria-describedby': describedBy(id, error, hint, count),
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {multiline ? (
        <textarea {...props} rows={4} onChange={(event) => onChange(event.target.value)} className={cn(inputClass, 'py-2')} />
      ) : (
        <input
          {...props}
          type={type}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          // `acme.com` means https://acme.com: shown completed as the founder leaves the field, as the server stores it.
          onBlur={type === 'url' ? () => value.trim() !== '' && completeWebAddress(value) !== value && onChange(completeWebAddress(value)) : undefined}
          className={cn(inputClass, 'h-11')}
        />
      )}
      <Described id={id} error={error} hint={hint} count={count} />
    </div>
  );
}

export type Option = { value: string; label: string };

export function SelectField({
  label, value, onChange, options, error, hint, required, className, placeholder, name,
}: Common & { value: string; onChange: (value: string) => void; options: readonly Option[]; placeholder?: string; name: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
        className={cn(inputClass, 'h-11')}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Described id={id} error={error} hint={hint} />
    </div>
  );
}

/** A choice among a few options, shown as a radio group (team size, phase, founder type). */
export function ChoiceField({
  label, value, onChange, options, error, hint, className, name,
}: Common & { value: string; onChange: (value: string) => void; options: readonly Option[]; name: string }) {
  const id = useId();
  return (
    <fieldset className={className} aria-describedby={describedBy(id, error, hint)} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium">{label}</legend>
      <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
          >
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} className="size-4 accent-[var(--primary)]" />
            {option.label}
          </label>
        ))}
      </div>
      <Described id={id} error={error} hint={hint} />
    </fieldset>
  );
}

/** An on/off setting with what it means underneath. */
export function SwitchField({
  label, checked, onChange, hint, disabled, name, children,
}: { label: string; checked: boolean; onChange: (checked: boolean) => void; hint?: string; disabled?: boolean; name: string; children?: ReactNode }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="mt-1 text-sm text-muted-foreground">
            {hint}
          </p>
        ) : null}
        {children}
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-1 size-5 shrink-0 accent-[var(--primary)]"
      />
    </div>
  );
}

