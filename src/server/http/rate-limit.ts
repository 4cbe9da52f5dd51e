import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../platform/app-error.ts';
import { clientAddress } from './client-address.ts';
import type { AppBindings } from './context.ts';
import { sessionOf } from './session.ts';
import type { SessionCheck } from '../auth/session-guard.ts';
import { RATE_LIMIT_RULES, type RateLimitName } from '../rate-limit/rules.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whose attempts this request's are (keyOf), its session checked first if no middleware has yet. */
async function limitKey(c: Context<AppBindings>): Promise<string> {
  return keyOf(c, c.get('sessionCheck') ?? (await sessionOf(c)));
}

/**
 * Whose attempts these are: the signed-in user (the admin, when an admin views the app as
 * a founder: looking spends none of the founder's allowance), else the client's address.
 */
function keyOf(c: Context<AppBindings>, check: SessionCheck): string {
  // A token has its own allowance: a runaway script spends neither its founder's nor another token's.
  if (check.status === 'valid' && check.apiToken) return `token:${check.apiToken.id}`;
  if (check.status === 'valid') return `user:${check.impersonation?.adminUserId ?? check.user.id}`;
  return `ip:${clientAddress(c) ?? 'unknown'}`;
}

/** Refuses with 429 RATE_LIMITED, `Retry-After` and the rule's wait message. */
export async function enforceRateLimit(c: Context<AppBindings>, name: RateLimitName, key?: string): Promise<void> {
  // The session is usually known by now (checked once per request): its key is then had without an async hop.
  const result = await c.get('deps').limiters.consume(name, key ?? keyOf(c, c.get('sessionCheck') ?? (await sessionOf(c))));
  if (result.allowed) return;
  c.header('Retry-After', String(result.retryAfterSeconds));
  throw new AppError('RATE_LIMITED', {
    message: RATE_LIMIT_RULES[name].message(result.retryAfterSeconds),
    details: { limit: name, retryAfterSeconds: result.retryAfterSeconds },
  });
}

/**
 * Counts one attempt under a named limit now (429 when none is left) and returns how to give
 * it back: for a route whose limit counts only what it made, the route refunds the attempts
 * that made nothing. Counting first and refunding after keeps racing requests within the limit.
 */
export async function takeRateLimit(c: Context<AppBindings>, name: RateLimitName): Promise<() => Promise<void>> {
  const key = await limitKey(c);
  await enforceRateLimit(c, name, key);
  return () => c.get('deps').limiters.refund(name, key);
}

/**
 * One of the limits of docs/product.md#rate-limits as route middleware, e.g. `.post('/', rateLimit('taskCreate'), …)`.
 * Counts per signed-in user (per address for anonymous requests), across instances.
 */
export function rateLimit(name: RateLimitName) {
  return createMiddleware<AppBindings>(async (c, next) => {
    await enforceRateLimit(c, name);
    await next();
  });
}

/** The general API limit (docs/product.md#rate-limits) on every /api request: writes 100 / 15 min, reads 1000 / 15 min. */
export const generalRateLimit = createMiddleware<AppBindings>(async (c, next) => {
  await enforceRateLimit(c, WRITE_METHODS.has(c.req.method) ? 'apiWrite' : 'apiRead');
  await next();
});

export function isWriteMethod(method: string): boolean {
  return WRITE_METHODS.has(method);
}
