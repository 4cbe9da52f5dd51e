import { desc, eq, inArray } from 'drizzle-orm';
import { type EndReason, type SessionEventBus, tokenDigest } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { authSessions } from '../db/schema/index.ts';
import type { Role } from '../features/roles/service.ts';
import type { Logger } from '../logger.ts';

/** SPEC §10 "Access" and spec §9 "Session". */
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
export function judgeSession(session: SessionFacts, request: { now: number; userAgent: string | null }): SessionVerdict {
  if ((session.userAgent ?? '') !== (request.userAgent ?? '')) return 'fingerprint-mismatch';
  if (request.now >= session.expiresAt || request.now - session.createdAt >= SESSION_RULES.maxAgeMs) return 'expired';
  if (session.role === 'admin' && request.now - session.lastActiveAt >= SESSION_RULES.adminIdleMs) return 'idle';
  return 'valid';
}

/** Deletes sessions by token and tells every instance to forget them. */
export async function endSessions(db: Database, bus: SessionEventBus | undefined, tokens: string[], reason?: EndReason): Promise<void> {
  if (tokens.length === 0) return;
  await db.delete(authSessions).where(inArray(authSessions.token, tokens));
  await bus?.publish({ type: 'sessions-invalidated', digests: tokens.map(tokenDigest), ...(reason ? { reason } : {}) });
}

/** Ends the user's oldest sessions beyond the newest three (SPEC §10). */
export async function enforceConcurrentLimit(db: Database, bus: SessionEventBus | undefined, userId: string): Promise<string[]> {
  const sessions = await db
    .select({ token: authSessions.token })
    .from(authSessions)
    .where(eq(authSessions.userId, userId))
    .orderBy(desc(authSessions.createdAt), desc(authSessions.id));
  const surplus = sessions.slice(SESSION_RULES.maxConcurrent).map((session) => session.token);
  await endSessions(db, bus, surplus);
  return surplus;
}

type SessionRow = { token: string; userId: string };

/**
 * Better Auth database hooks that keep the session rules and every instance's session
 * cache honest: a fourth session ends the oldest; a deleted or changed session (sign-out,
 * revocation, ban) and a changed user are dropped from every cache at once.
 */
export function sessionDatabaseHooks(db: Database, bus: SessionEventBus | undefined, logger: Logger) {
  const invalidate = (session: SessionRow) =>
    bus?.publish({ type: 'sessions-invalidated', digests: [tokenDigest(session.token)] }).catch((error: unknown) => {
      logger.error({ err: error }, 'session invalidation failed to publish');
    });
  return {
    session: {
      create: { after: async (session: SessionRow) => void (await enforceConcurrentLimit(db, bus, session.userId)) },
      update: { after: async (session: SessionRow) => void (await invalidate(session)) },
      delete: { after: async (session: SessionRow) => void (await invalidate(session)) },
    },
    userUpdated: async (user: { id: string }) => {
      await bus?.publish({ type: 'user-invalidated', userId: user.id });
    },
  };
}
