import type { z } from 'zod';
import { issueParams, KEYED, type MessageParams } from '../../core/validation/issues.ts';
import { ApiError, detailKey } from './api-client.ts';

/**
 * The engine behind `useSchemaForm` (use-schema-form.ts), free of React so it can be tested
 * on its own: values, the field issues of the last check (client or server), and a submit
 * that validates with the shared schema, says which field to focus, calls `onSubmit` and
 * puts a 400's `details` on the fields they name (docs/decisions/228-one-form-hook.md).
 */

/**
 * A problem with one field: its path as the schema or server gives it, and the schema's
 * message, a translation key (`validation:tasks.hypothesisMin`, decision 236), with the
 * params it names.
 */
export type FieldIssue = { path: string; message: string; params?: MessageParams };

export type SchemaFormOptions<S extends z.ZodType, V extends Record<string, unknown>> = {
  /** The shared schema the values are checked with (it may change with the form's mode). */
  schema: S;
  /** What the schema parses, from the form's values (numbers from text, '' as absent…); the values as they are by default. */
  toInput?: (values: V) => unknown;
  /** Checks the schema cannot make alone; their issues show with the schema's at once, before the schema's on the same field. */
  check?: (values: V) => FieldIssue[];
  /** Runs with the parsed values once they pass. A thrown 400 with field `details` shows them on the fields. */
  onSubmit: (data: z.output<S>, values: V) => Promise<unknown> | unknown;
  /** Any failure of `onSubmit`; `onFields` says whether its details were shown on the fields. Without it, a failure not shown on the fields is thrown again. */
  onError?: (error: unknown, onFields: boolean) => void;
  /** Which field an issue's path belongs to (`recipients.3` → `list`); by default the path itself, else its first segment, if that is a field. */
  fieldOf?: (path: string) => string | null;
  /** The values, when the caller keeps them (a draft owned above the form); changes then go to `onValueChange`. */
  values?: V;
  onValueChange?: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** The order fields are shown in, for the first one to focus; the initial values' order by default. */
  order?: readonly (keyof V & string)[];
};

export type SchemaFormState<V> = {
  values: V;
  /** The first problem zod found in each field that has one. */
  issues: Partial<Record<keyof V & string, FieldIssue>>;
  submitting: boolean;
  /** The field to focus once the errors are shown; taken (and cleared) by `takeFocus`. */
  focus: (keyof V & string) | null;
};

/**
 * The field issues of a 400 VALIDATION_FAILED: `details` as the server sends them
 * (`{ field, message, key?, params? }`: the key, when there is one, is what the founder reads
 * in their language; `message` is its English text) or as zod issues (`{ path, message }`).
 */
export function serverIssues(error: unknown): FieldIssue[] | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details)) return null;
  const issues: FieldIssue[] = [];
  for (const detail of error.details as unknown[]) {
    if (!detail || typeof detail !== 'object') continue;
    const { field, path, params } = detail as { field?: unknown; path?: unknown; params?: unknown };
    const shown = detailKey(detail);
    if (shown === undefined) continue;
    const named = params && typeof params === 'object' ? { params: params as MessageParams } : {};
    if (typeof field === 'string') issues.push({ path: field, message: shown, ...named });
    else if (Array.isArray(path)) issues.push({ path: path.map(String).join('.'), message: shown, ...named });
  }
  return issues;
}

/** A schema's issues as field issues (paths joined with dots, the bounds a message names as params). */
export function schemaIssues(issues: readonly z.core.$ZodIssue[]): FieldIssue[] {
  return issues.map((issue) => {
    const params = issueParams(issue);
    return { path: issue.path.map(String).join('.'), message: issue.message, ...(params ? { params } : {}) };
  });
}

export function createSchemaForm<S extends z.ZodType, V extends Record<string, unknown>>(
  initialValues: V,
  firstOptions: SchemaFormOptions<S, V>,
  changed: () => void,
) {
  type Name = keyof V & string;
  let current = firstOptions;
  const options = () => current;
  let state: SchemaFormState<V> = { values: initialValues, issues: {}, submitting: false, focus: null };
  const set = (next: Partial<SchemaFormState<V>>) => {
    state = { ...state, ...next };
    changed();
  };
  const valuesNow = () => current.values ?? state.values;
  const fields = () => Object.keys(valuesNow()) as Name[];
  const fieldOf = (path: string): Name | null => {
    const own = options().fieldOf;
    if (own) return own(path) as Name | null;
    const names: string[] = fields();
    if (names.includes(path)) return path as Name;
    const first = path.split('.')[0] ?? '';
    return names.includes(first) ? (first as Name) : null;
  };

  /** Puts issues on their fields (the first per field wins) and picks the first of them, in field order, to focus. */
  function show(issues: readonly FieldIssue[]): boolean {
    const byField: SchemaFormState<V>['issues'] = {};
    for (const issue of issues) {
      const field = fieldOf(issue.path);
      if (field !== null) byField[field] ??= issue;
    }
    const order = options().order ?? fields();
    const first = order.find((field) => byField[field]) ?? null;
    set({ issues: byField, focus: first });
    return first !== null;
  }

  async function submit(): Promise<void> {
    if (state.submitting) return;
    const { schema, toInput, check, onSubmit, onError } = options();
    const values = valuesNow();
    const parsed = schema.safeParse(toInput ? toInput(values) : values, KEYED);
    // A form's own check is the more precise where both find a problem in one field: it comes first.
    const issues = [...(check?.(values) ?? []), ...(parsed.success ? [] : schemaIssues(parsed.error.issues))];
    if (issues.length > 0 || !parsed.success) {
      show(issues);
      return;
    }
    set({ issues: {}, submitting: true });
    try {
      await onSubmit(parsed.data, values);
    } catch (error) {
      const fromServer = serverIssues(error);
      const onFields = fromServer !== null && show(fromServer);
      if (onError) onError(error, onFields);
      else if (!onFields) throw error;
    } finally {
      set({ submitting: false });
    }
  }

  return {
    /** The latest options (a new render's schema, onSubmit, translations…). */
    configure(next: SchemaFormOptions<S, V>) {
      current = next;
    },
    get state(): SchemaFormState<V> {
      return { ...state, values: valuesNow() };
    },
    /** A new value for a field; its message goes, as the founder is fixing it. */
    setValue<K extends Name>(name: K, value: V[K]) {
      const { [name]: _fixed, ...issues } = state.issues;
      if (current.values) current.onValueChange?.(name, value);
      set({ values: current.values ? state.values : { ...state.values, [name]: value }, issues: issues as SchemaFormState<V>['issues'] });
    },
    /** Takes a field's message away (another field's change settles it). */
    clearIssue(name: Name) {
      const { [name]: _settled, ...issues } = state.issues;
      set({ issues: issues as SchemaFormState<V>['issues'] });
    },
    /** Several values at once (a draft, a prefill), leaving the messages as they are. */
    patch(values: Partial<V>) {
      set({ values: { ...state.values, ...values } });
    },
    /** Back to `values` (the initial ones by default), without messages. */
    reset(values: V = initialValues) {
      set({ values, issues: {}, focus: null });
    },
    /** Shows issues found elsewhere (an auth service's answer, a check after submit) on their fields. */
    show,
    submit,
    /** The field to focus now, once. */
    takeFocus(): Name | null {
      const field = state.focus;
      if (field !== null) state = { ...state, focus: null };
      return field;
    },
  };
}

export type SchemaForm<S extends z.ZodType, V extends Record<string, unknown>> = ReturnType<typeof createSchemaForm<S, V>>;
