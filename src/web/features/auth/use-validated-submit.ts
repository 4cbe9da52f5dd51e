import { useState } from 'react';
import type { z } from 'zod';
import { fieldErrors } from '../../components/form/form-parts.tsx';

/**
 * The auth forms' submit: read the form, check it with the same zod schema the
 * server's rules come from, show field errors, else run `submit` with the parsed
 * values while `pending` is true.
 */
export function useValidatedSubmit<S extends z.ZodType, K extends string = string>(
  schema: S,
  read: (form: FormData) => unknown,
  submit: (values: z.infer<S>, form: FormData) => Promise<void>,
) {
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = schema.safeParse(read(form));
    if (!parsed.success) {
      setErrors(fieldErrors<K>(parsed.error.issues));
      return;
    }
    setErrors({});
    setPending(true);
    try {
      await submit(parsed.data, form);
    } finally {
      setPending(false);
    }
  }

  return { errors, pending, onSubmit };
}

/** A text field of a FormData, '' when absent. */
export const formText = (form: FormData, name: string) => String(form.get(name) ?? '');
