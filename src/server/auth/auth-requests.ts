import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { Context } from 'hono';
import { authUsers, authVerifications } from '../db/schema/index.ts';
import { type AuditEvent, recordAuditEvent, recordSecurityEvent, requestContext } from '../features/audit/service.ts';
import { finishImpersonation } from '../features/impersonation/service.ts';
import { findUserIdByEmail } from '../features/roles/service.ts';
import { clientAddress } from '../http/client-address.ts';
import type { AppBindings } from '../http/context.ts';
import { sessionOf } from '../http/session.ts';
import { RATE_LIMIT_RULES } from '../rate-limit/rules.ts';
import { CLIENT_IP_HEADER } from './auth.ts';

/**
 * Spec §9 "suspicious login threshold" and §5 "a 15-minute wait after too many
 * attempts": the 5th failed sign-in for one e-mail within 15 minutes is audited, and
 * that e-mail then waits out the window from any address (per-address counting is
 * Better Auth's limiter; this stops a brute force spread over many addresses).
 */
const SIGN_IN_FAILURES = { max: 5, windowSeconds: 15 * 60 };
const FAILURES_PREFIX = 'sign-in-failures';

/**
 * Successful auth calls that change an account's security, audited as they happen.
 * Turning two-step verification on is audited when the first code is verified (see
 * handleAuthRequest): /two-factor/enable only starts an enrolment that may never finish.
 */
const AUDITED_ACCOUNT_CHANGES: Record<string, AuditEvent['action']> = {
  '/api/auth/two-factor/disable': 'two_factor_disabled',
  '/api/auth/two-factor/generate-backup-codes': 'two_factor_backup_codes_regenerated',
  '/api/auth/change-password': 'password_changed',
};

/** Refusals that a link or a provider's redirect can meet (decision 024): the browser gets a page, not JSON. */
const REFUSED_ACCOUNTS = new Set(['ACCOUNT_SUSPENDED', 'ACCOUNT_DELETED']);

/** The request as Better Auth sees it: the client address is ours, never the client's word. */
function withClientIp(request: Request, address: string | undefined) {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (address) headers.set(CLIENT_IP_HEADER, address);
  return new Request(request, { headers });
}

async function jsonBody(request: Request): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await request.clone().json();
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Every /api/auth request: the session rules apply here too (a stolen cookie or an idle
 * admin session is ended before Better Auth sees it, so it answers as signed out),
 * Better Auth answers, then what the spec audits is recorded: sign-in failures over
 * the threshold, password resets, 2FA and password changes, account deletion.
 * A 429 from Better Auth's limiter also carries the standard `Retry-After` header.
 */
export async function handleAuthRequest(c: Context<AppBindings>): Promise<Response> {
  const deps = c.get('deps');
  const address = clientAddress(c);
  const path = c.req.path;
  const context = requestContext(c.req.raw, address);

  const refusedBody = nonJsonBody(c.req.raw, path);
  if (refusedBody) return refusedBody;

  const session = await sessionOf(c);
  // Signing out while viewing as a founder ends the impersonation and the admin's own session.
  if (c.req.method === 'POST' && path === '/api/auth/sign-out' && session.status === 'valid' && session.impersonation) {
    await finishImpersonation(c, session, 'signed-out', context);
    return c.json({ success: true });
  }
  const isSignIn = c.req.method === 'POST' && path.startsWith('/api/auth/sign-in/');
  const isReset = c.req.method === 'POST' && path === '/api/auth/reset-password';
  const requestsReset = c.req.method === 'POST' && path === '/api/auth/request-password-reset';
  const body = isSignIn || isReset || requestsReset ? await jsonBody(c.req.raw) : {};
  const resetUserId = isReset && typeof body.token === 'string' ? await resetTokenOwner(c, body.token) : undefined;
  const verifiesTotp = c.req.method === 'POST' && path === '/api/auth/two-factor/verify-totp' && session.status === 'valid';
  const twoFactorWasOn = verifiesTotp ? await twoFactorEnabled(c, session.user.id) : undefined;

  const email = isSignIn && typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (email) {
    const waitSeconds = await deps.limiters.blockedFor(FAILURES_PREFIX, email, SIGN_IN_FAILURES);
    if (waitSeconds > 0) return rateLimited(waitSeconds);
  }

  const response = await deps.auth.handler(withClientIp(c.req.raw, address));

  if (c.req.method === 'GET' && response.status === 403) {
    const refused = await refusedAccountRedirect(response, deps.env.appUrl);
    if (refused) return refused;
  }

  if (response.status === 429) {
    // Better Auth's own limiter: the same answer as every other limit of the app.
    const retryAfter = Number(response.headers.get('retry-after') ?? response.headers.get('x-retry-after') ?? 60);
    return rateLimited(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60);
  }

  if (isSignIn && response.status === 401) {
    const who = email || `ip:${address ?? 'unknown'}`;
    await deps.limiters.consumeRule(FAILURES_PREFIX, who, SIGN_IN_FAILURES);
    if ((await deps.limiters.blockedFor(FAILURES_PREFIX, who, SIGN_IN_FAILURES)) > 0) {
      await recordSecurityEvent(deps, `sign-in:${who}`, {
        action: 'sign_in_failures',
        targetUserId: email ? ((await findUserIdByEmail(deps.db, email)) ?? null) : null,
        context,
        details: { email: email || null, threshold: SIGN_IN_FAILURES.max, windowMinutes: SIGN_IN_FAILURES.windowSeconds / 60 },
      });
    }
  }

  if (response.ok) {
    if (requestsReset && typeof body.email === 'string') await keepNewestResetLink(c, body.email.trim().toLowerCase());
    if (resetUserId) {
      await recordAuditEvent(deps.db, { action: 'password_reset', adminId: resetUserId, targetUserId: resetUserId, context });
    }
    const enrolled = twoFactorWasOn === false && session.status === 'valid' && (await twoFactorEnabled(c, session.user.id));
    const action = enrolled ? 'two_factor_enabled' : AUDITED_ACCOUNT_CHANGES[path];
    if (action && session.status === 'valid') {
      await recordAuditEvent(deps.db, { action, adminId: session.user.id, targetUserId: session.user.id, context });
    }
  }
  return response;
}

async function twoFactorEnabled(c: Context<AppBindings>, userId: string): Promise<boolean> {
  const [user] = await c.get('deps').db.select({ on: authUsers.twoFactorEnabled }).from(authUsers).where(eq(authUsers.id, userId)).limit(1);
  return user?.on ?? false;
}

/**
 * A magic link sent before a suspension, or a provider's callback for a suspended or
 * deleted account: Better Auth answers its refusal as JSON; the browser goes to
 * /auth/callback, which explains.
 */
async function refusedAccountRedirect(response: Response, appUrl: string): Promise<Response | undefined> {
  const body = (await response.clone().json().catch(() => null)) as { code?: unknown } | null;
  if (typeof body?.code !== 'string' || !REFUSED_ACCOUNTS.has(body.code)) return undefined;
  return new Response(null, { status: 302, headers: { Location: `${appUrl}/auth/callback?error=${body.code}` } });
}

/**
 * Every 429 under /api/auth: the app's error shape (`{ error: { code, message } }`, as on
 * every other route), with `code` and `message` also at the top, where Better Auth's
 * browser client reads its errors from.
 */
function rateLimited(retryAfterSeconds: number): Response {
  const error = { code: 'RATE_LIMITED', message: RATE_LIMIT_RULES.login.message(retryAfterSeconds) };
  return Response.json(
    { ...error, error },
    { status: 429, headers: { 'Retry-After': String(retryAfterSeconds), 'X-Retry-After': String(retryAfterSeconds) } },
  );
}

/**
 * Our browser sends every auth call as JSON, and the limits read the e-mail from JSON.
 * Better Auth would also take a form or multipart body, which the limits did not read: a
 * lockout dodged by changing the encoding. Such a body is refused (415) before anything is
 * evaluated; only a provider's callback may post a form.
 */
function nonJsonBody(request: Request, path: string): Response | undefined {
  if (request.method !== 'POST' || path.startsWith('/api/auth/callback/')) return undefined;
  const type = request.headers.get('content-type');
  if (!type || /^application\/json\b/i.test(type.trim())) return undefined;
  const error = { code: 'VALIDATION_FAILED', message: 'Send this request as JSON (application/json).' };
  return Response.json({ ...error, error }, { status: 415 });
}

/**
 * A new reset link replaces the ones sent before it: an older e-mail, forwarded or left
 * in an inbox someone else reads, must not still open the account.
 */
async function keepNewestResetLink(c: Context<AppBindings>, email: string) {
  const db = c.get('deps').db;
  const userId = await findUserIdByEmail(db, email);
  if (!userId) return;
  const links = await db
    .select({ id: authVerifications.id })
    .from(authVerifications)
    .where(and(like(authVerifications.identifier, 'reset-password:%'), eq(authVerifications.value, userId)))
    .orderBy(desc(authVerifications.createdAt), desc(authVerifications.id));
  const older = links.slice(1).map((link) => link.id);
  if (older.length > 0) await db.delete(authVerifications).where(inArray(authVerifications.id, older));
}

/** Who a password-reset token belongs to, read before Better Auth consumes it. */
async function resetTokenOwner(c: Context<AppBindings>, token: string): Promise<string | undefined> {
  const [row] = await c
    .get('deps')
    .db.select({ value: authVerifications.value })
    .from(authVerifications)
    .where(and(eq(authVerifications.identifier, `reset-password:${token}`)))
    .limit(1);
  return row?.value;
}
