import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppBindings } from './context.ts';
import { AppError } from '../platform/app-error.ts';
import { checkBody, parseJsonBody, parseParams, parseQuery, safeParseKeyed } from './validate.ts';

/**
 * What the OpenAPI document says about a route besides its body: a summary, a tag, whether it
 * needs a session, and the media type of an answer its types cannot show (a CSV or PDF file,
 * an event stream); JSON answers are read from the route's own types (decision 294).
 */
export type RouteSummary = { summary: string; tag: string; public?: boolean; answers?: string };

/** A request body by media type: the schema its fields are validated with, or null for opaque bytes (CSV, a signed webhook). */
export type BodyContent = Record<string, z.ZodType | null>;

/** What one middleware of a route's chain tells the document (docs/decisions/146-openapi-from-routes.md). */
export type RouteMetadata = { summary?: RouteSummary; body?: BodyContent; query?: z.ZodType };

const metadata = new WeakMap<object, RouteMetadata>();

/** The metadata a middleware carries, if it is one of ours. */
export function routeMetadata(handler: object): RouteMetadata | undefined {
  return metadata.get(handler);
}

function described<M extends object>(middleware: M, meta: RouteMetadata): M {
  metadata.set(middleware, meta);
  return middleware;
}

/** Pure metadata: the route's summary and tag in the OpenAPI document; `public` routes need no session cookie. */
export function documented(summary: RouteSummary): MiddlewareHandler<AppBindings> {
  return described<MiddlewareHandler<AppBindings>>((_c, next) => next(), { summary });
}

/** A middleware that validates one part of the request and hands it to the handler typed, read with `c.req.valid(target)`. */
type Validated<Target extends 'json' | 'query' | 'param', T extends z.ZodType> = MiddlewareHandler<
  AppBindings,
  string,
  { in: { [K in Target]: z.input<T> }; out: { [K in Target]: z.output<T> } }
>;

function validating<Target extends 'json' | 'query' | 'param', T extends z.ZodType>(
  target: Target,
  parse: (c: Context<AppBindings>) => z.output<T> | Promise<z.output<T>>,
  meta: RouteMetadata,
): Validated<Target, T> {
  // Hono's own validated-data store, as hono/validator fills it.
  return described<Validated<Target, T>>(async (c, next) => {
    c.req.addValidatedData(target, (await parse(c)) as object);
    await next();
  }, meta);
}

/**
 * The JSON body, read and validated by parseJsonBody (strict UTF-8, the security audit,
 * 400 VALIDATION_FAILED naming the fields) before the handler runs, which reads it with
 * `c.req.valid('json')`. The same schema is the body in the OpenAPI document.
 */
export function jsonBody<T extends z.ZodType>(schema: T): Validated<'json', T> {
  return validating<'json', T>('json', (c) => parseJsonBody(c, schema), { body: { 'application/json': schema } });
}

/** The query string, validated by parseQuery and read with `c.req.valid('query')`; its fields become the document's query parameters. */
export function queryOf<T extends z.ZodType>(schema: T): Validated<'query', T> {
  return validating<'query', T>('query', (c) => parseQuery(c, schema), { query: schema });
}

/** How many query texts pureQueryOf keeps per route: a client varying its query only empties the store. */
const PURE_QUERIES_KEPT = 64;

/**
 * queryOf for a schema whose value depends on the query text alone (fixed defaults, no clock):
 * the value is kept per query text, so a read asked again with the same query skips decoding,
 * normalising and validating it. Frozen, since requests share it; a refused query is not kept.
 */
export function pureQueryOf<T extends z.ZodType>(schema: T): Validated<'query', T> {
  const known = new Map<string, z.output<T>>();
  return validating<'query', T>(
    'query',
    (c) => {
      const url = c.req.url;
      const start = url.indexOf('?');
      const text = start < 0 ? '' : url.slice(start);
      const kept = known.get(text);
      if (kept !== undefined) return kept;
      const value = parseQuery(c, schema);
      Object.freeze(value);
      if (known.size >= PURE_QUERIES_KEPT) known.clear();
      known.set(text, value);
      return value;
    },
    { query: schema },
  );
}

/**
 * The path's parameters, validated by parseParams and read with `c.req.valid('param')` (before a body, as handlers read them).
 * `{ invalid: 'NOT_FOUND' }`: a parameter that can name no row answers 404 rather than 400 (a flag's name, a version number).
 */
export function paramsOf<T extends z.ZodType>(schema: T, options: { invalid?: 'NOT_FOUND' } = {}): Validated<'param', T> {
  return validating<'param', T>(
    'param',
    (c) => {
      if (!options.invalid) return parseParams(c, schema);
      const result = safeParseKeyed(schema, c.req.param());
      if (!result.success) throw new AppError(options.invalid);
      return result.data;
    },
    {},
  );
}

/** Like jsonBody, for a body that may be left out (an API client sends none, a form sends its fields): none reads as `{}`. */
export function optionalJsonBody<T extends z.ZodType>(schema: T): Validated<'json', T> {
  return validating<'json', T>('json', async (c) => ((await c.req.text()).trim() === '' ? checkBody(c, {}, schema) : parseJsonBody(c, schema)), {
    body: { 'application/json': schema },
  });
}

/**
 * Pure metadata for a body the handler reads itself (a multipart form with files, a CSV
 * import, a signed webhook): each media type with the schema of its fields, or null.
 */
export function readsBody(content: BodyContent): MiddlewareHandler<AppBindings> {
  return described<MiddlewareHandler<AppBindings>>((_c, next) => next(), { body: content });
}
