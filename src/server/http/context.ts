import type { AppDeps } from '../app-deps.ts';
import type { SessionCheck } from '../auth/session-guard.ts';
import type { Role } from '../platform/roles.ts';
import type { SessionUser } from '../platform/session-user.ts';

export type { SessionUser };

/**
 * What every request handler can reach: the app's services (declared with the assembly,
 * app-deps.ts, since they include features' caches) and the signed-in user.
 */
export type { AppDeps };

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
