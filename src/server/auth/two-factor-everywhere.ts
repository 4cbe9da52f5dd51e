import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import type { createAuthMiddleware } from 'better-auth/api';

/**
 * Better Auth's two-factor plugin challenges password sign-ins only. A magic link,
 * a confirmation link or an OAuth provider would otherwise open a session for an
 * account that has two-step verification on: a stolen mailbox would be enough. For
 * those sign-ins (all redirects) we do what the plugin does for passwords: drop the
 * new session, hand the browser the plugin's signed two-factor cookie, and send it
 * to /auth, whose challenge step finishes through the plugin's own verify routes.
 */
type AfterContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The plugin's cookie name, lifetime and verification records (better-auth two-factor). */
const TWO_FACTOR_COOKIE = 'two_factor';
const CHALLENGE_SECONDS = 10 * 60;

function isRedirectSignIn(path: string | undefined): boolean {
  return path === '/magic-link/verify' || path === '/verify-email' || Boolean(path?.startsWith('/callback/'));
}

export async function challengeRedirectSignIns(ctx: AfterContext, appUrl: string): Promise<void> {
  if (!isRedirectSignIn(ctx.path)) return;
  const created = ctx.context.newSession as { user: { id: string; twoFactorEnabled?: boolean | null }; session: { token: string } } | null;
  if (!created?.user.twoFactorEnabled) return;

  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(created.session.token);
  ctx.context.setNewSession(null);

  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: CHALLENGE_SECONDS });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + CHALLENGE_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: created.user.id, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
  throw ctx.redirect(`${appUrl}/auth?challenge=two-factor`);
}
