import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { SignUpInput } from '../../../src/core/auth/credentials.ts';
import { ApiError } from '../../../src/web/lib/api-client.ts';
import { createSchemaForm, type SchemaFormOptions, serverIssues } from '../../../src/web/lib/schema-form.ts';

type Values = { fullName: string; email: string; password: string; termsAccepted: boolean };
const EMPTY: Values = { fullName: '', email: '', password: '', termsAccepted: false };

/** A form as the hook holds it, with what it was asked to focus and send. */
function signUpForm(options: Partial<Omit<SchemaFormOptions<typeof SignUpInput, Values>, 'schema'>> = {}, values: Partial<Values> = {}) {
  const sent: unknown[] = [];
  const renders = { count: 0 };
  const form = createSchemaForm<typeof SignUpInput, Values>(
    { ...EMPTY, ...values },
    { schema: SignUpInput, onSubmit: (data) => void sent.push(data), ...options },
    () => void renders.count++,
  );
  return { form, sent, renders };
}

const messages = (form: { state: { issues: Record<string, { message: string } | undefined> } }) =>
  Object.fromEntries(Object.entries(form.state.issues).map(([field, issue]) => [field, issue?.message]));

describe('the form engine behind useSchemaForm', () => {
  it('shows each invalid field its schema message (a translation key), sends nothing and focuses the first invalid field', async () => {
    const { form, sent } = signUpForm({}, { email: 'not an address', password: 'short' });
    await form.submit();
    expect(messages(form)).toEqual({ email: 'validation:email', password: 'validation:auth.passwordMin', termsAccepted: 'validation:auth.terms' });
    // The bound a message names travels with it, for the founder's language to say.
    expect(form.state.issues.password?.params).toEqual({ min: 8 });
    expect(sent).toEqual([]);
    expect(form.takeFocus()).toBe('email');
    // Focus is asked for once, not on every later render.
    expect(form.takeFocus()).toBeNull();
  });

  it('focuses the first invalid field in the order the fields are shown, not the order the schema reports them', async () => {
    const { form } = signUpForm({ order: ['fullName', 'termsAccepted', 'email', 'password'] }, { email: 'x' });
    await form.submit();
    expect(form.takeFocus()).toBe('termsAccepted');
  });

  it('lets a fixed field lose its message while the others keep theirs', async () => {
    const { form } = signUpForm({}, { password: 'short' });
    await form.submit();
    form.setValue('email', 'ada@example.com');
    expect(messages(form)).toEqual({ password: 'validation:auth.passwordMin', termsAccepted: 'validation:auth.terms' });
    expect(form.state.values.email).toBe('ada@example.com');
  });

  it('sends the parsed values (trimmed as the schema trims them) once everything passes', async () => {
    const { form, sent } = signUpForm({}, { email: '  ada@example.com ', password: 'long enough', termsAccepted: true });
    await form.submit();
    expect(sent).toEqual([{ email: 'ada@example.com', password: 'long enough', fullName: '', termsAccepted: true }]);
    expect(form.state.issues).toEqual({});
    expect(form.takeFocus()).toBeNull();
  });

  it('adds the issues of its own checks to the schema’s, at once', async () => {
    const { form } = signUpForm({ check: (values) => (values.fullName === '' ? [{ path: 'fullName', message: 'auth:validation.name' }] : []) }, { password: 'short' });
    await form.submit();
    expect(messages(form)).toMatchObject({ fullName: 'auth:validation.name', password: 'validation:auth.passwordMin' });
    expect(form.takeFocus()).toBe('fullName');
  });

  it('puts the field details of a 400 from the server on the same fields, by their key when they have one, and focuses the first of them', async () => {
    const refusal = new ApiError('VALIDATION_FAILED', 400, 'Invalid input', [
      { field: 'password', message: 'Password must be at least 8 characters', key: 'validation:auth.passwordMin', params: { min: 8 } },
      { path: ['email'], message: 'validation:email' },
      { field: 'unknownField', message: 'ignored' },
    ]);
    const onError = vi.fn();
    const { form } = signUpForm(
      { onSubmit: () => Promise.reject(refusal), onError },
      { email: 'ada@example.com', password: 'long enough', termsAccepted: true },
    );
    await form.submit();
    expect(messages(form)).toEqual({ email: 'validation:email', password: 'validation:auth.passwordMin' });
    expect(form.state.issues.password?.params).toEqual({ min: 8 });
    expect(form.takeFocus()).toBe('email');
    expect(onError).toHaveBeenCalledWith(refusal, true);
    expect(form.state.submitting).toBe(false);
  });

  it('maps a detail’s nested path onto the field that shows it', async () => {
    const schema = z.object({ list: z.string() });
    const refusal = new ApiError('VALIDATION_FAILED', 400, 'Invalid input', [{ field: 'recipients.2', message: 'validation:reports.email' }]);
    const form = createSchemaForm({ list: 'a@example.com' }, { schema, onSubmit: () => Promise.reject(refusal), fieldOf: (path) => (path.startsWith('recipients') ? 'list' : null), onError: () => {} }, () => {});
    await form.submit();
    expect(form.state.issues).toEqual({ list: { path: 'recipients.2', message: 'validation:reports.email' } });
  });

  it('leaves any other failure to the form: told whether it was shown on the fields, or thrown again without a handler', async () => {
    const limited = new ApiError('RATE_LIMITED', 429, 'Too many requests');
    const valid = { email: 'ada@example.com', password: 'long enough', termsAccepted: true };
    const onError = vi.fn();
    const handled = signUpForm({ onSubmit: () => Promise.reject(limited), onError }, valid);
    await handled.form.submit();
    expect(onError).toHaveBeenCalledWith(limited, false);
    expect(handled.form.state.issues).toEqual({});

    const unhandled = signUpForm({ onSubmit: () => Promise.reject(limited) }, valid);
    await expect(unhandled.form.submit()).rejects.toBe(limited);
    expect(unhandled.form.state.submitting).toBe(false);
  });

  it('is submitting while onSubmit runs, and ignores a second submit meanwhile', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { form } = signUpForm({ onSubmit }, { email: 'ada@example.com', password: 'long enough', termsAccepted: true });
    const first = form.submit();
    expect(form.state.submitting).toBe(true);
    await form.submit();
    finish();
    await first;
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(form.state.submitting).toBe(false);
  });
});

describe('serverIssues', () => {
  it('reads a detail’s key and params rather than its English message', () => {
    const refusal = new ApiError('VALIDATION_FAILED', 400, 'x', [{ field: 'about', message: 'Text is too long (max 5000 characters)', key: 'validation:tooLong', params: { max: 5000 } }]);
    expect(serverIssues(refusal)).toEqual([{ path: 'about', message: 'validation:tooLong', params: { max: 5000 } }]);
  });

  it('reads only a 400 VALIDATION_FAILED with a list of details', () => {
    expect(serverIssues(new ApiError('VALIDATION_FAILED', 400, 'x', [{ field: 'a.0', message: 'm' }, { path: ['b', 1], message: 'n' }, 'junk']))).toEqual([
      { path: 'a.0', message: 'm' },
      { path: 'b.1', message: 'n' },
    ]);
    expect(serverIssues(new ApiError('NOT_FOUND', 404, 'x', [{ field: 'a', message: 'm' }]))).toBeNull();
    expect(serverIssues(new Error('x'))).toBeNull();
  });
});

describe('values kept by the caller', () => {
  it('validates the values it is given and hands changes back', async () => {
    const changes: [string, unknown][] = [];
    const owned: Values = { ...EMPTY, email: 'ada@example.com', password: 'long enough' };
    const form = createSchemaForm<typeof SignUpInput, Values>(
      EMPTY,
      { schema: SignUpInput, values: owned, onValueChange: (name, value) => void changes.push([name, value]), onSubmit: () => {} },
      () => {},
    );
    await form.submit();
    expect(Object.keys(form.state.issues)).toEqual(['termsAccepted']);
    form.setValue('termsAccepted', true);
    expect(changes).toEqual([['termsAccepted', true]]);
    expect(form.state.issues).toEqual({});
    expect(form.state.values).toBe(owned);
  });
});
