import type { Auth } from '../auth/auth.ts';
import type { SessionCheck, SessionGuard } from '../auth/session-guard.ts';
import type { SessionEventBus } from '../cluster/shared-state.ts';
import type { Database, DatabaseDriver } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { SummaryCache } from '../features/metrics/summary-cache.ts';
import type { ProfileCache } from '../features/profile/profile-cache.ts';
import type { Role } from '../features/roles/service.ts';
import type { Logger } from '../logger.ts';
import type { RateLimiters } from '../rate-limit/limiter.ts';

/** What every request handler can reach: the app's services and the signed-in user. */
export type AppDeps = {
  env: Env;
  db: Database;
  driver: DatabaseDriver;
  auth: Auth;
  logger: Logger;
  /** The session check with its fast path (auth/session-guard.ts). */
  sessions: SessionGuard;
  /** Rate-limit counters, shared across instances when they run (rate-limit/). */
  limiters: RateLimiters;
  /** Tells every instance that sessions or a user changed. */
  bus: SessionEventBus;
  /** GET /api/me's profile rows, dropped whenever the user changes (profile-cache.ts). */
  profiles: ProfileCache;
  /** GET /api/metrics/summary's cache, dropped with the profile on the founder's writes. */
  summaries: SummaryCache;
};

export type SessionUser = { id: string; email: string; name: string };

export type AppBindings = {
  Variables: {
    deps: AppDeps;
    user: SessionUser;
    role: Role;
    sessionId: string;
    /** The request's session check, made once (http/session.ts). */
    sessionCheck: SessionCheck;
  };
};
