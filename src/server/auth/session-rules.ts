import { and, desc, eq, inArray, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { ERROR_CODES } from '../../core/errors/error-codes.ts';
import { type EndReason, type SessionEventBus, tokenDigest } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { authSessions } from '../db/schema/index.ts';
import { accountStatus } from '../platform/account-status.ts';
import { recordAuditEvent, type RequestContext } from '../platform/audit.ts';
import type { Role } from '../platform/roles.ts';
import type { Logger } from '../logger.ts';
import { recordAdminSignIn } from './admin-sign-ins.ts';

/** The rules of docs/product.md#sessions. */
export const SESSION_RULES = {
  maxAgeMs: 8 * 60 * 60 * 1000,
  adminIdleMs: 30 * 60 * 1000,
  maxConcurrent: 3,
  pollIntervalMs: { user: 5 * 60 * 1000, admin: 2 * 60 * 1000 },
} as const;

export type SessionFacts = {
  createdAt: number;
  expiresAt: number;
  lastActiveAt: number;
  /** The user agent the session was created with. */
  userAgent: string | null;
  role: Role;
};

export type SessionVerdict = 'valid' | 'expired' | 'idle' | 'fingerprint-mismatch';

/**
 * The rules every authenticated request passes, in the order a founder would want
 * them reported: a stolen cookie is a violation even when it has also expired.
 */
export function judgeSession(
  session: SessionFacts,
  request: { now: number; userAgent: string | null },
  adminIdleMs: number = SESSION_RULES.adminIdleMs,
): SessionVerdict {
  if ((session.userAgent ?? '') !== (request.userAgent ?? '')) return 'fingerprint-mismatch';
  if (request.now >= session.expiresAt || request.now - session.createdAt >= SESSION_RULES.maxAgeMs) return 'expired';
  if (session.role === 'admin' && request.now - session.lastActiveAt >= adminIdleMs) return 'idle';
  return 'valid';
}

/** Deletes sessions by token and tells every instance to forget them. */
export async function endSessions(db: Database, bus: SessionEventBus | undefined, tokens: string[], reason?: EndReason): Promise<void> {
  if (tokens.length === 0) return;
  await db.delete(authSessions).where(inArray(authSessions.token, tokens));
  await bus?.publish({ type: 'sessions-invalidated', digests: tokens.map(tokenDigest), ...(reason ? { reason } : {}) });
}

/**
 * Ends the user's oldest sessions beyond the newest three (docs/product.md#sessions). An admin viewing the
 * app as the founder is not one of the founder's sessions: it neither counts nor is ended.
 */
export async function enforceConcurrentLimit(db: Database, bus: SessionEventBus | undefined, userId: string): Promise<string[]> {
  const sessions = await db
    .select({ token: authSessions.token })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.impersonatedBy)))
    .orderBy(desc(authSessions.createdAt), desc(authSessions.id));
  const surplus = sessions.slice(SESSION_RULES.maxConcurrent).map((session) => session.token);
  await endSessions(db, bus, surplus);
  return surplus;
}

/** Why an admin's "view as" session ended, as its `security_impersonation_ended` row says. */
export type ImpersonationEndReason =
  | 'stopped'
  | 'signed-out'
  | 'expired'
  | 'idle'
  | 'fingerprint-mismatch'
  | 'admin-session-ended'
  | 'admin-role-removed'
  | 'account-suspended'
  | 'account-deleted'
  | 'revoked';

type ImpersonationRow = { id: string; userId: string; impersonatedBy: string | null; createdAt: Date };

/** The `security_impersonation_ended` row (audited at start and at end: docs/product.md#impersonation). */
async function recordImpersonationEnd(db: Database, row: ImpersonationRow, reason: ImpersonationEndReason, context?: RequestContext, now = new Date()) {
  const startedAt = new Date(row.createdAt);
  await recordAuditEvent(
    db,
    {
      action: 'impersonation_ended',
      adminId: row.impersonatedBy,
      targetUserId: row.userId,
      context,
      details: { reason, impersonationSessionId: row.id, startedAt: startedAt.toISOString(), durationSeconds: Math.max(0, Math.round((now.getTime() - startedAt.getTime()) / 1000)) },
    },
    now,
  );
}

/** The browser of an impersonation that ended by itself goes back to the admin's view; one that was stolen is told so. */
function impersonationTombstone(reason: ImpersonationEndReason): EndReason | undefined {
  if (reason === 'fingerprint-mismatch') return reason;
  return reason === 'stopped' || reason === 'signed-out' ? undefined : 'impersonation-ended';
}

/**
 * Ends the impersonation sessions `where` selects, each audited exactly once: by whoever's
 * DELETE removed its row (the stop route, the session check, the expiry sweep, a suspension),
 * on whichever instance.
 */
export async function endImpersonationSessions(
  db: Database,
  bus: SessionEventBus | undefined,
  where: SQL | undefined,
  reason: ImpersonationEndReason,
  options: { context?: RequestContext; now?: Date } = {},
): Promise<ImpersonationRow[]> {
  const ended = await db
    .delete(authSessions)
    .where(and(isNotNull(authSessions.impersonatedBy), where))
    .returning({ id: authSessions.id, token: authSessions.token, userId: authSessions.userId, impersonatedBy: authSessions.impersonatedBy, createdAt: authSessions.createdAt });
  for (const row of ended) await recordImpersonationEnd(db, row, reason, options.context, options.now);
  if (ended.length > 0) {
    const tombstone = impersonationTombstone(reason);
    await bus?.publish({ type: 'sessions-invalidated', digests: ended.map((row) => tokenDigest(row.token)), ...(tombstone ? { reason: tombstone } : {}) });
  }
  return ended;
}

/**
 * Every session of an account at once, on every instance (suspension, deletion): its own,
 * and any "view as" session of it or by it.
 */
export async function endUserSessions(db: Database, bus: SessionEventBus | undefined, userId: string, reason: 'account-suspended' | 'account-deleted', context?: RequestContext) {
  await endImpersonationSessions(db, bus, or(eq(authSessions.userId, userId), eq(authSessions.impersonatedBy, userId)), reason, { context });
  const ended = await db.delete(authSessions).where(eq(authSessions.userId, userId)).returning({ token: authSessions.token });
  if (ended.length > 0) await bus?.publish({ type: 'sessions-invalidated', digests: ended.map((row) => tokenDigest(row.token)) });
}

/** Better Auth's message shape for a refused sign-in, with our code (the UI translates it). */
function refusal(code: 'ACCOUNT_SUSPENDED' | 'ACCOUNT_DELETED') {
  return new APIError('FORBIDDEN', { code, message: ERROR_CODES[code].message });
}

/**
 * Only an active account opens a session, whichever way it signs in (password, link,
 * provider, two-step code). An admin's "view as" session is the admin's, not the founder's.
 */
export async function refuseInactiveAccount(db: Database, session: SessionRow) {
  if (session.impersonatedBy) return;
  const status = await accountStatus(db, session.userId);
  if (status === 'suspended') throw refusal('ACCOUNT_SUSPENDED');
  if (status === 'deleted') throw refusal('ACCOUNT_DELETED');
}

type SessionRow = {
  id: string;
  token: string;
  userId: string;
  impersonatedBy?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
  createdAt: Date;
  expiresAt: Date;
};

/**
 * Better Auth database hooks that keep the session rules and every instance's session
 * cache honest: only active accounts sign in; a fourth session ends the oldest; a deleted
 * or changed session (sign-out, revocation) and a changed user are dropped from every
 * cache at once; an impersonation Better Auth itself ends (a revocation, its expiry) is audited.
 */
export function sessionDatabaseHooks(db: Database, bus: SessionEventBus | undefined, logger: Logger) {
  const invalidate = (session: SessionRow, reason?: EndReason) =>
    bus?.publish({ type: 'sessions-invalidated', digests: [tokenDigest(session.token)], ...(reason ? { reason } : {}) }).catch((error: unknown) => {
      logger.error({ err: error }, 'session invalidation failed to publish');
    });
  return {
    session: {
      create: {
        before: async (session: SessionRow) => void (await refuseInactiveAccount(db, session)),
        after: async (session: SessionRow, context: { headers?: Headers; request?: Request } | null) => {
          if (session.impersonatedBy) return;
          await enforceConcurrentLimit(db, bus, session.userId);
          // A record the security job reads; a failure to write it never stops the sign-in.
          await recordAdminSignIn(db, session, context?.headers ?? context?.request?.headers).catch((error: unknown) => {
            logger.error({ err: error }, 'admin sign-in record failed');
          });
        },
      },
      update: { after: async (session: SessionRow) => void (await invalidate(session)) },
      delete: {
        after: async (session: SessionRow) => {
          if (!session.impersonatedBy) return void (await invalidate(session));
          const expired = new Date(session.expiresAt).getTime() <= Date.now();
          await recordImpersonationEnd(db, { ...session, impersonatedBy: session.impersonatedBy }, expired ? 'expired' : 'revoked');
          await invalidate(session, 'impersonation-ended');
        },
      },
    },
    userUpdated: async (user: { id: string }) => {
      await bus?.publish({ type: 'user-invalidated', userId: user.id });
    },
  };
}
