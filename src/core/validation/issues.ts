import type { z } from 'zod';

/**
 * Every message of a shared schema is a translation key of the `validation` namespace
 * (`validation:tasks.hypothesisMin`), with the numbers it names as params
 * (docs/decisions/236-schema-messages-are-keys.md). The texts live beside this file
 * (`locales/<language>.json`): the browser shows them in the founder's language and the
 * server answers a 400 with the English one (english.ts).
 */
export const VALIDATION_NAMESPACE = 'validation';

/** The values a message names: `{{min}}`, `{{max}}`, `{{keys}}`. */
export type MessageParams = Record<string, string | number>;

/** One field's problem as a form or an answer carries it: the key and its params. */
export type KeyedIssue = { path: string; key: string; params?: MessageParams };

const key = (name: string) => `${VALIDATION_NAMESPACE}:${name}`;

/**
 * The key for an issue the schema gave no message of its own (zod's built-in checks:
 * a wrong type, `.max(200)`, an unknown field). Passed as `safeParse(value, { error })`,
 * so a schema's own keys win and nothing else zod parses is touched.
 */
export function defaultIssueKey(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // A field left out is an empty one, unless a number was expected.
      return key(issue.expected === 'number' ? 'number' : issue.input === undefined ? 'empty' : 'invalid');
    case 'too_big':
      return key(issue.origin === 'string' ? 'tooLong' : issue.origin === 'array' || issue.origin === 'set' ? 'tooMany' : 'tooLarge');
    case 'too_small':
      return key(issue.origin === 'string' ? 'tooShort' : issue.origin === 'array' || issue.origin === 'set' ? 'tooFew' : 'tooSmall');
    case 'invalid_format':
      return key(issue.format === 'email' ? 'email' : issue.format === 'url' ? 'url' : issue.format === 'date' ? 'date' : 'invalid');
    case 'invalid_value':
      return key('choose');
    case 'unrecognized_keys':
      return key('unknownField');
    default:
      return key('invalid');
  }
}

/** What `safeParse` takes so that zod's own messages are keys too. */
export const KEYED = { error: (issue: z.core.$ZodRawIssue) => defaultIssueKey(issue) } as const;

/** The params an issue's message names: its bounds, its unknown keys, and a refinement's own `params`. */
export function issueParams(issue: z.core.$ZodIssue): MessageParams | undefined {
  const params: MessageParams = {};
  if (issue.code === 'too_small') params.min = Number(issue.minimum);
  if (issue.code === 'too_big') params.max = Number(issue.maximum);
  if (issue.code === 'unrecognized_keys') params.keys = issue.keys.join(', ');
  if (issue.code === 'custom' && issue.params) Object.assign(params, issue.params);
  return Object.keys(params).length > 0 ? params : undefined;
}

/** A failed parse's issues as keyed issues, paths joined with dots. */
export function keyedIssues(error: z.ZodError): KeyedIssue[] {
  return error.issues.map((issue) => {
    const params = issueParams(issue);
    return { path: issue.path.map(String).join('.'), key: issue.message, ...(params ? { params } : {}) };
  });
}
