import { generateId } from 'better-auth';
import type { createAuthMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';

type AfterContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

type SignUpAnswer = { token: string | null; user: { id: string } & Record<string, unknown> };

function isSignUpAnswer(value: unknown): value is SignUpAnswer {
  const answer = value as Partial<SignUpAnswer> | null;
  return Boolean(answer && typeof answer === 'object' && answer.token === null && typeof answer.user?.id === 'string');
}

/**
 * The answer to `POST /api/auth/sign-up/email`: 200, a session token and a user, and the
 * session cookie, whether the address is new or taken (decision 240).
 *
 * Better Auth runs with `autoSignIn: false`, so it validates every body the same way (a bad one
 * is 400 for both), hashes the password for both and answers both `token: null` and a user: the
 * new account's, or one made up with a random id for a taken address (whose owner it e-mails,
 * after the answer). This hook, run after Better Auth's, then signs the new account in, and
 * gives a taken address the same kind of answer: a random token, correctly signed in the same
 * cookie, that maps to no session. The only difference left is what a later call with that
 * cookie finds, the price of a session at sign-up (decision 240).
 */
export async function answerSignUp(ctx: AfterContext): Promise<unknown> {
  if (ctx.path !== '/sign-up/email' || !isSignUpAnswer(ctx.context.returned)) return undefined;
  const { user } = ctx.context.returned;
  const dontRememberMe = (ctx.body as { rememberMe?: unknown } | undefined)?.rememberMe === false;
  const created = await ctx.context.internalAdapter.findUserById(user.id);
  if (created) {
    const session = await ctx.context.internalAdapter.createSession(created.id, dontRememberMe);
    await setSessionCookie(ctx, { session, user: created }, dontRememberMe);
    return ctx.json({ token: session.token, user });
  }
  const token = generateId(32);
  const cookie = ctx.context.authCookies;
  await ctx.setSignedCookie(cookie.sessionToken.name, token, ctx.context.secret, {
    ...cookie.sessionToken.attributes,
    maxAge: dontRememberMe ? undefined : ctx.context.sessionConfig.expiresIn,
  });
  if (dontRememberMe) await ctx.setSignedCookie(cookie.dontRememberToken.name, 'true', ctx.context.secret, cookie.dontRememberToken.attributes);
  return ctx.json({ token, user });
}
