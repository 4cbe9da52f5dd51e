import { BASE_ERROR_CODES, betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { magicLink, twoFactor } from 'better-auth/plugins';
import { PASSWORD_MIN_LENGTH } from '../../core/auth/credentials.ts';
import type { Database } from '../db/client.ts';
import { authAccounts, authSessions, authTwoFactors, authUsers, authVerifications } from '../db/schema/index.ts';
import { boundedText, loggableError, type Logger } from '../logger.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountEmails } from './account-emails.ts';
import { impersonationPlugin, impersonationSessionFields } from './impersonation-plugin.ts';
import { signInLinkPlugin } from './sign-in-link-plugin.ts';
import { type AuthProviders, oidcPlugins, socialProviders } from './providers.ts';
import { refuseOverlongEmail } from './email-length.ts';
import { cleanSignUpName } from './sign-up-name.ts';
import { referralRef } from './referral-ref.ts';
import { signUpLanguage } from './sign-up-language.ts';
import type { Language } from '../../core/i18n/language.ts';
import { challengeRedirectSignIns } from './two-factor-everywhere.ts';
import { redactSessionList } from './session-list.ts';
import { answerSignUp } from './sign-up-answer.ts';
import { refuseForeignRedirects } from './callback-urls.ts';
import { refuseReplayedTotp } from './two-factor-replay.ts';
import type { SessionEventBus } from '../cluster/shared-state.ts';
import type { RateLimiters } from '../rate-limit/limiter.ts';
import { betterAuthRateLimit } from '../rate-limit/auth-rules.ts';
import { generateBackupCodes } from './backup-codes.ts';
import { sessionDatabaseHooks } from './session-rules.ts';
import { type PasswordHashing, passwordFunctions } from './password-hashing.ts';

export type AuthConfig = {
  db: Database;
  rateLimitScale: number;
  secret: string;
  appUrl: string;
  secureCookies: boolean;
  logger: Logger;
  mailer: Mailer;
  providers: AuthProviders;
  /** Shared rate-limit counters (memory when absent) and the session-invalidation bus. */
  limiters?: RateLimiters;
  sessionEvents?: SessionEventBus;
  /** Called once a new account's user row exists (the app creates the founder's profile in the language it signed up in). */
  onUserCreated: (user: { id: string; email: string; name: string }, origin: { ref: string | null; language: Language }) => Promise<unknown>;
  /**
   * Called when an account's address is (or already was) confirmed and the user row is written: at sign-up through a provider
   * that vouches for it, by the e-mailed link, and on later changes (what waits for a confirmed address checks it is not done twice).
   */
  onEmailConfirmed?: (user: { id: string; email: string }) => Promise<unknown>;
  /** Work that must not hold up an answer (e-mails): the app tracks it so a shutdown can wait for it. */
  runInBackground?: (task: Promise<unknown>) => void;
  /** `cheap` only from the in-process tests (password-hashing.ts). */
  passwordHashing?: PasswordHashing;
};

/**
 * The header our server sets from the socket's address for every auth request,
 * replacing anything a client sent (app.ts), so a forged X-Forwarded-For cannot
 * dodge a rate limit.
 */
export const CLIENT_IP_HEADER = 'x-rumbo-client-ip';

/** A session lasts at most 8 hours (docs/product.md#sessions). */
const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** Link lifetimes (decision 011): short for links that sign in, a day to confirm an address. */
const MAGIC_LINK_SECONDS = 15 * 60;
const RESET_LINK_SECONDS = 60 * 60;
const CONFIRMATION_LINK_SECONDS = 24 * 60 * 60;

/**
 * Better Auth, mounted at /api/auth: e-mail and password, and its magic-link, two-factor
 * and generic OAuth plugins; "view as" is a small server-only plugin of ours (decision 023).
 */
/**
 * What Better Auth reports about a request's own mistake (a callback URL of another origin, an
 * unknown provider, a user or e-mail not found) is the client's, not ours: `warn`, not `error`.
 */
const CLIENT_MISTAKE = /^(Invalid |Email is the same|Provider not found|OAuth provider not found|User not found|Reset Password: User not found|Password is too (short|long))/;

function authLogLevel(level: string, message: string): 'error' | 'warn' | 'debug' {
  if (level === 'error') return CLIENT_MISTAKE.test(message) ? 'warn' : 'error';
  return level === 'warn' ? 'warn' : 'debug';
}

/** A Better Auth log argument, bounded: an error as `loggableError`, anything else as text cut to length. */
function loggableArgument(argument: unknown): unknown {
  if (argument instanceof Error) return loggableError(argument);
  if (typeof argument === 'string') return boundedText(argument);
  try {
    return boundedText(JSON.stringify(argument) ?? String(argument));
  } catch {
    return boundedText(String(argument));
  }
}

export function createAuth({ db, rateLimitScale, secret, appUrl, secureCookies, logger, mailer, providers, limiters, sessionEvents, onUserCreated, onEmailConfirmed, runInBackground, passwordHashing }: AuthConfig) {
  const emails = accountEmails(db, mailer, limiters);
  const sessionHooks = sessionDatabaseHooks(db, sessionEvents, logger);
  return betterAuth({
    appName: 'Rumbo',
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [appUrl],
    // The profile is written through PATCH /api/me, which sanitises and refuses blocked
    // patterns; Better Auth's own route would store a name or image unchecked.
    disabledPaths: ['/update-user'],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        twoFactor: authTwoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      password: passwordFunctions(passwordHashing),
      // A taken address and a new one get the same answer (decision 240): Better Auth validates
      // both bodies alike and, with its own sign-in off, answers both with a user and no session;
      // `answerSignUp` (after hook) then signs the new account in and gives the taken address a
      // signed random token that opens nothing. The owner of a taken address hears of the attempt
      // by e-mail, at most once a day, after the answer.
      autoSignIn: false,
      onExistingUserSignUp: ({ user }, request) => emails.accountExists(user, `${appUrl}/auth`, request),
      // Unknown e-mails get the same answer and no e-mail (no account enumeration).
      sendResetPassword: ({ user, url }, request) => emails.passwordReset(user, url, request),
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      // A new password ends every session: whoever knew the old one is out.
      revokeSessionsOnPasswordReset: true,
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRMATION_LINK_SECONDS,
      sendVerificationEmail: ({ user, url }, request) => emails.confirmation(user, url, request),
    },
    socialProviders: socialProviders(providers),
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_SECONDS,
        sendMagicLink: async ({ email, url, metadata }, ctx) => {
          const request = ctx?.request;
          // A sign-in link for an address without an account would create one without
          // the terms being accepted: only a sign-up request (terms ticked) may do that.
          const existing = await ctx?.context.internalAdapter.findUserByEmail(email);
          if (!existing && metadata?.termsAccepted !== true) {
            return emails.noAccount(email, `${appUrl}/auth?mode=sign-up`, request);
          }
          return emails.magicLink(email, url, request);
        },
      }),
      twoFactor({ issuer: 'Rumbo', backupCodeOptions: { customBackupCodesGenerate: generateBackupCodes } }),
      ...oidcPlugins(providers),
      impersonationPlugin(),
      signInLinkPlugin(),
    ],
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      // Never extend past the 8-hour maximum: the session is not refreshed on use.
      disableSessionRefresh: true,
      additionalFields: impersonationSessionFields,
    },
    // Login 5 / 15 min, password reset 3 / 60 min (docs/product.md#rate-limits, src/server/rate-limit/).
    rateLimit: betterAuthRateLimit(rateLimitScale, limiters),
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookiePrefix: 'rumbo',
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies },
      // E-mails are sent after the answer: a sign-up takes the same time whether the address is
      // taken or new, and whether or not an e-mail goes out (decision 240).
      backgroundTasks: { handler: runInBackground ?? ((task) => void task.catch(() => undefined)) },
    },
    logger: {
      log: (level, message, ...args) => {
        const method = authLogLevel(level, message);
        logger[method]({ args: args.map(loggableArgument) }, `auth: ${boundedText(message)}`);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        refuseForeignRedirects(ctx, appUrl, logger);
        if (ctx.path === '/two-factor/verify-totp') await refuseReplayedTotp(db, ctx as never);
        // A sign-in password has at least 8 characters (docs/product.md#forms). A shorter one is refused with
        // the very answer a wrong password gets, whether or not the e-mail has an account.
        if (ctx.path === '/sign-in/email' && String((ctx.body as { password?: unknown })?.password ?? '').length < PASSWORD_MIN_LENGTH) {
          throw APIError.from('UNAUTHORIZED', BASE_ERROR_CODES.INVALID_EMAIL_OR_PASSWORD);
        }
        // The terms must be accepted, whatever the client (docs/product.md#founder-profile).
        if (ctx.path === '/sign-up/email' && (ctx.body as { termsAccepted?: unknown })?.termsAccepted !== true) {
          throw new APIError('BAD_REQUEST', {
            code: 'TERMS_NOT_ACCEPTED',
            message: 'You must accept the terms of service to create an account.',
          });
        }
        refuseOverlongEmail(ctx.body);
        // Nothing here looks the address up: a taken one and a new one are judged alike, and
        // Better Auth validates the body (a `name` that is not text is 400) before it does.
        const body = cleanSignUpName(ctx.path, ctx.body);
        if (body) return { context: { body } };
      }),
      after: createAuthMiddleware(async (ctx) => {
        await challengeRedirectSignIns(ctx, appUrl);
        return (await answerSignUp(ctx)) ?? redactSessionList(ctx);
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user, context) => {
            await onUserCreated(user, { ref: referralRef(context), language: signUpLanguage(context) });
            if (user.emailVerified) await onEmailConfirmed?.(user);
          },
        },
        update: {
          after: async (user) => {
            await sessionHooks.userUpdated(user);
            if (user.emailVerified) await onEmailConfirmed?.(user);
          },
        },
      },
      // Sessions: at most 3 per user; every change reaches every instance's cache.
      session: sessionHooks.session,
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
