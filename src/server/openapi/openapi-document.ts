import { z } from 'zod';
import type { RouterRoute } from 'hono/types';
import { routeMetadata, type BodyContent, type RouteMetadata, type RouteSummary } from '../http/route-doc.ts';
import { AUTH_ROUTE_DOCS } from './auth-route-docs.ts';
import ROUTE_RESPONSES from './route-responses.generated.json' with { type: 'json' };

type Response = { description: string; content?: Record<string, { schema: unknown }> };

/** What each route answers, by status, read from its own types by `npm run openapi:responses` (decision 294). */
const GENERATED: Record<string, Record<string, { mediaType: string | null; schema: unknown }>> = ROUTE_RESPONSES;

type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: unknown };

type Operation = {
  summary: string;
  tags: string[];
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required: true; content: Record<string, { schema: unknown }> };
  responses: Record<string, Response>;
};

/** The document as its own answer describes it: schemas inside are JSON Schema, left open. */
type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  components: Record<string, Record<string, unknown>>;
  paths: Record<string, Record<string, Operation>>;
};

/** One documented route: what its middlewares declared, gathered from its chain. */
type DocumentedRoute = { method: string; path: string; summary: RouteSummary; body?: BodyContent; query?: z.ZodType };

const ERROR_BODY = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

const ERROR_RESPONSES: Record<string, Response> = {
  '400': { description: 'VALIDATION_FAILED or SECURITY_VIOLATION', ...ERROR_BODY },
  '401': { description: 'UNAUTHENTICATED', ...ERROR_BODY },
  '404': { description: 'NOT_FOUND (also for another user’s object)', ...ERROR_BODY },
  '429': { description: 'RATE_LIMITED, with Retry-After', ...ERROR_BODY },
};

/** Every error answer's body (`AppError.toBody()` in src/server/platform/app-error.ts). */
const ERROR_SCHEMA = {
  type: 'object',
  properties: {
    error: {
      type: 'object',
      properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
      required: ['code', 'message'],
    },
  },
  required: ['error'],
};

const STATUS_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No content', '302': 'Found: a redirect', '410': 'Gone' };

/** A route's answers: from its types, else the media type its `documented` names, else only "OK". */
function successResponses(route: { method: string; path: string; summary: RouteSummary }): Record<string, Response> {
  const generated = GENERATED[`${route.method} ${route.path}`] ?? {};
  const responses: Record<string, Response> = {};
  for (const [status, { mediaType, schema }] of Object.entries(generated)) {
    const response: Response = { description: STATUS_TEXT[status] ?? status };
    if (mediaType && schema) response.content = { [mediaType]: { schema } };
    responses[status] = response;
  }
  const { answers } = route.summary;
  // A file or a stream: the route builds its Response itself, so its types say nothing of the body.
  if (answers && !responses['200']?.content) {
    const schema = answers.startsWith('text/') ? { type: 'string' } : { type: 'string', contentMediaType: answers };
    responses['200'] = { description: 'OK', content: { [answers]: { schema } } };
  }
  return Object.keys(responses).length > 0 ? responses : { '200': { description: 'OK' } };
}

/** Hono wraps a sub-app's handlers in one that applies its error handler, keeping the original here. */
const COMPOSED_HANDLER = '__COMPOSED_HANDLER';

function unwrapped(handler: object): object {
  const inner = (handler as Record<string, unknown>)[COMPOSED_HANDLER];
  return typeof inner === 'function' ? unwrapped(inner) : handler;
}

/** `METHOD /path` of every concrete API route (middleware and wildcards aside), as a client calls it. */
function isApiRoute(route: RouterRoute) {
  return route.method !== 'ALL' && route.path.startsWith('/api/') && !route.path.includes('*');
}

function routeKey(route: { method: string; path: string }) {
  return `${route.method} ${route.path.replace(/(.)\/$/, '$1')}`;
}

/**
 * The routes the app serves, each with what its `documented` / `jsonBody` / `queryOf` /
 * `readsBody` middlewares declare; a route without `documented` has no summary here.
 */
export function servedRoutes(routes: RouterRoute[]) {
  const byKey = new Map<string, { method: string; path: string } & RouteMetadata>();
  for (const route of routes.filter(isApiRoute)) {
    const key = routeKey(route);
    const [method, path] = key.split(' ') as [string, string];
    const entry = byKey.get(key) ?? { method, path };
    byKey.set(key, { ...entry, ...routeMetadata(unwrapped(route.handler)) });
  }
  return [...byKey.values()];
}

/** Hono's `:param` becomes OpenAPI's `{param}`. */
function toOpenApiPath(path: string) {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

// `io: 'input'` describes what a client sends (before defaults and transforms).
const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;

function queryParameters(schema: z.ZodType): Parameter[] {
  const { properties = {}, required = [] } = jsonSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(properties).map(([name, property]) => ({ name, in: 'query', required: required.includes(name), schema: property }));
}

function operation(route: DocumentedRoute): Operation {
  const params: Parameter[] = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({
    name: match[1]!,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (route.query) params.push(...queryParameters(route.query));
  const { summary } = route;
  const op: Operation = { summary: summary.summary, tags: [summary.tag], responses: { ...successResponses(route), ...ERROR_RESPONSES } };
  if (!summary.public) op.security = [{ sessionCookie: [] }];
  if (params.length > 0) op.parameters = params;
  if (route.body) {
    const content = Object.entries(route.body).map(([mediaType, schema]) => [mediaType, { schema: schema ? jsonSchema(schema) : { type: 'string' } }]);
    op.requestBody = { required: true, content: Object.fromEntries(content) };
  }
  return op;
}

/**
 * The OpenAPI 3.1 document served at /api/openapi.json (docs/product.md#api), read from
 * the app's own routes: each route's `documented` summary and the schemas its middlewares
 * validate with (docs/decisions/146-openapi-from-routes.md). Better Auth's routes sit
 * behind one wildcard, so they are listed by hand.
 */
export function buildOpenApiDocument(routes: RouterRoute[], appUrl: string): OpenApiDocument {
  const paths: Record<string, Record<string, Operation>> = {};
  const documentedRoutes = servedRoutes(routes).filter((route): route is DocumentedRoute => route.summary !== undefined);
  const authRoutes = Object.entries(AUTH_ROUTE_DOCS).map(([key, summary]) => {
    const [method, path] = key.split(' ') as [string, string];
    return { method, path, summary };
  });
  for (const route of [...documentedRoutes, ...authRoutes]) {
    const openApiPath = toOpenApiPath(route.path);
    paths[openApiPath] ??= {};
    paths[openApiPath][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Rumbo API', version: '1', description: 'JSON bodies use camelCase; errors are { error: { code, message, details? } }.' },
    servers: [{ url: appUrl }],
    components: {
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'rumbo.session_token' } },
      schemas: { Error: ERROR_SCHEMA },
    },
    paths,
  };
}
