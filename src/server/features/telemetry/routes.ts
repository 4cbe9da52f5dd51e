import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { sessionOf } from '../../http/session.ts';
import { routeLabel } from '../../http/route-label.ts';

/** A request answered later than this is logged as a warning (a model's answer may be; little else should). */
const SLOW_REQUEST_MS = 3_000;

/** Times every request and reports it to the telemetry once the answer is ready; a slow one is also logged. */
export const measureRequests = createMiddleware<AppBindings>(async (c, next) => {
  const started = performance.now();
  try {
    await next();
  } finally {
    const { telemetry, logger } = c.get('deps');
    const request = { route: routeLabel(c), method: c.req.method, status: c.res.status, durationMs: performance.now() - started };
    telemetry.observeRequest(request);
    if (request.durationMs > SLOW_REQUEST_MS) logger.warn({ ...request, durationMs: Math.round(request.durationMs) }, 'slow request');
  }
});

/** Equal-time comparison of the presented token with METRICS_TOKEN (hashed first: equal lengths). */
function tokenMatches(presented: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/** A browser opening /metrics wants the founders' Metrics page, not Prometheus' text. */
const wantsPage = (c: Context) => (c.req.header('accept') ?? '').includes('text/html') && !c.req.header('authorization');

/**
 * GET /metrics for Prometheus (docs/decisions/189-telemetry.md): with `Authorization: Bearer
 * METRICS_TOKEN`, or an admin's session. Anyone else: 401 without credentials (or with a wrong
 * token), 403 for a signed-in founder. A browser navigation (it accepts HTML) falls through to
 * the app's own /metrics page.
 */
export const metricsEndpoint = createMiddleware<AppBindings>(async (c, next) => {
  if (c.req.method !== 'GET' || wantsPage(c)) return next();
  const { env, telemetry } = c.get('deps');
  const authorization = c.req.header('authorization');
  if (authorization !== undefined) {
    const token = /^Bearer\s+(.+)$/i.exec(authorization)?.[1]?.trim();
    if (!env.metricsToken || !token || !tokenMatches(token, env.metricsToken)) throw new AppError('UNAUTHENTICATED');
  } else {
    const session = await sessionOf(c);
    if (session.status !== 'valid') throw new AppError('UNAUTHENTICATED');
    if (session.role !== 'admin' || session.impersonation) throw new AppError('FORBIDDEN');
  }
  c.header('content-type', telemetry.registry.contentType);
  c.header('cache-control', 'no-store');
  return c.body(await telemetry.registry.metrics());
});
