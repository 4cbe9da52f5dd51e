import type { Context } from 'hono';
import type { TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

/** JSON text kept serialised (a cached answer), which remembers the value it was written from. */
export type JsonText<T> = string & { readonly jsonOf?: T };

/** Serialises once, keeping the value's type beside the text. */
export function toJsonText<T>(value: T): JsonText<T> {
  return JSON.stringify(value) as JsonText<T>;
}

/**
 * Answers 200 with JSON text already written, typed as the value it holds: the route's
 * answer type (read by the OpenAPI document, docs/decisions/294-openapi-responses-from-route-types.md)
 * stays what a `c.json(value)` would have said.
 */
export function jsonText<T>(c: Context, text: JsonText<T>): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  // The text is that value's JSON: only its type is told again.
  return c.body(text, 200, { 'content-type': 'application/json' }) as unknown as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}
