import type { Auth } from './auth/auth.ts';
import type { SessionGuard } from './auth/session-guard.ts';
import type { TokenGuard } from './auth/token-guard.ts';
import type { SessionEventBus } from './cluster/shared-state.ts';
import type { Database, DatabaseDriver } from './db/client.ts';
import type { Env } from './env.ts';
import type { BillingProvider } from './features/subscription/index.ts';
import type { SummaryCache } from './features/metrics/summary-cache.ts';
import type { LeaderboardCache } from './features/community/leaderboard-cache.ts';
import type { HotReads } from './http/hot-reads.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './mail/mailer.ts';
import type { ProfileCache } from './platform/profile-cache.ts';
import type { RateLimiters } from './rate-limit/limiter.ts';
import type { Telemetry } from './platform/telemetry.ts';
import type { Readiness } from './platform/readiness.ts';
import type { SettingsStore } from './platform/runtime-settings.ts';

/**
 * The services every request handler reaches through `c.get('deps')`, built once per app by
 * services.ts. Part of the assembly: it names features' caches, which infrastructure may
 * not import itself (docs/decisions/135-layout-and-boundaries.md).
 */
export type AppDeps = {
  /** The configuration read at start; the operating settings an admin can change live in `settings`. */
  env: Env;
  /** Trial length, tour autostart, the admins' working hours, new founders' e-mail hours: in force now, on every instance (platform/runtime-settings.ts). */
  settings: SettingsStore;
  db: Database;
  driver: DatabaseDriver;
  auth: Auth;
  logger: Logger;
  /** The session check with its fast path (auth/session-guard.ts). */
  sessions: SessionGuard;
  /** The personal API token check with the same kind of fast path (auth/token-guard.ts). */
  tokens: TokenGuard;
  /** Rate-limit counters, shared across instances when they run (rate-limit/). */
  limiters: RateLimiters;
  /** Tells every instance that sessions or a user changed. */
  bus: SessionEventBus;
  /** GET /api/me's profile rows, dropped whenever the user changes (profile-cache.ts). */
  profiles: ProfileCache;
  /** GET /api/metrics/summary's cache, dropped with the profile on the founder's writes. */
  summaries: SummaryCache;
  /** GET /api/community/leaderboard's answers, dropped on any change a board could show (leaderboard-cache.ts). */
  leaderboards: LeaderboardCache;
  /** The busiest reads given again from the Node listener for a second (http/hot-reads.ts, decision 313). */
  hotReads: HotReads;
  /** Who takes the money: the local provider, or Stripe when configured (features/subscription/). */
  billing: BillingProvider;
  /** SMTP, or the outbox folder when none is set. */
  mailer: Mailer;
  /** Request, job, memory and pool figures for GET /metrics and the admin's charts (platform/telemetry.ts). */
  telemetry: Telemetry;
  /** What GET /api/ready checks besides the database; a stopping server sets `draining` (platform/readiness.ts). */
  readiness: Readiness;
};

