import { type ChangeEvent, type FormEvent, useEffect, useId, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useValidationTexts } from '../i18n/validation-texts.ts';
import { createSchemaForm, type FieldIssue, type SchemaFormOptions } from './schema-form.ts';

export type { FieldIssue } from './schema-form.ts';
export { serverIssues } from './schema-form.ts';

type Options<S extends z.ZodType, V extends Record<string, unknown>> = Omit<SchemaFormOptions<S, V>, 'schema'> & {
  /** The text shown for an issue; by default its message, a translation key with its namespace (`validation:email`), and its params. */
  translate?: (issue: FieldIssue, values: V) => string;
};

/** A change as a value, or as the event of a native control (a checkbox gives `checked`). */
type Change<T> = T | ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>;

const isEvent = (change: unknown): change is ChangeEvent<HTMLInputElement> =>
  typeof change === 'object' && change !== null && 'target' in change && 'nativeEvent' in change;

/** Focuses a field by its name: a radio group's chosen option (else its first), else the control; else the first control marked invalid. */
function focusField(form: HTMLFormElement | null, name: string) {
  if (!form) return;
  const named = [...form.querySelectorAll<HTMLElement>(`[name="${CSS.escape(name)}"]`)];
  const target = named.find((element) => element instanceof HTMLInputElement && element.checked) ?? named[0] ?? form.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (target instanceof HTMLFieldSetElement) target.querySelector<HTMLElement>('input, select, textarea')?.focus();
  else target?.focus();
}

/**
 * The one way a form is wired (docs/decisions/228-one-form-hook.md): values, a shared schema
 * that validates them on submit, its messages (translation keys) under their fields, the
 * first invalid field focused, and a 400's field `details` shown on the same fields.
 *
 * `field(name)` is for a bare control (an id, and aria-invalid/aria-describedby tied to the
 * message at `errorId(name)`); `control(name)` is for the labelled components of
 * components/form/, which tie their own ids from `error`.
 */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, unknown>>(schema: S, initialValues: V, options: Options<S, V>) {
  type Name = keyof V & string;
  const { t } = useTranslation();
  useValidationTexts();
  const prefix = useId();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const [form] = useState(() => createSchemaForm<S, V>(initialValues, { ...options, schema }, rerender));
  // Submits use this render's schema and callbacks.
  useLayoutEffect(() => form.configure({ ...options, schema }));
  const { values, issues, submitting } = form.state;

  // After the messages are shown, the keyboard goes to the first field that needs fixing.
  useEffect(() => {
    const name = form.takeFocus();
    if (name !== null) focusField(formRef.current, name);
  });

  const translate = options.translate ?? ((issue: FieldIssue) => t(issue.message, issue.params));
  const errors: Partial<Record<Name, string>> = {};
  for (const [name, issue] of Object.entries(issues) as [Name, FieldIssue | undefined][]) if (issue) errors[name] = translate(issue, values);

  const id = (name: Name) => `${prefix}-${name}`;
  const errorId = (name: Name) => `${id(name)}-error`;
  const onChange =
    <K extends Name>(name: K) =>
    (change: Change<V[K]>) =>
      form.setValue(name, (isEvent(change) ? (change.target.type === 'checkbox' ? change.target.checked : change.target.value) : change) as V[K]);

  return {
    values,
    errors,
    submitting,
    setValue: form.setValue,
    patch: form.patch,
    clearError: form.clearIssue,
    reset: form.reset,
    /** Shows issues found outside the schema (an auth service's answer) on their fields. */
    showIssues: form.show,
    id,
    errorId,
    /** Props of a bare control; `describedBy` lists ids shown before the message (a hint, a count). */
    field<K extends Name>(name: K, describedBy: readonly string[] = []) {
      const ids = [...describedBy, ...(errors[name] ? [errorId(name)] : [])];
      return {
        id: id(name),
        name,
        value: values[name],
        onChange: onChange(name),
        'aria-invalid': errors[name] ? true : undefined,
        'aria-describedby': ids.length > 0 ? ids.join(' ') : undefined,
      };
    },
    /** Props of a labelled component (components/form/): its value, change and message. */
    control<K extends Name>(name: K) {
      return { name, value: values[name], onChange: onChange(name), error: errors[name] };
    },
    /** The form's onSubmit: checks with the schema, then runs `onSubmit`. */
    handleSubmit(event: FormEvent<HTMLFormElement>) {
      event.preventDefault();
      formRef.current = event.currentTarget;
      return form.submit();
    },
  };
}
