/**
 * `npm run restore -- FILE`: puts a backup made by `npm run backup` into DATA_DIR, which
 * must be new or empty (a restore never merges into live data), checks every file against
 * the backup's manifest, opens the restored database once (applying any newer migrations)
 * and prints what it holds. Then `npm start` on that DATA_DIR.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/server/db/client.ts';
import { lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { users } from '../src/server/db/schema/index.ts';
import { RestoreError, unpackBackup } from '../src/server/db/backup.ts';
import { EnvError, parseEnv } from '../src/server/env.ts';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!file) {
  console.error('Usage: npm run restore -- FILE   (into DATA_DIR, default ./data, which must be empty)');
  process.exit(2);
}

try {
  const env = parseEnv(process.env);
  if (env.databaseUrl) {
    console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md, "Backups"); this command restores the embedded database.');
    process.exit(1);
  }
  const { manifest, databaseDump } = await unpackBackup(path.resolve(file), env.dataDir);
  const lock = lockDataDir(env.dataDir);
  try {
    // PGlite writes the dump into its new folder, then the usual open applies newer migrations.
    const loaded = new PGlite({ dataDir: path.join(env.dataDir, 'pglite'), loadDataDir: databaseDump });
    await loaded.waitReady;
    await loaded.close();
    const database = await openDatabase({ dataDir: path.join(env.dataDir, 'pglite') });
    const accounts = await database.db.$count(users);
    await database.close();
    console.log(`Restored the backup of ${manifest.createdAt} into ${env.dataDir}: ${accounts} accounts, ${manifest.files.length} files checked against their SHA-256.`);
  } finally {
    lock.release();
  }
} catch (error) {
  if (error instanceof EnvError || error instanceof RestoreError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
