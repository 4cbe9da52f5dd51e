import type { ApiAnswer, ApiRoute } from '../../../src/web/lib/api-routes.ts';

/**
 * A response's body read as the route's own answer type (the route table of
 * src/web/lib/api-routes.ts, decision 282), instead of a shape the test writes again:
 * a route that changes its answer breaks the tests that read it at the typecheck.
 * It only reads; what the status and the body must be, the test still asserts.
 */
export async function answerOf<R extends ApiRoute>(_route: R, response: Response | Promise<Response>): Promise<ApiAnswer<R>> {
  return (await (await response).json()) as ApiAnswer<R>;
}
