import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { deleteSessionCookie, expireCookie, setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * The cookie work of an admin's "view as" (decision 023), as Better Auth endpoints so they
 * use its own signed cookies and session records. They are server-only: no HTTP route
 * reaches them; /api/impersonation (features/impersonation) checks who may call them,
 * limits, audits and ends sessions.
 *
 * The design is Better Auth's admin plugin's (the session row's `impersonatedBy`, the
 * admin's own session kept in a signed `admin_session` cookie while the browser holds
 * the founder's); its routes are not used because they judge roles by a column of their
 * own, are open over HTTP, and cannot bring the admin back once the impersonation expired.
 */
const ADMIN_SESSION_COOKIE = 'admin_session';

/** Session fields Better Auth stores and returns with every session (auth.ts; clients cannot set them). */
export const impersonationSessionFields = {
  impersonatedBy: { type: 'string', required: false, input: false },
  impersonatorSessionId: { type: 'string', required: false, input: false },
} as const;

export function impersonationPlugin() {
  return {
    id: 'rumbo-impersonation',
    endpoints: {
      /**
       * Opens a session for the founder marked as the admin's, hands it to the browser,
       * and keeps the admin's own session token in a signed cookie until the end.
       */
      beginImpersonation: createAuthEndpoint(
        '/rumbo/impersonation/begin',
        {
          method: 'POST',
          body: z.object({ targetUserId: z.string(), adminSessionToken: z.string(), expiresAt: z.string() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const admin = await ctx.context.internalAdapter.findSession(ctx.body.adminSessionToken);
          const target = await ctx.context.internalAdapter.findUserById(ctx.body.targetUserId);
          if (!admin || !target) throw new APIError('NOT_FOUND');
          const expiresAt = new Date(ctx.body.expiresAt);
          const session = await ctx.context.internalAdapter.createSession(
            target.id,
            true,
            { impersonatedBy: admin.user.id, impersonatorSessionId: admin.session.id, expiresAt },
            true,
          );
          const remembered = !(await ctx.getSignedCookie(ctx.context.authCookies.dontRememberToken.name, ctx.context.secret));
          const cookie = ctx.context.createAuthCookie(ADMIN_SESSION_COOKIE);
          // The cookie outlives the impersonation a little, so the browser can still come back after it expired.
          const maxAge = Math.max(60, Math.ceil((expiresAt.getTime() - Date.now()) / 1000) + 10 * 60);
          await ctx.setSignedCookie(cookie.name, `${admin.session.token}:${remembered ? '1' : ''}`, ctx.context.secret, { ...cookie.attributes, maxAge });
          await setSessionCookie(ctx, { session, user: target }, true);
          return ctx.json({ sessionId: session.id, token: session.token, createdAt: session.createdAt });
        },
      ),
      /**
       * Forgets the kept admin session: with `restore`, the browser gets it back when it
       * still exists and has not expired; otherwise (or on sign-out) every session cookie
       * is cleared. Answers the admin session's token, so the caller can end it on sign-out.
       */
      finishImpersonation: createAuthEndpoint(
        '/rumbo/impersonation/finish',
        { method: 'POST', body: z.object({ restore: z.boolean() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const cookie = ctx.context.createAuthCookie(ADMIN_SESSION_COOKIE);
          const kept = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
          expireCookie(ctx, cookie);
          const [adminToken, remembered] = typeof kept === 'string' ? kept.split(':') : [];
          const admin = ctx.body.restore && adminToken ? await ctx.context.internalAdapter.findSession(adminToken) : null;
          if (admin && new Date(admin.session.expiresAt).getTime() > Date.now()) {
            await setSessionCookie(ctx, admin, remembered !== '1');
            return ctx.json({ adminToken, restored: { userId: admin.user.id, sessionId: admin.session.id } });
          }
          deleteSessionCookie(ctx);
          return ctx.json({ adminToken: adminToken || null, restored: null });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
