import { z } from 'zod';
import { AUTH_ROUTE_DOCS, ROUTE_DOCS, type RouteDoc } from './route-docs.ts';

type Operation = {
  summary: string;
  tags: string[];
  security?: unknown[];
  parameters?: { name: string; in: 'path'; required: true; schema: { type: 'string' } }[];
  requestBody?: { required: true; content: Record<string, { schema: unknown }> };
  responses: Record<string, { description: string }>;
};

const ERROR_RESPONSES = {
  '400': { description: 'VALIDATION_FAILED or SECURITY_VIOLATION' },
  '401': { description: 'UNAUTHENTICATED' },
  '404': { description: 'NOT_FOUND (also for another user’s object)' },
  '429': { description: 'RATE_LIMITED, with Retry-After' },
};

/** Hono's `:param` becomes OpenAPI's `{param}`. */
function toOpenApiPath(path: string) {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operation(path: string, doc: RouteDoc): Operation {
  const params = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => ({
    name: match[1]!,
    in: 'path' as const,
    required: true as const,
    schema: { type: 'string' as const },
  }));
  const op: Operation = { summary: doc.summary, tags: [doc.tag], responses: { '200': { description: 'OK' }, ...ERROR_RESPONSES } };
  if (!doc.public) op.security = [{ sessionCookie: [] }];
  if (params.length > 0) op.parameters = params;
  if (doc.body) {
    // `io: 'input'` describes what a client sends (before defaults and transforms).
    const schema = z.toJSONSchema(doc.body, { io: 'input', unrepresentable: 'any' });
    op.requestBody = { required: true, content: { 'application/json': { schema } } };
  } else if (doc.bodyType) {
    op.requestBody = { required: true, content: { [doc.bodyType]: { schema: { type: 'string' } } } };
  }
  return op;
}

/** The OpenAPI 3.1 document served at /api/openapi.json (docs/product.md#api). */
export function buildOpenApiDocument(appUrl: string) {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [key, doc] of Object.entries({ ...ROUTE_DOCS, ...AUTH_ROUTE_DOCS })) {
    const [method, path] = key.split(' ') as [string, string];
    const openApiPath = toOpenApiPath(path);
    paths[openApiPath] ??= {};
    paths[openApiPath][method.toLowerCase()] = operation(path, doc);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Rumbo API', version: '1', description: 'JSON bodies use camelCase; errors are { error: { code, message, details? } }.' },
    servers: [{ url: appUrl }],
    components: { securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: 'rumbo.session_token' } } },
    paths,
  };
}
