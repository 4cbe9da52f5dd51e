import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../core/auth/credentials.ts';

/** What the sign-up hook needs of Better Auth's endpoint context. */
type SignUpContext = {
  body: unknown;
  request?: Request;
  json: (body: unknown) => unknown;
  context: {
    generateId: (options: { model: string }) => string | false;
    password: { hash: (password: string) => Promise<string> };
    internalAdapter: { findUserByEmail: (email: string) => Promise<{ user: { email: string; name: string } } | null> };
  };
};

export type ExistingAddressNotice = (user: { email: string; name: string }, request: Request | undefined) => Promise<void>;

const PASSWORD_MAX_LENGTH = 128;

/**
 * Sign-up with an address that already has an account (decision 101). Better Auth would
 * answer 422 in a few milliseconds where a new account takes the time of a password hash:
 * anyone could learn who uses Rumbo. Instead the answer is a new sign-up's (200, the same
 * body, no session yet), after the same hash, and the owner gets an e-mail saying someone
 * tried, with a way to sign in or reset the password. Only the mailbox learns the truth.
 *
 * Runs last among the before hooks, so the terms, the name and the address's length are
 * judged the same way for both; an input Better Auth itself would refuse is left to it.
 */
export async function answerExistingAddress(ctx: SignUpContext, notify: ExistingAddressNotice): Promise<unknown> {
  const { email, password, name } = (ctx.body ?? {}) as { email?: unknown; password?: unknown; name?: unknown };
  if (typeof email !== 'string' || !z.email().safeParse(email).success) return undefined;
  if (typeof password !== 'string' || password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return undefined;
  const existing = await ctx.context.internalAdapter.findUserByEmail(email.toLowerCase());
  if (!existing) return undefined;

  await ctx.context.password.hash(password);
  // Awaited, as a new sign-up's confirmation e-mail is: the two take about the same time.
  await notify(existing.user, ctx.request);
  const now = new Date();
  return ctx.json({
    token: null,
    user: {
      id: ctx.context.generateId({ model: 'user' }) || crypto.randomUUID(),
      email: email.toLowerCase(),
      name: typeof name === 'string' ? name : '',
      image: null,
      emailVerified: false,
      createdAt: now,
      updatedAt: now,
      twoFactorEnabled: false,
    },
  });
}
