import { and, eq, lte } from 'drizzle-orm';
import type { Context } from 'hono';
import { FRESH_ADMIN_SESSION_MS, IMPERSONATION_MAX_MS } from '../../core/impersonation/impersonation.ts';
import { endImpersonationSessions, endSessions, SESSION_RULES } from './session-rules.ts';
import type { SessionCheck } from './session-guard.ts';
import type { SessionEventBus } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { authAccounts, authSessions, authUsers } from '../db/schema/index.ts';
import { AppError } from '../platform/app-error.ts';
import type { AppBindings, AppDeps } from '../http/context.ts';
import { recordAuditEvent, type RequestContext } from '../platform/audit.ts';
import { currentRole } from '../platform/roles.ts';

/** The answer of POST /api/impersonation (camelCase). */
export type ImpersonationGrant = {
  adminUserId: string;
  targetUserId: string;
  targetUserRole: 'user' | 'admin';
  startedAt: string;
  expiresAt: string;
};

type ValidSession = Extract<SessionCheck, { status: 'valid' }>;

/**
 * The founder to view as: an account that exists and is not an admin (docs/product.md#impersonation).
 * The account, not its profile: a founder without a profile row is shown the placeholder profile.
 */
export async function impersonationTarget(db: Database, targetUserId: string) {
  const [target] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.id, targetUserId)).limit(1);
  if (!target) throw new AppError('NOT_FOUND');
  const role = await currentRole(db, target.id);
  if (role === 'admin') throw new AppError('FORBIDDEN', { message: 'An admin cannot be impersonated.' });
  return { id: target.id, role };
}

/** Fresh: signed in within the last 10 minutes, by the guard's clock (decision 023). */
export function isFresh(session: ValidSession, now: number): boolean {
  return now - session.createdAt.getTime() < FRESH_ADMIN_SESSION_MS;
}

/** The admin's own password, checked as Better Auth checks it at sign-in. */
export async function passwordMatches(deps: AppDeps, userId: string, password: string): Promise<boolean> {
  const [account] = await deps.db
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')))
    .limit(1);
  if (!account?.hash) return false;
  return (await deps.auth.$context).password.verify({ hash: account.hash, password });
}

/** Copies Better Auth's cookies onto our answer. */
function passCookies(c: Context<AppBindings>, headers: Headers) {
  for (const cookie of headers.getSetCookie()) c.header('Set-Cookie', cookie, { append: true });
}

/**
 * Opens the "view as" session (at most an hour, never past the admin session's own 8
 * hours), hands the browser its cookie, and audits the start. The caller has checked
 * who may, the target, freshness and the limit.
 */
export async function beginImpersonation(
  c: Context<AppBindings>,
  admin: ValidSession,
  target: { id: string; role: 'user' | 'admin' },
  details: { freshness: 'recent-sign-in' | 'password'; context: RequestContext },
): Promise<ImpersonationGrant> {
  const { db, bus, auth, sessions } = c.get('deps');
  const startedAt = new Date(sessions.now());
  const expiresAt = new Date(Math.min(startedAt.getTime() + IMPERSONATION_MAX_MS, admin.createdAt.getTime() + SESSION_RULES.maxAgeMs));
  const { headers, response } = await auth.api.beginImpersonation({
    headers: c.req.raw.headers,
    body: { targetUserId: target.id, adminSessionToken: admin.token, expiresAt: expiresAt.toISOString() },
    returnHeaders: true,
  });
  try {
    await recordAuditEvent(
      db,
      {
        action: 'impersonation_started',
        adminId: admin.user.id,
        targetUserId: target.id,
        context: details.context,
        details: { impersonationSessionId: response.sessionId, targetRole: target.role, freshness: details.freshness, expiresAt: expiresAt.toISOString() },
      },
      startedAt,
    );
  } catch (error) {
    // No unaudited impersonation: the session goes with the failed write.
    await endSessions(db, bus, [response.token]);
    throw error;
  }
  passCookies(c, headers);
  return { adminUserId: admin.user.id, targetUserId: target.id, targetUserRole: target.role, startedAt: startedAt.toISOString(), expiresAt: expiresAt.toISOString() };
}

/**
 * Ends the "view as" this browser holds, audited, then either gives the browser its
 * admin session back (`stopped`) or clears it and ends the admin session as well
 * (`signed-out`: whoever signs out means every session in this browser). Works after the
 * impersonation expired too, as long as the admin's own session lives.
 */
export async function finishImpersonation(c: Context<AppBindings>, session: SessionCheck, reason: 'stopped' | 'signed-out', context: RequestContext) {
  const { db, bus, auth } = c.get('deps');
  const current = session.status === 'valid' && session.impersonation ? session : null;
  if (current) await endImpersonationSessions(db, bus, eq(authSessions.token, current.token), reason, { context });
  const { headers, response } = await auth.api.finishImpersonation({ headers: c.req.raw.headers, body: { restore: reason === 'stopped' }, returnHeaders: true });
  if (reason === 'signed-out' && response.adminToken) await endSessions(db, bus, [response.adminToken]);
  passCookies(c, headers);
  return { restored: response.restored, targetUserId: current?.user.id ?? null };
}

/** The sweep: impersonations past their hour end (and are audited) even if nobody comes back. */
export async function endExpiredImpersonations(db: Database, bus: SessionEventBus | undefined, now = new Date()): Promise<number> {
  return (await endImpersonationSessions(db, bus, lte(authSessions.expiresAt, now), 'expired', { now })).length;
}
