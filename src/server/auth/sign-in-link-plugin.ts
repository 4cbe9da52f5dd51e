import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * The cookie work of an admin's one-time sign-in link (decision 271), as a Better Auth
 * endpoint so the session is Better Auth's own (its record, its signed cookie, our session
 * hooks). Server-only: no HTTP route reaches it; GET /api/sign-in-links/:token checks the
 * link, marks it used and audits before calling it.
 */
export function signInLinkPlugin() {
  return {
    id: 'rumbo-sign-in-link',
    endpoints: {
      openSignInLink: createAuthEndpoint(
        '/rumbo/sign-in-link/open',
        { method: 'POST', body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('NOT_FOUND');
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ sessionId: session.id });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
