import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { StrategyInput } from '../../src/core/strategy/strategy-schema.ts';
import { servedRoutes } from '../../src/server/openapi/openapi-document.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Schema = { required?: string[]; properties?: Record<string, unknown> };
type Responses = Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
type OpenApi = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      { summary: string; security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Responses }
    >
  >;
};

/** An operation says what it answers when each success has a body schema, or is a 204 or a redirect, which have none. */
const declaresAnswers = (responses: Responses) => {
  const successes = Object.entries(responses).filter(([status]) => /^[23]/.test(status));
  return successes.length > 0 && successes.every(([status, response]) => status === '204' || status.startsWith('3') || response.content !== undefined);
};

/** The schema with every object closed: an answer's field the document does not name fails it too. */
function closed(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closed);
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, key === 'properties' ? Object.fromEntries(Object.entries(value as object).map(([name, inner]) => [name, closed(inner)])) : closed(value)]));
  return copy.type === 'object' && !('additionalProperties' in copy) ? { ...copy, additionalProperties: false } : copy;
}

const openApi = async () => (await (await t.request('/api/openapi.json')).json()) as OpenApi;
const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('documents every route the app serves, from the `documented` beside it, and the documented auth calls', async () => {
    const routes = servedRoutes(t.app.routes);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !route.summary).map((route) => `${route.method} ${route.path}`)).toEqual([]);

    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as OpenApi;
    expect(document.openapi).toBe('3.1.0');
    for (const route of routes)
      expect(document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.summary, `${route.method} ${route.path}`).toBe(route.summary?.summary);
    expect(Object.keys(document.paths['/api/me'] ?? {}).sort()).toEqual(['get', 'patch']);
    expect(document.paths['/api/auth/sign-in/email']).toHaveProperty('post');
  });

  it('marks public routes without the session cookie and names path parameters', async () => {
    const document = await openApi();
    expect(document.paths['/api/health']?.get?.security).toBeUndefined();
    expect(document.paths['/api/tasks']?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/tasks/{id}']?.patch?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path' })]));
  });

  it('lists the query parameters a route validates, from its query schema', async () => {
    const document = await openApi();
    expect(document.paths['/api/tasks']?.get?.parameters).toEqual([
      { name: 'status', in: 'query', required: false, schema: { default: 'active', type: 'string', enum: ['active', 'done'] } },
    ]);
    expect(document.paths['/api/community/rooms/{room}/messages']?.get?.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['path:room', 'query:before']);
  });

  it('describes request bodies from the shared schemas, so required fields are visible to a client', async () => {
    const document = await openApi();
    const onboarding = document.paths['/api/onboarding']?.post?.requestBody?.content['application/json']?.schema;
    expect(onboarding?.required).toEqual(expect.arrayContaining(['industry', 'teamSize', 'startupPhase']));
    expect(Object.keys(document.paths['/api/feedback']?.post?.requestBody?.content ?? {}).sort()).toEqual(['application/json', 'multipart/form-data']);
    expect(document.paths['/api/metrics/import']?.post?.requestBody?.content).toHaveProperty('text/csv');
  });

  it('documents a route’s body with the very schema that validates it', async () => {
    const route = servedRoutes(t.app.routes).find((candidate) => candidate.method === 'PUT' && candidate.path === '/api/strategy');
    expect(route?.body?.['application/json']).toBe(StrategyInput);

    const required = (await openApi()).paths['/api/strategy']?.put?.requestBody?.content['application/json']?.schema.required ?? [];
    expect(required.length).toBeGreaterThan(0);
    const { cookie } = await t.signUp();
    const response = await t.request('/api/strategy', { method: 'PUT', cookie, json: {} });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; details: { field: string }[] } };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details.map((detail) => detail.field).sort()).toEqual([...required].sort());
  });

  it('declares what at least 90 % of operations answer, read from the routes’ own types', async () => {
    const document = await openApi();
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ key: `${method} ${path}`, op })));
    const declared = operations.filter(({ op }) => declaresAnswers(op.responses));
    expect(declared.length / operations.length).toBeGreaterThanOrEqual(0.9);

    const task = document.paths['/api/tasks/{id}']?.get?.responses['200']?.content?.['application/json']?.schema;
    expect(task?.required).toEqual(expect.arrayContaining(['id', 'hypothesis', 'metric', 'iceTotal', 'status']));
    expect(Object.keys(document.paths['/api/tasks']?.post?.responses ?? {})).toEqual(expect.arrayContaining(['200', '201', '400', '429']));
    expect(document.paths['/api/tasks/{id}']?.delete?.responses['204']).toEqual({ description: 'No content' });
    expect(Object.keys(document.paths['/api/metrics/export.csv']?.get?.responses['200']?.content ?? {})).toEqual(['text/csv']);
    expect(document.paths['/api/tasks']?.get?.responses['404']?.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/Error' });
  });

  it('describes real answers: a signed-in founder’s reads validate against their declared schemas, with no field left out', async () => {
    const document = await openApi();
    const { cookie } = await t.signUp();
    const setUp = [
      await t.request('/api/onboarding', { method: 'POST', cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } }),
      await t.request(weekPath(weeksAgo(1)), { method: 'PUT', cookie, json: workedWeek }),
      await t.request('/api/tasks', { method: 'POST', cookie, json: validTask }),
    ];
    expect(setUp.map((response) => response.status)).toEqual([200, 200, 201]);
    const { id } = (await setUp[2]!.json()) as { id: string };

    const reads = ['/api/me', '/api/metrics/summary', '/api/metrics/weeks', '/api/tasks', `/api/tasks/${id}`, '/api/strategy', '/api/me/gamification', '/api/subscription', '/api/session', '/api/community/me', '/api/health'];
    for (const path of reads) {
      const response = await t.request(path, { cookie });
      expect(response.status, path).toBe(200);
      const documentPath = path === `/api/tasks/${id}` ? '/api/tasks/{id}' : path;
      const schema = document.paths[documentPath]?.get?.responses['200']?.content?.['application/json']?.schema;
      expect(schema, path).toBeDefined();
      const result = z.fromJSONSchema(closed(schema) as Parameters<typeof z.fromJSONSchema>[0]).safeParse(await response.json());
      expect(result.error?.issues ?? [], path).toEqual([]);
    }
  });
});

describe('GET /api/docs', () => {
  it('is the document as a page to read while developing: every operation with its answers as types, nothing from another origin', async () => {
    const development = await createTestApp({ NODE_ENV: 'development' });
    try {
      const response = await development.request('/api/docs');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await response.text();
      expect(html).toContain('<code>/api/tasks/{id}</code>');
      expect(html).toMatch(/iceTotal: number;/);
      expect(html).not.toMatch(/<script|https?:\/\/(?!localhost)/);
    } finally {
      await development.close();
    }
  });

  it('is not served outside development', async () => {
    expect((await t.request('/api/docs')).status).toBe(404);
  });
});
