import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { PASSWORD_MIN_LENGTH } from '../../core/auth/credentials.ts';
import type { Database } from '../db/client.ts';
import { authAccounts, authSessions, authUsers, authVerifications } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { createProfile } from '../features/profile/service.ts';

export type AuthConfig = {
  db: Database;
  secret: string;
  appUrl: string;
  secureCookies: boolean;
  logger: Logger;
};

/** Spec §9: a session lasts at most 8 hours. */
const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/**
 * Better Auth, mounted at /api/auth: e-mail and password now; magic link, Google,
 * OIDC, two-factor, admin and impersonation are its plugins (accounts issue).
 */
export function createAuth({ db, secret, appUrl, secureCookies, logger }: AuthConfig) {
  return betterAuth({
    appName: 'Rumbo',
    baseURL: appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [appUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: authUsers, session: authSessions, account: authAccounts, verification: authVerifications },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: true,
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      // Never extend past the 8-hour maximum: the session is not refreshed on use.
      disableSessionRefresh: true,
    },
    advanced: {
      cookiePrefix: 'rumbo',
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies },
    },
    logger: {
      log: (level, message, ...args) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'debug';
        logger[method]({ args }, `auth: ${message}`);
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        // Spec §3 "Sign-up metadata": the terms must be accepted, whatever the client.
        if (ctx.path === '/sign-up/email' && (ctx.body as { termsAccepted?: unknown })?.termsAccepted !== true) {
          throw new APIError('BAD_REQUEST', {
            code: 'TERMS_NOT_ACCEPTED',
            message: 'You must accept the terms of service to create an account.',
          });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await createProfile(db, { id: user.id, email: user.email, fullName: user.name });
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
