import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StrategyInput } from '../../src/core/strategy/strategy-schema.ts';
import { servedRoutes } from '../../src/server/openapi/openapi-document.ts';
import { createTestApp } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Schema = { required?: string[]; properties?: Record<string, unknown> };
type OpenApi = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { summary: string; security?: unknown[]; parameters?: { name: string; in: string }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>
  >;
};

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
});
