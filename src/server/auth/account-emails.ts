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

/** Where the confirmation link lands once Better Auth has verified it (docs/product.md#e-mail). */
export const EMAIL_CONFIRMED_PATH = '/overview?email_confirmed=true';

/** The language of the request: the visitor's stored choice (cookie), then the browser. */
export function requestLanguage(request: Request | undefined): Language {
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

/**
 * Builds and sends the account e-mails; sending never fails the request that caused it.
 * A suspended or deleted account gets none, and the request is answered as always (so a
 * deleted address can no longer get sign-in or reset links, and nothing is revealed).
 */
export function accountEmails(db: Database, mailer: Mailer) {
  async function send(kind: AuthEmailKind, to: string, link: string, name: string | null | undefined, request: Request | undefined) {
    const { receives, language } = await recipient(db, to, request);
    if (!receives) return;
    await mailer.send(await authEmail(kind, { to, name, link, language }));
  }
  return {
    confirmation: (user: { email: string; name: string }, url: string, request?: Request) => {
      // The confirmation always lands on the overview with the flag, whatever the client asked.
      const link = new URL(url);
      link.searchParams.set('callbackURL', EMAIL_CONFIRMED_PATH);
      return send('confirm-email', user.email, link.toString(), user.name, request);
    },
    magicLink: (email: string, url: string, request?: Request) => send('magic-link', email, url, null, request),
    accountExists: (user: { email: string; name: string }, signInUrl: string, request?: Request) =>
      send('account-exists', user.email, signInUrl, user.name, request),
    noAccount: (email: string, signUpUrl: string, request?: Request) => send('no-account', email, signUpUrl, null, request),
    passwordReset: (user: { email: string; name: string }, url: string, request?: Request) =>
      send('reset-password', user.email, url, user.name, request),
  };
}
