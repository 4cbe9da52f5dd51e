import type { ExtractSchema } from 'hono/types';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { AppType } from '../../server/app.ts';
import { apiFetch } from './api-client.ts';

/**
 * The API's route table, read from the server app's type (decision 282): every route as
 * `'GET /api/metrics/summary'`, with what it answers and what it reads. A path and its
 * answer type cannot drift apart: the answer is the handler's own, as Hono infers it.
 */
type Schema = ExtractSchema<AppType>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type RoutesOf<S> = S extends unknown
  ? { [P in keyof S & string]: { [M in keyof S[P] & `$${Method}`]: M extends `$${infer Name}` ? `${Uppercase<Name>} ${P}` : never }[keyof S[P] & `$${Method}`] }[keyof S & string]
  : never;

/** Every API route, `METHOD /path` with Hono's `:name` parameters. */
export type ApiRoute = RoutesOf<Schema>;

type EndpointIn<S, M extends string, P extends string> = S extends unknown
  ? P extends keyof S
    ? `$${Lowercase<M>}` extends keyof S[P]
      ? S[P][`$${Lowercase<M>}`]
      : never
    : never
  : never;
type EndpointOf<R extends ApiRoute> = R extends `${infer M} ${infer P}` ? EndpointIn<Schema, M, P> : never;

/** What one way of answering gives `apiFetch`: a JSON body as Hono types it, `null` for a 204; refusals throw. */
type Answered<E> = E extends { status: infer Status; output: infer Output; outputFormat: infer Format }
  ? [Extract<Status, SuccessStatusCode>] extends [never]
    ? never
    : Format extends 'json'
      ? Output
      : 204 extends Status
        ? null
        : unknown
  : never;

/** What a route answers when it succeeds. */
export type ApiAnswer<R extends ApiRoute> = Answered<EndpointOf<R>>;

type StripPattern<Name extends string> = Name extends `${infer Bare}{${string}` ? Bare : Name;
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? StripPattern<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? StripPattern<Name>
    : never;
type PathOf<R extends string> = R extends `${string} ${infer P}` ? P : never;

/** The JSON body a route validates, when it reads one. */
export type ApiBody<R extends ApiRoute> = EndpointOf<R> extends { input: { json: infer Body } } ? Body : never;

/** What a call sends: the path's parameters, a query string, a JSON body, and anything else `fetch` takes. */
export type ApiRequest<R extends ApiRoute> = ([ParamNames<PathOf<R>>] extends [never] ? { params?: never } : { params: Record<ParamNames<PathOf<R>>, string | number> }) & {
  query?: Record<string, string>;
  json?: ApiBody<R>;
  init?: RequestInit;
};

type RequestArguments<R extends ApiRoute> = [ParamNames<PathOf<R>>] extends [never] ? [request?: ApiRequest<R>] : [request: ApiRequest<R>];

/** The path a route's template names with these parameters and query. */
export function routePath(template: string, params: Record<string, string | number> = {}, query?: Record<string, string>): string {
  const path = template.replace(/:(\w+)(\{[^}]*\})?/g, (_match, name: string) => encodeURIComponent(String(params[name])));
  const search = query ? new URLSearchParams(query).toString() : '';
  return search ? `${path}?${search}` : path;
}

/** Calls one API route (`api('GET /api/metrics/summary', { query: { range } })`), answering its handler's type; throws ApiError as `apiFetch` does. */
export function api<R extends ApiRoute>(route: R, ...[request]: RequestArguments<R>): Promise<ApiAnswer<R>> {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  const { params, query, json, init } = (request ?? {}) as { params?: Record<string, string | number>; query?: Record<string, string>; json?: unknown; init?: RequestInit };
  const body = json === undefined ? init?.body : JSON.stringify(json);
  return apiFetch<ApiAnswer<R>>(routePath(route.slice(space + 1), params, query), {
    ...init,
    ...(method === 'GET' ? {} : { method }),
    ...(body === undefined ? {} : { body }),
  });
}
