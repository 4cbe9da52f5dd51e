import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_DOCS } from '../../src/server/openapi/route-docs.ts';
import { createTestApp } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `METHOD /path` for every concrete API route the app registers (middleware and wildcards aside). */
function servedRoutes() {
  const keys = t.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/') && !route.path.includes('*'))
    .map((route) => `${route.method} ${route.path.replace(/\/$/, '')}`);
  return [...new Set(keys)].sort();
}

describe('GET /api/openapi.json', () => {
  it('documents exactly the routes the app serves, and the contract’s auth calls', async () => {
    expect(servedRoutes()).toEqual(Object.keys(ROUTE_DOCS).sort());

    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths['/api/me'] ?? {}).sort()).toEqual(['get', 'patch']);
    expect(document.paths['/api/auth/sign-in/email']).toHaveProperty('post');
  });

  it('describes request bodies from the shared schemas, so required fields are visible to a client', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>>;
    };
    const onboarding = document.paths['/api/onboarding']?.post?.requestBody?.content['application/json']?.schema;
    expect(onboarding?.required).toEqual(expect.arrayContaining(['industry', 'teamSize', 'startupPhase']));
  });
});
