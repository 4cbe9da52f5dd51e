import { createAuth } from './auth/auth.ts';
import { createHotReads } from './http/hot-reads.ts';
import { createSessionGuard } from './auth/session-guard.ts';
import { createTokenGuard } from './auth/token-guard.ts';
import { recordAuditEvent } from './platform/audit.ts';
import { openSharedState, type SharedState } from './cluster/shared-state.ts';
import type { Database, DatabaseDriver } from './db/client.ts';
import type { Env } from './env.ts';
import { createProfile } from './features/profile/service.ts';
import { createSummaryCache } from './features/metrics/summary-cache.ts';
import { createLeaderboardCache } from './features/community/leaderboard-cache.ts';
import { createLocalProvider } from './features/subscription/provider.ts';
import { createProfileCache } from './platform/profile-cache.ts';
import { attachCode, rewardReferral } from './features/referrals/index.ts';
import { acceptInvites } from './features/admin/invites.ts';
import { rememberAddress } from './platform/known-addresses.ts';
import { createBackgroundTasks } from './platform/background-tasks.ts';
import type { AppDeps } from './http/context.ts';
import type { Logger } from './logger.ts';
import { createMailer } from './mail/mailer.ts';
import { createRateLimiters } from './rate-limit/limiter.ts';
import { createTelemetry } from './platform/telemetry.ts';
import { openSettingsStore } from './platform/runtime-settings.ts';
import { settingsDefaults } from './env.ts';
import type { PasswordHashing } from './auth/password-hashing.ts';

/**
 * Everything the app needs besides the database: shared state (memory, Redis or
 * PostgreSQL), rate limiters, the mailer, Better Auth and the session guard. Used by the server
 * and by the in-process tests, so both run the same wiring.
 */
export async function createServices(options: {
  env: Env;
  db: Database;
  driver: DatabaseDriver;
  logger: Logger;
  secret: string;
  /** Where shared counters and session events live; by default from the env. */
  shared?: { redisUrl?: string; databaseUrl?: string };
  sessionCacheTtlMs?: number;
  /** How long the listener gives a hot read's answer again (1 s; a test that must not race the clock lengthens it). */
  hotReadTtlMs?: number;
  /** The admin idle limit and how often admin activity is written (tests shorten them). */
  adminSessions?: { idleMs?: number; activityWriteMs?: number };
  /** The session rules' clock (tests move it forward). */
  now?: () => number;
  /** Shorter reconnect waits for the PostgreSQL listener (tests). */
  listenerRetry?: { firstMs?: number; longestMs?: number };
  /** Another app's shared state, kept open by it: a second app in the same process on one PGlite (tests). */
  sharedState?: SharedState;
  /** `cheap` for the in-process tests only (src/server/auth/password-hashing.ts). */
  passwordHashing?: PasswordHashing;
}): Promise<{ deps: AppDeps; shared: SharedState; close: () => Promise<void> }> {
  const { env, db, driver, logger } = options;
  const shared = options.sharedState ?? await openSharedState({
    redisUrl: options.shared ? options.shared.redisUrl : env.redisUrl,
    // PGlite is one process by construction: memory is exact there.
    databaseUrl: options.shared ? options.shared.databaseUrl : env.databaseUrl,
    logger,
    listenerRetry: options.listenerRetry,
  });
  const settings = await openSettingsStore({ db, bus: shared.bus, defaults: settingsDefaults(env), logger });
  const limiters = createRateLimiters(shared, env.rateLimitScale);
  const mailer = createMailer({ ...env.mail, logger });
  const background = createBackgroundTasks(logger);
  const auth = createAuth({
    db,
    rateLimitScale: env.rateLimitScale,
    secret: options.secret,
    appUrl: env.appUrl,
    secureCookies: env.secureCookies,
    logger,
    mailer,
    providers: env,
    limiters,
    sessionEvents: shared.bus,
    passwordHashing: options.passwordHashing,
    // Every new account gets its founder profile in the same breath, in the language it signed up
    // in, then the referral code it came with (if any). An address that had an account before
    // gets no second trial and cannot be referred (decision 241).
    onUserCreated: async (user, { ref, language }) => {
      const firstAccount = await rememberAddress(db, user.email);
      await createProfile(db, { id: user.id, email: user.email, fullName: user.name, preferredLanguage: language, trialEligible: firstAccount }, settings.current().emailHours);
      // A code that cannot be used never stops the sign-up: the founder signs up without it.
      await attachCode(db, { ...user, firstAccount }, ref).catch((error: unknown) => logger.error({ err: error }, 'referral code not attached'));
    },
    // A confirmed address takes up the admins' invitations to it (decision 272), and a referral is rewarded once the
    // referred founder's address is confirmed and onboarding done, whichever is last (decision 243); a failure never
    // blocks the confirmation.
    onEmailConfirmed: async (user) => {
      await acceptInvites(db, shared.bus, user).catch((error: unknown) => logger.error({ err: error }, 'invitations not accepted'));
      await rewardReferral({ db, bus: shared.bus, env }, user.id).catch((error: unknown) => logger.error({ err: error }, 'referral reward failed'));
    },
    runInBackground: background.run,
  });
  const sessions = await createSessionGuard({
    auth,
    db,
    bus: shared.bus,
    logger,
    adminEmails: env.adminEmails,
    cacheTtlMs: options.sessionCacheTtlMs,
    adminIdleMs: options.adminSessions?.idleMs,
    activityWriteMs: options.adminSessions?.activityWriteMs,
    now: options.now,
  });
  const tokens = createTokenGuard({
    db,
    bus: shared.bus,
    logger,
    cacheTtlMs: options.sessionCacheTtlMs,
    now: options.now,
    onNewAddress: (token, address) =>
      recordAuditEvent(db, {
        action: 'api_token_new_address',
        adminId: token.user.id,
        targetUserId: token.user.id,
        context: { userAgent: null, origin: null, ipAddress: address },
        details: { tokenId: token.tokenId },
      }),
  });
  logger.debug({ sharedState: shared.kind }, 'shared state ready');
  // node-postgres exposes its pool as the client; PGlite has no pool to report.
  const client = (db as unknown as { $client?: unknown }).$client as { totalCount?: unknown } | undefined;
  const pool = client && typeof client.totalCount === 'number' ? (client as { totalCount: number; idleCount: number; waitingCount: number }) : undefined;
  const telemetry = createTelemetry({ pool });
  // Stripe's SDK loads only where Stripe is configured (decision 304).
  const billing = env.stripe
    ? (await import('./features/subscription/stripe-provider.ts')).createStripeProvider({ db, bus: shared.bus, logger }, env.stripe)
    : createLocalProvider({ db, bus: shared.bus });
  return {
    shared,
    deps: {
      env,
      settings,
      db,
      driver,
      auth,
      logger,
      sessions,
      tokens,
      limiters,
      bus: shared.bus,
      profiles: createProfileCache(shared.bus),
      summaries: createSummaryCache({ bus: shared.bus }),
      leaderboards: createLeaderboardCache(shared.bus),
      hotReads: createHotReads({ bus: shared.bus, sessions, limiters, telemetry, ttlMs: options.hotReadTtlMs }),
      billing,
      mailer,
      telemetry,
      readiness: { shared: shared.checks, draining: false },
    },
    close: async () => {
      telemetry.stop();
      // E-mails still being sent finish first (their outbox or SMTP connection must not vanish mid-way).
      await background.settled();
      if (!options.sharedState) await shared.close();
    },
  };
}
