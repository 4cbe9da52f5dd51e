import { and, eq, lt } from 'drizzle-orm';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import type { Database } from '../db/client.ts';
import { twoFactorUsedCodes } from '../db/schema/index.ts';

/**
 * A TOTP code is accepted for up to 90 s (the current 30 s step and one either side).
 * Better Auth's two-factor plugin does not remember accepted codes, so without this a
 * code read over a shoulder could open a second session within that window (RFC 6238
 * §5.2: "the verifier MUST NOT accept the second attempt of the same OTP").
 */
const CODE_LIFETIME_MS = 3 * 60 * 1000;

/** The two-factor plugin's sign-in cookie (its TWO_FACTOR_COOKIE_NAME). */
const TWO_FACTOR_COOKIE = 'two_factor';

type HookContext = Parameters<typeof getSessionFromCtx>[0] & {
  body?: { code?: unknown };
  context: {
    createAuthCookie: (name: string) => { name: string };
    secret: string;
    internalAdapter: { findVerificationValue: (identifier: string) => Promise<{ value: string } | null> };
  };
  getSignedCookie: (name: string, secret: string) => Promise<string | null | false>;
};

/** Whose code this is: the signed-in user (enrolment) or the one mid sign-in (challenge). */
async function codeOwner(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return pending?.value ?? null;
}

/**
 * Claims the code before Better Auth checks it: the first request with a code wins,
 * any later one with the same code is refused, even two sent at the same instant
 * (the primary key decides). A wrong code claimed this way costs nothing: it was
 * never going to work.
 */
export async function refuseReplayedTotp(db: Database, ctx: HookContext): Promise<void> {
  const code = typeof ctx.body?.code === 'string' ? ctx.body.code.trim() : '';
  if (!code) return;
  const userId = await codeOwner(ctx);
  if (!userId) return; // Better Auth answers "invalid two-factor cookie" itself.
  await db
    .delete(twoFactorUsedCodes)
    .where(and(eq(twoFactorUsedCodes.userId, userId), lt(twoFactorUsedCodes.usedAt, new Date(Date.now() - CODE_LIFETIME_MS))));
  const claimed = await db
    .insert(twoFactorUsedCodes)
    .values({ userId, code })
    .onConflictDoNothing()
    .returning({ code: twoFactorUsedCodes.code });
  if (claimed.length === 0) {
    throw new APIError('UNAUTHORIZED', { code: 'TOTP_CODE_ALREADY_USED', message: 'This code was already used. Wait for the next one.' });
  }
}
