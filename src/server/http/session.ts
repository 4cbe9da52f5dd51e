import { bearerOf } from '../../core/api-tokens/token-schema.ts';
import type { Context, Next } from 'hono';
import type { SessionCheck } from '../auth/session-guard.ts';
import { recordSecurityEvent, requestContext } from '../platform/audit.ts';
import { clientAddress } from './client-address.ts';
import type { AppBindings } from './context.ts';

/**
 * The request's session check, made at most once however many middlewares ask. A
 * cookie presented by another browser than its own is audited here, once, whichever
 * route it was sent to.
 */
/** GET /api/session (and /api/session/admin), the browser's periodic check: a tab left open is not an admin at work. */
const isValidityPoll = (c: Context<AppBindings>) => c.req.method === 'GET' && (c.req.path === '/api/session' || c.req.path === '/api/session/admin');

export async function sessionOf(c: Context<AppBindings>): Promise<SessionCheck> {
  const known = c.get('sessionCheck');
  if (known) return known;
  const bearer = bearerOf(c.req.header('authorization'));
  // A bearer is a personal API token, and only that: a cookie beside it is not consulted (decision 275).
  const check = bearer !== undefined ? await tokenSession(c, bearer) : await c.get('deps').sessions.check(c.req.raw, { activity: !isValidityPoll(c) });
  c.set('sessionCheck', check);
  if (check.status === 'ended' && check.endedNow && check.reason === 'fingerprint-mismatch') {
    const address = clientAddress(c);
    await recordSecurityEvent(c.get('deps'), `fingerprint:${address ?? check.userId}`, {
      action: 'session_fingerprint_mismatch',
      targetUserId: check.userId,
      context: requestContext(c.req.raw, address),
      // The presented browser is in the log line too: a mismatch nobody expected (a test's
      // browser, a proxy rewriting the header) is then told apart from a stolen cookie.
      details: { method: c.req.method, path: c.req.path, userAgent: c.req.header('user-agent') ?? null },
    });
  }
  return check;
}

/** A personal API token as a session: its founder, never an admin, never "view as". */
async function tokenSession(c: Context<AppBindings>, bearer: string): Promise<SessionCheck> {
  const token = await c.get('deps').tokens.check(bearer, clientAddress(c) ?? null);
  if (!token) return { status: 'none' };
  return {
    status: 'valid',
    user: token.user,
    role: 'user',
    sessionId: `token:${token.tokenId}`,
    token: '',
    createdAt: token.createdAt,
    expiresAt: token.expiresAt ?? new Date(8.64e15),
    impersonation: null,
    apiToken: { id: token.tokenId, scopes: token.scopes },
  };
}

/**
 * After any write a signed-in user makes, every instance drops what it cached about
 * them (their profile row), so the next read shows the change whichever feature made it.
 */
export function forgetUserAfterWrites(c: Context<AppBindings>, next: Next): Promise<void> {
  // A read has nothing to tell: no async step of its own.
  if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next();
  return (async () => {
    await next();
    const check = c.get('sessionCheck');
    if (check?.status === 'valid') await c.get('deps').bus.publish({ type: 'user-invalidated', userId: check.user.id });
  })();
}
