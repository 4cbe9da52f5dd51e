import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';

/**
 * The route pattern a request matched (`/api/tasks/:id`), for the telemetry's labels: the
 * last route with a method (middlewares match every method); an unknown API path is
 * `/api/*`, and any page the browser app serves is `(page)`.
 */
export function routeLabel(c: Context): string {
  const route = matchedRoutes(c).findLast((matched) => matched.method !== 'ALL');
  if (route) return route.path;
  return c.req.path.startsWith('/api/') ? '/api/*' : '(page)';
}
