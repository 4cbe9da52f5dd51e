import type { Auth } from '../auth/auth.ts';
import type { Database, DatabaseDriver } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';

/** What every request handler can reach: the app's services and the signed-in user. */
export type AppDeps = {
  env: Env;
  db: Database;
  driver: DatabaseDriver;
  auth: Auth;
  logger: Logger;
};

export type SessionUser = { id: string; email: string; name: string };

export type AppBindings = {
  Variables: {
    deps: AppDeps;
    user: SessionUser;
    sessionId: string;
  };
};
