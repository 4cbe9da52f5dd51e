import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { validateAdminSession } from '../../auth/admin-session.ts';
import { endImpersonationSessions, endSessions, SESSION_RULES } from '../../auth/session-rules.ts';
import { authSessions } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { sessionOf } from '../../http/session.ts';
import { recordAuditEvent, requestContext } from '../../platform/audit.ts';
import { documented } from '../../http/route-doc.ts';

/**
 * GET /api/session/admin: the admin's validity poll (`validate_admin_session`, every 2
 * minutes; docs/decisions/186-admin-session-check.md). On top of the session rules every
 * request passes, the user must still be an admin, with an active account, and the session
 * must not have sat idle 30 minutes (the poll itself is not activity). A failure ends the
 * session, is audited, and answers 401 SESSION_TERMINATED with the reason in `details`;
 * the browser says 'Session terminated' and goes to sign-in. A founder's session is not an
 * admin's: 403, and nothing ends.
 */
const adminSessionRoute = new Hono<AppBindings>().get(
  '/admin',
  documented({
    summary:
      "The admin's validity poll (validate_admin_session): still an admin, account active, not idle 30 minutes; a failure ends the session (401 SESSION_TERMINATED with details.reason)",
    tag: 'auth',
  }),
  async (c) => {
    const check = await sessionOf(c);
    if (check.status === 'none') throw new AppError('UNAUTHENTICATED');
    if (check.status === 'ended') {
      if (check.reason === 'impersonation-ended') throw new AppError('IMPERSONATION_ENDED');
      if (check.reason === 'expired') throw new AppError('SESSION_EXPIRED');
      throw new AppError('SESSION_TERMINATED', { details: { reason: check.reason === 'idle' ? 'idle' : check.reason === 'fingerprint-mismatch' ? 'security' : 'admin' } });
    }
    const { db, bus } = c.get('deps');
    // While viewing as a founder, it is the admin behind the view who is judged.
    const adminId = check.impersonation?.adminUserId ?? check.user.id;
    const [adminSession] = check.impersonation
      ? await db.select({ token: authSessions.token, createdAt: authSessions.createdAt }).from(authSessions).where(eq(authSessions.id, check.impersonation.adminSessionId)).limit(1)
      : [{ token: check.token, createdAt: check.createdAt }];
    if (!adminSession) throw new AppError('IMPERSONATION_ENDED');
    const verdict = await validateAdminSession(db, { userId: adminId, createdAt: new Date(adminSession.createdAt) });
    if (verdict === 'not-an-admin-session') throw new AppError('FORBIDDEN');
    if (verdict !== 'valid') {
      const reason = verdict === 'not-admin' ? 'admin-role-removed' : 'account-suspended';
      if (check.impersonation) await endImpersonationSessions(db, bus, eq(authSessions.token, check.token), reason);
      await endSessions(db, bus, [adminSession.token], 'admin-check-failed');
      await recordAuditEvent(db, {
        action: 'admin_session_terminated',
        adminId,
        targetUserId: adminId,
        context: requestContext(c.req.raw, clientAddress(c)),
        details: { reason: verdict },
      });
      throw new AppError('SESSION_TERMINATED', { details: { reason: verdict } });
    }
    return c.json({ valid: true, role: 'admin', pollIntervalMs: SESSION_RULES.pollIntervalMs.admin });
  },
);

/**
 * GET /api/session: the client's periodic validity check (every 5 minutes, 2 for
 * admins and for an admin viewing as a founder). 200 while the session is good; 401
 * SESSION_EXPIRED / SESSION_TERMINATED / IMPERSONATION_ENDED / UNAUTHENTICATED when it
 * is not, and the client signs out (or, for IMPERSONATION_ENDED, goes back to the admin).
 */
export const sessionRoutes = new Hono<AppBindings>()
  .route('/', adminSessionRoute)
  .use(requireUser)
  .get(
    '/',
    documented({
      summary: 'Session validity poll, with the impersonation when an admin views as a founder (401 SESSION_EXPIRED / SESSION_TERMINATED / IMPERSONATION_ENDED when ended)',
      tag: 'auth',
    }),
    (c) => {
      const check = c.get('sessionCheck');
      const role = c.get('role');
      const impersonation = check.status === 'valid' ? check.impersonation : null;
      return c.json({
        valid: true,
        role,
        expiresAt: check.status === 'valid' ? check.expiresAt.toISOString() : null,
        pollIntervalMs: SESSION_RULES.pollIntervalMs[impersonation ? 'admin' : role],
        impersonation:
          impersonation && check.status === 'valid'
            ? {
                adminUserId: impersonation.adminUserId,
                targetUserId: check.user.id,
                targetUserRole: role,
                startedAt: impersonation.startedAt.toISOString(),
                expiresAt: check.expiresAt.toISOString(),
              }
            : null,
      });
    },
  );
