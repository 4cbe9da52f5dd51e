import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

declare const jsonOf: unique symbol;

/** A value already serialised with `JSON.stringify`, which still says the type it was serialised from. */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** `JSON.stringify(value)`, keeping `value`'s type for the answer that sends it. */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/**
 * Answers 200 with a body serialised earlier (a cached answer): the same bytes as `c.body`,
 * typed as `c.json(value)` would be, so the route's answer type reaches `AppType` (decision 282).
 */
export function jsonTextAnswer<T>(c: Context, text: JsonText<T>): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  return c.body(text, 200, { 'content-type': 'application/json' }) as unknown as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}
