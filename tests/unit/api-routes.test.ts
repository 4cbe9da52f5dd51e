import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { JSONParsed } from 'hono/utils/types';
import type { MetricsSummary } from '../../src/server/features/metrics/index.ts';
import { type ApiAnswer, type ApiBody, type ApiRoute, api, routePath } from '../../src/web/lib/api-routes.ts';

// The typed client's types are checked by `tsc` (the typecheck step): each `@ts-expect-error`
// fails the build when the line under it stops being an error.
describe('the typed API client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('answers each route with its handler type, so a changed answer breaks the build', () => {
    expectTypeOf<ApiAnswer<'GET /api/metrics/summary'>>().toEqualTypeOf<JSONParsed<MetricsSummary>>();
    expectTypeOf<ApiAnswer<'GET /api/metrics/summary'>>().toHaveProperty('series');
    expectTypeOf<ApiAnswer<'DELETE /api/metrics/weeks/:year/:week'>>().toEqualTypeOf<null>();
    expectTypeOf<'GET /api/tasks'>().toExtend<ApiRoute>();
    // @ts-expect-error: the summary is not a list of weeks
    expectTypeOf<ApiAnswer<'GET /api/metrics/summary'>>().toEqualTypeOf<{ year: number; week: number }[]>();
    // @ts-expect-error: a path the server does not route has no answer
    expectTypeOf<ApiAnswer<'GET /api/metrics/summaries'>>();
    // @ts-expect-error: the summary answers no POST
    expectTypeOf<'POST /api/metrics/summary'>().toExtend<ApiRoute>();
    expectTypeOf<ApiBody<'POST /api/metrics/currency'>>().not.toBeNever();
  });

  it('fills the path parameters and the query', () => {
    expect(routePath('/api/metrics/weeks/:year/:week', { year: 2026, week: 7 })).toBe('/api/metrics/weeks/2026/7');
    expect(routePath('/api/metrics/summary', {}, { range: '6m' })).toBe('/api/metrics/summary?range=6m');
    expect(routePath('/api/tasks/:id', { id: 'a b/c' })).toBe('/api/tasks/a%20b%2Fc');
  });

  it('sends the method and the JSON body, and answers the parsed body', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 'c1' }), { status: 201, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    const answer = await api('POST /api/metrics/currency', { json: { mode: 'relabel', currency: 'EUR' } as never });
    expect(answer).toEqual({ id: 'c1' });
    const [path, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/metrics/currency');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ mode: 'relabel', currency: 'EUR' }));
    // Never called: the line under @ts-expect-error only has to fail the typecheck.
    // @ts-expect-error: a week's route needs its year and week
    const withoutWeek = () => api('DELETE /api/metrics/weeks/:year/:week');
    expectTypeOf(withoutWeek).toBeFunction();
  });
});
