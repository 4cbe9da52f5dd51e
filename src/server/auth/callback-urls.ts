import { APIError } from 'better-auth/api';
import { boundedText, type Logger } from '../logger.ts';

/** Every parameter through which a Better Auth route may send the browser elsewhere afterwards. */
const REDIRECT_PARAMETERS = ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL', 'redirectTo'] as const;

/**
 * Whether `url` stays inside the app: a path of ours (`/overview`, not `//host` nor `/\host`),
 * or an absolute URL on the app's own origin.
 */
export function staysInApp(url: string, appUrl: string): boolean {
  // eslint-disable-next-line no-control-regex -- a control character or backslash can turn a path into another host.
  if (/[\u0000-\u001f\u007f\\]/.test(url)) return false;
  if (url.startsWith('/')) return !url.startsWith('//');
  try {
    return new URL(url).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}

/**
 * Refuses (403 `INVALID_CALLBACK_URL`) any auth request whose callback or redirect parameter,
 * in the query or the body, leads outside APP_URL: a confirmation, sign-in or reset link must
 * never become a way to send someone to another site in Rumbo's name. Better Auth checks these
 * too, but only while its origin checks are on (they are off whenever NODE_ENV or TEST says
 * "test"); this check holds everywhere. A refused URL is the client's mistake: a `warn`, cut to
 * length.
 */
export function refuseForeignRedirects(ctx: { path?: string; query?: unknown; body?: unknown }, appUrl: string, logger: Logger): void {
  for (const source of [ctx.query, ctx.body]) {
    if (typeof source !== 'object' || source === null) continue;
    for (const parameter of REDIRECT_PARAMETERS) {
      const value = (source as Record<string, unknown>)[parameter];
      if (value === undefined || value === null || value === '') continue;
      if (typeof value === 'string' && staysInApp(value, appUrl)) continue;
      logger.warn({ path: ctx.path, parameter, url: boundedText(String(value), 200) }, 'auth: refused a redirect outside the app');
      throw new APIError('FORBIDDEN', { code: 'INVALID_CALLBACK_URL', message: `Invalid ${parameter}` });
    }
  }
}
