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
  rateLimitScale: number;
  secret: string;
  appUrl: string;
  secureCookies: boolean;
  logger: Logger;
};

/**
 * The header our server sets from the socket's address for every auth request,
 * replacing anything a client sent (app.ts), so a forged X-Forwarded-For cannot
 * dodge a rate limit.
 */
export const CLIENT_IP_HEADER = 'x-rumbo-client-ip';

/** Spec §9: a session lasts at most 8 hours. */
const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/**
 * Better Auth, mounted at /api/auth: e-mail and password now; magic link, Google,
 * OIDC, two-factor, admin and impersonation are its plugins (accounts issue).
 */
export function createAuth({ db, rateLimitScale, secret, appUrl, secureCookies, logger }: AuthConfig) {
  const allow = (max: number) => Math.max(1, Math.round(max * rateLimitScale));
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
    rateLimit: {
      // On in every environment (Better Auth turns it on only in production by itself).
      enabled: true,
      storage: 'memory',
      window: 15 * 60,
      max: allow(100),
      customRules: {
        // Spec §9: login 5 per 15 minutes; after that the 15-minute wait message.
        '/sign-in/email': { window: 15 * 60, max: allow(5) },
        '/sign-up/email': { window: 15 * 60, max: allow(100) },
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
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
