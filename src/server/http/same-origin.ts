import { createMiddleware } from 'hono/factory';
import { bearerOf } from '../../core/api-tokens/token-schema.ts';
import { isWriteMethod } from './rate-limit.ts';
import { AppError } from '../platform/app-error.ts';
import type { AppBindings } from './context.ts';

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * CSRF protection for the feature routes (Better Auth checks its own): a state-changing
 * request that a browser made on another site is refused with 403. Browsers send
 * `Origin` on every POST, PUT, PATCH and DELETE, and `Sec-Fetch-Site`; either naming
 * another site is refused, as is a `Referer` from another site when `Origin` is absent.
 * A request with none of them did not come from a browser, so no cookie rode along
 * behind the user's back (decision 020).
 */
export const requireSameOrigin = createMiddleware<AppBindings>(async (c, next) => {
  // A bearer token is never sent by a browser on its own, so it cannot be forged across sites (decision 275).
  if (isWriteMethod(c.req.method) && bearerOf(c.req.header('authorization')) === undefined) {
    const ours = c.get('deps').env.appUrl;
    const origin = c.req.header('origin');
    const referer = c.req.header('referer');
    const fetchSite = c.req.header('sec-fetch-site');
    const claimed = origin ?? (referer ? (originOf(referer) ?? 'invalid') : undefined);
    if (claimed !== undefined && claimed !== ours) throw new AppError('FORBIDDEN', { message: 'Cross-site request refused.' });
    if (fetchSite === 'cross-site' || (fetchSite === 'same-site' && claimed !== ours)) {
      throw new AppError('FORBIDDEN', { message: 'Cross-site request refused.' });
    }
  }
  await next();
});
