import { and, desc, eq, inArray, like } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { authSessions, authUsers, authVerifications } from '../db/schema/index.ts';
import { type AuditEvent, recordAuditEvent, recordSecurityEvent, requestContext } from '../platform/audit.ts';
import { finishImpersonation } from '../auth/impersonation.ts';
import { findUserIdByEmail } from '../platform/roles.ts';
import { clientAddress, proxyCountry } from './client-address.ts';
import type { AppBindings } from './context.ts';
import { sessionOf } from './session.ts';
import { carriesBody, isJsonContentType } from './content-type.ts';
import { ERROR_CODES } from '../../core/errors/error-codes.ts';
import { hasUnstorableText } from '../../core/security/sanitize.ts';
import { RATE_LIMIT_RULES } from '../rate-limit/rules.ts';
import { CLIENT_IP_HEADER } from '../auth/auth.ts';
import { CLIENT_COUNTRY_HEADER } from '../auth/admin-sign-ins.ts';
import type { SessionCheck } from '../auth/session-guard.ts';
import {
  forgetAllTrustedDevices,
  forgetTrustedDevice,
  rememberTrustedDevice,
  type TrustCookie,
  trustCookieOf,
  trustSentWith,
  trustSetBy,
  withTrustCookieCleared,
} from '../auth/trusted-devices.ts';

/**
 * Wrong passwords lock the password route, never the owner (decision 100). Failures are
 * counted per e-mail and client address first: the 5th in 15 minutes makes that address
 * wait (and is audited as suspicious). Only failures from several addresses add up to
 * the account-wide lock, which takes 20 (at least 4 addresses' worth). Magic links and
 * password resets are not locked: the owner's inbox still gets them in, and a reset
 * clears the account-wide count.
 */
const PAIR_FAILURES = { max: 5, windowSeconds: 15 * 60 };
const ACCOUNT_FAILURES = { max: 20, windowSeconds: 15 * 60 };
const PAIR_PREFIX = 'sign-in-failures';
const ACCOUNT_PREFIX = 'sign-in-failures-account';

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

/** The request as Better Auth sees it: the client address (and a trusted proxy's country) are ours, never the client's word. */
function withClientIp(request: Request, address: string | undefined, country: string | undefined) {
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  headers.delete(CLIENT_COUNTRY_HEADER);
  if (address) headers.set(CLIENT_IP_HEADER, address);
  if (country) headers.set(CLIENT_COUNTRY_HEADER, country);
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
 * Better Auth answers, then what the product audits is recorded (docs/product.md#audit-log): sign-in failures over
 * the threshold, password resets, 2FA and password changes, account deletion.
 * A 429 from Better Auth's limiter also carries the standard `Retry-After` header.
 */
export async function handleAuthRequest(c: Context<AppBindings>): Promise<Response> {
  const deps = c.get('deps');
  const address = clientAddress(c);
  const path = c.req.path;
  const context = requestContext(c.req.raw, address);

  const refusedBody = nonJsonBody(c, path) ?? (await unstorableInput(c));
  if (refusedBody) return refusedBody;

  const session = await sessionOf(c);
  // Signing out while viewing as a founder ends the impersonation and the admin's own session.
  if (c.req.method === 'POST' && path === '/api/auth/sign-out' && session.status === 'valid' && session.impersonation) {
    await finishImpersonation(c, session, 'signed-out', context);
    return c.json({ success: true });
  }
  const isPasswordSignIn = c.req.method === 'POST' && path === '/api/auth/sign-in/email';
  const isReset = c.req.method === 'POST' && path === '/api/auth/reset-password';
  const requestsReset = c.req.method === 'POST' && path === '/api/auth/request-password-reset';
  const body = isPasswordSignIn || isReset || requestsReset ? await jsonBody(c.req.raw) : {};
  const resetUserId = isReset && typeof body.token === 'string' ? await resetTokenOwner(c, body.token) : undefined;
  const verifiesTotp = c.req.method === 'POST' && path === '/api/auth/two-factor/verify-totp' && session.status === 'valid';
  const twoFactorWasOn = verifiesTotp ? await twoFactorEnabled(c, session.user.id) : undefined;

  const email = isPasswordSignIn && typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const pairKey = `${email || '-'} ${address ?? 'unknown'}`;
  if (email) {
    const waitSeconds = Math.max(
      await deps.limiters.blockedFor(PAIR_PREFIX, pairKey, PAIR_FAILURES),
      await deps.limiters.blockedFor(ACCOUNT_PREFIX, email, ACCOUNT_FAILURES),
    );
    if (waitSeconds > 0) return rateLimited(waitSeconds);
  }

  const trustCookie = await trustCookieOf(deps.auth);
  const trustedBefore = trustSentWith(c.req.raw, trustCookie);

  const response = await deps.auth.handler(withClientIp(c.req.raw, address, proxyCountry(c)));

  if (c.req.method === 'GET' && response.status === 403) {
    const refused = await refusedAccountRedirect(response, deps.env.appUrl);
    if (refused) return refused;
  }

  if (response.status === 429) {
    // Better Auth's own limiter: the same answer as every other limit of the app.
    const retryAfter = Number(response.headers.get('retry-after') ?? response.headers.get('x-retry-after') ?? 60);
    return rateLimited(Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 60);
  }

  if (isPasswordSignIn && response.status === 401) await countSignInFailure(c, { email, pairKey, context });
  if (path === '/api/auth/get-session' && response.ok) await reportRefusedSessionCookie(c, response, session);

  if (response.ok) {
    if (requestsReset && typeof body.email === 'string') await keepNewestResetLink(c, body.email.trim().toLowerCase());
    if (resetUserId) {
      // The owner proved the inbox is theirs: the account-wide lock is lifted.
      const owner = await emailOfUser(c, resetUserId);
      if (owner) await deps.limiters.forget(ACCOUNT_PREFIX, owner, ACCOUNT_FAILURES);
      await recordAuditEvent(deps.db, { action: 'password_reset', adminId: resetUserId, targetUserId: resetUserId, context });
    }
    const enrolled = twoFactorWasOn === false && session.status === 'valid' && (await twoFactorEnabled(c, session.user.id));
    const action = enrolled ? 'two_factor_enabled' : AUDITED_ACCOUNT_CHANGES[path];
    if (action && session.status === 'valid') {
      await recordAuditEvent(deps.db, { action, adminId: session.user.id, targetUserId: session.user.id, context });
    }
    return keepTrustedDevicesInStep(c, response, { session, resetUserId, trustCookie, trustedBefore });
  }
  return response;
}

/**
 * A browser that sends a session cookie and is told "no session" is about to be sent to
 * sign in. That is right after a rule ended the session, and a bug otherwise: the warning
 * says which (the guard's verdict, and whether the session's row still exists), so a page
 * that lands on the sign-in form unexpectedly explains itself in the server's log.
 */
async function reportRefusedSessionCookie(c: Context<AppBindings>, response: Response, session: SessionCheck) {
  const deps = c.get('deps');
  const cookieName = (await deps.auth.$context).authCookies.sessionToken.name;
  const cookie = getCookie(c, cookieName);
  if (!cookie || (await response.clone().text()) !== 'null') return;
  const token = cookie.split('.')[0] ?? '';
  const [row] = await deps.db.select({ expiresAt: authSessions.expiresAt }).from(authSessions).where(eq(authSessions.token, token)).limit(1);
  deps.logger.warn(
    { guard: session.status, reason: session.status === 'ended' ? session.reason : undefined, rowExists: Boolean(row), rowExpiresAt: row?.expiresAt },
    'a session cookie was answered as signed out',
  );
}

/**
 * The "trust this browser" cookie follows the account's security (decision 102): a new
 * or renewed trust is recorded with its browser; signing out ends this browser's trust; a
 * new password (changed or reset) ends every browser's.
 */
async function keepTrustedDevicesInStep(
  c: Context<AppBindings>,
  response: Response,
  { session, resetUserId, trustCookie, trustedBefore }: { session: SessionCheck; resetUserId: string | undefined; trustCookie: TrustCookie; trustedBefore: string | undefined },
): Promise<Response> {
  const db = c.get('deps').db;
  const path = c.req.path;
  const trusted = trustSetBy(response, trustCookie);
  if (trusted) await rememberTrustedDevice(db, { identifier: trusted, previous: trustedBefore, userAgent: c.req.header('user-agent') ?? null });
  const newPasswordOf = resetUserId ?? (path === '/api/auth/change-password' && session.status === 'valid' ? session.user.id : undefined);
  if (newPasswordOf) {
    await forgetAllTrustedDevices(db, newPasswordOf);
    return withTrustCookieCleared(response, trustCookie);
  }
  if (path === '/api/auth/sign-out' && session.status === 'valid' && trustedBefore) {
    await forgetTrustedDevice(db, session.user.id, trustedBefore);
    return withTrustCookieCleared(response, trustCookie);
  }
  return response;
}

/**
 * A wrong password: counted for the e-mail and address, and for the e-mail alone. Reaching
 * either lock is audited once per window as suspicious (scope says which lock).
 */
async function countSignInFailure(c: Context<AppBindings>, { email, pairKey, context }: { email: string; pairKey: string; context: ReturnType<typeof requestContext> }) {
  const deps = c.get('deps');
  await deps.limiters.consumeRule(PAIR_PREFIX, pairKey, PAIR_FAILURES);
  const pairLocked = (await deps.limiters.blockedFor(PAIR_PREFIX, pairKey, PAIR_FAILURES)) > 0;
  let accountLocked = false;
  if (email) {
    await deps.limiters.consumeRule(ACCOUNT_PREFIX, email, ACCOUNT_FAILURES);
    accountLocked = (await deps.limiters.blockedFor(ACCOUNT_PREFIX, email, ACCOUNT_FAILURES)) > 0;
  }
  if (!pairLocked && !accountLocked) return;
  const scope = accountLocked ? 'account' : 'address';
  const limit = accountLocked ? ACCOUNT_FAILURES : PAIR_FAILURES;
  await recordSecurityEvent(deps, `sign-in:${scope}:${accountLocked ? email : pairKey}`, {
    action: 'sign_in_failures',
    targetUserId: email ? ((await findUserIdByEmail(deps.db, email)) ?? null) : null,
    context,
    details: { email: email || null, scope, threshold: limit.max, windowMinutes: limit.windowSeconds / 60 },
  });
}

async function emailOfUser(c: Context<AppBindings>, userId: string): Promise<string | undefined> {
  const [user] = await c.get('deps').db.select({ email: authUsers.email }).from(authUsers).where(eq(authUsers.id, userId)).limit(1);
  return user?.email.toLowerCase();
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
function nonJsonBody(c: Context<AppBindings>, path: string): Response | undefined {
  if (c.req.method !== 'POST' || path.startsWith('/api/auth/callback/')) return undefined;
  // A POST without a body (sign-out) needs no type; a body without one is refused too (decision 245).
  const type = c.req.header('content-type');
  if ((type === undefined && !carriesBody(c)) || isJsonContentType(type)) return undefined;
  const error = { code: 'UNSUPPORTED_MEDIA_TYPE', message: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE.message };
  return Response.json({ ...error, error }, { status: 415 });
}

/**
 * A NUL or a lone surrogate in a token, code, id or address (query or JSON body) names nothing
 * that exists and would fail the database query (a 500): refused as the bad input it is.
 */
async function unstorableInput(c: Context<AppBindings>): Promise<Response | undefined> {
  const body = c.req.method === 'POST' ? await jsonBody(c.req.raw) : {};
  if (!hasUnstorableText(c.req.query()) && !hasUnstorableText(body)) return undefined;
  const error = { code: 'VALIDATION_FAILED', message: ERROR_CODES.VALIDATION_FAILED.message };
  return Response.json({ ...error, error }, { status: 400 });
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
