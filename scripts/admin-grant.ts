/**
 * `npm run admin:grant -- founder@example.com [more@example.com …]`: makes each account
 * an admin (a `user_roles` row and a `security_role_change` audit row). On PostgreSQL
 * it runs beside the servers, and their cached sessions of that user are dropped at
 * once (Redis or LISTEN/NOTIFY). The embedded database is one process's: stop the
 * server first, or list the e-mail in RUMBO_ADMIN_EMAILS instead.
 */
import path from 'node:path';
import { openSharedState } from '../src/server/cluster/shared-state.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { EnvError, parseEnv } from '../src/server/env.ts';
import { grantAdminByEmail } from '../src/server/platform/roles.ts';
import { createLogger } from '../src/server/logger.ts';

const emails = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
if (emails.length === 0) {
  console.error('Usage: npm run admin:grant -- email@example.com');
  process.exit(2);
}

try {
  const env = parseEnv(process.env);
  const logger = createLogger('warn');
  const lock = env.databaseUrl ? undefined : lockDataDir(env.dataDir);
  const database = env.databaseUrl
    ? await openDatabase({ url: env.databaseUrl })
    : await openDatabase({ dataDir: path.join(env.dataDir, 'pglite') });
  const shared = await openSharedState({ redisUrl: env.redisUrl, databaseUrl: env.databaseUrl, logger });
  let failed = false;
  for (const email of emails) {
    const result = await grantAdminByEmail(database.db, shared.bus, email, 'cli');
    if (result.status === 'no-such-user') {
      failed = true;
      console.error(`No account with the e-mail ${email}: sign up first.`);
    } else {
      console.log(result.status === 'granted' ? `${email} is now an admin.` : `${email} was already an admin.`);
    }
  }
  await shared.close();
  await database.close();
  lock?.release();
  process.exit(failed ? 1 : 0);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message}\nOr add the e-mail to RUMBO_ADMIN_EMAILS: it is made an admin at its next sign-in.`);
    process.exit(1);
  }
  throw error;
}
