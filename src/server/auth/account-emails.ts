import { eq } from 'drizzle-orm';
import { parse as parseCookies } from 'hono/utils/cookie';
import { receivesEmail } from '../../core/account/account-status.ts';
import {
  isLanguage,
  type Language,
  LANGUAGE_STORAGE_KEY,
  parseAcceptLanguage,
  resolveLanguage,
} from '../../core/i18n/language.ts';
import type { Database } from '../db/client.ts';
import { authUsers, users } from '../db/schema/index.ts';
import { type AuthEmailKind, authEmail } from '../mail/auth-emails.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimiters } from '../rate-limit/limiter.ts';

/** Where the confirmation link lands once Better Auth has verified it (docs/product.md#e-mail). */
export const EMAIL_CONFIRMED_PATH = '/overview?email_confirmed=true';

/** The language of the request: the visitor's stored choice (cookie), then the browser. */
export function requestLanguage(request: { headers: Headers } | undefined): Language {
  if (!request) return resolveLanguage({});
  const stored = parseCookies(request.headers.get('cookie') ?? '', LANGUAGE_STORAGE_KEY)[LANGUAGE_STORAGE_KEY];
  return resolveLanguage({ stored, browser: parseAcceptLanguage(request.headers.get('accept-language')) });
}

/**
 * Who is at this address: whether they receive e-mail at all (receivesEmail: no account
 * yet, or an active one), and in which language (their choice, else the one in use now).
 */
async function recipient(db: Database, email: string, request: Request | undefined): Promise<{ receives: boolean; language: Language }> {
  const [row] = await db
    .select({ preferred: users.preferredLanguage, status: users.status })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(authUsers.email, email.toLowerCase()))
    .limit(1);
  return { receives: receivesEmail(row?.status ?? null), language: isLanguage(row?.preferred) ? row.preferred : requestLanguage(request) };
}

export type AccountEmails = ReturnType<typeof accountEmails>;

/** A sign-up with a taken address tells its owner at most once a day (decision 240). */
const ACCOUNT_EXISTS_RULE = { max: 1, windowSeconds: 24 * 60 * 60 };

type Recipient = { id: string; email: string; name: string; emailVerified: boolean };

/**
 * The name an e-mail may greet with: only one the owner of the mailbox set. Until the address is
 * confirmed, the name is whatever the person who signed up typed, perhaps not the owner: text
 * and links that must never reach a stranger's inbox in Rumbo's name (decision 240).
 */
const ownersName = (user: Recipient) => (user.emailVerified ? user.name : null);

/**
 * Builds and sends the account e-mails; sending never fails the request that caused it.
 * A suspended or deleted account gets none, and the request is answered as always (so a
 * deleted address can no longer get sign-in or reset links, and nothing is revealed).
 * `limiters` (shared between instances) keep the "you already have an account" e-mail to one a day.
 */
export function accountEmails(db: Database, mailer: Mailer, limiters?: Pick<RateLimiters, 'consumeRule'>) {
  async function send(kind: AuthEmailKind, to: string, link: string, name: string | null | undefined, request: Request | undefined) {
    const { receives, language } = await recipient(db, to, request);
    if (!receives) return;
    await mailer.send(await authEmail(kind, { to, name, link, language }));
  }
  return {
    confirmation: (user: Recipient, url: string, request?: Request) => {
      // The confirmation always lands on the overview with the flag, whatever the client asked.
      const link = new URL(url);
      link.searchParams.set('callbackURL', EMAIL_CONFIRMED_PATH);
      // Never the name given at sign-up: anyone can sign up with anyone's address.
      return send('confirm-email', user.email, link.toString(), null, request);
    },
    magicLink: (email: string, url: string, request?: Request) => send('magic-link', email, url, null, request),
    accountExists: async (user: Recipient, signInUrl: string, request?: Request) => {
      const today = limiters ? await limiters.consumeRule('account-exists-notice', user.id, ACCOUNT_EXISTS_RULE) : { allowed: true };
      if (!today.allowed) return;
      await send('account-exists', user.email, signInUrl, ownersName(user), request);
    },
    noAccount: (email: string, signUpUrl: string, request?: Request) => send('no-account', email, signUpUrl, null, request),
    passwordReset: (user: Recipient, url: string, request?: Request) => send('reset-password', user.email, url, ownersName(user), request),
  };
}
