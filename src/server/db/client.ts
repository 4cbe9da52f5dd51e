import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgresql';
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction on it: what a service that can join its caller's transaction takes. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: DatabaseDriver;
  close: () => Promise<void>;
  /** PGlite only: its data folder as a gzipped tar, taken between two statements (backups). */
  dump?: () => Promise<Blob>;
};

export type DatabaseOptions =
  /** PostgreSQL at this URL (production, several instances); `onIdleError` hears a dropped idle connection (the server's logger). */
  | { url: string; onIdleError?: (error: Error) => void }
  /** Embedded PGlite persisted in this folder (the default, one process). */
  | { dataDir: string }
  /**
   * Embedded PGlite in memory (tests), optionally started from a dump of an already
   * migrated database: loading one is several times faster than PGlite's own start.
   */
  | { memory: true; template?: Blob };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Any fixed number every Rumbo instance agrees on: the advisory lock that lets one
 * instance at a time migrate a PostgreSQL database.
 */
const MIGRATION_LOCK_KEY = 7_268_001;

/**
 * Applies pending migrations while holding a session-level advisory lock on one
 * connection, so N instances started at once on an empty or outdated database take turns:
 * the first migrates, the others wait, then find nothing left to apply. Without it two
 * instances both create the same tables and one dies on a duplicate key (docs/operations.md).
 */
async function migrateUnderLock(pool: pg.Pool): Promise<void> {
  const [{ drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator')]);
  const connection = await pool.connect();
  try {
    await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg({ client: connection, schema }), { migrationsFolder });
    } finally {
      await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

/**
 * PostgreSQL's settings inside PGlite (decision 304). Its buffer cache lives in the WebAssembly
 * memory, where every page once touched stays resident: the default 128 MB cost that much RSS
 * for a database of a few tens of MB, whose files the operating system caches anyway.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * Opens the database and applies every pending migration before returning. Each driver's
 * modules load only when it is the one chosen (decision 304).
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const [{ createPgPool }, { drizzle: drizzlePg }] = await Promise.all([import('./pg-pool.ts'), import('drizzle-orm/node-postgres')]);
    const pool = createPgPool(options.url, 10, options.onIdleError);
    const db = drizzlePg({ client: pool, schema});
    await migrateUnderLock(pool);
    return { db: db as unknown as Database, driver: 'postgresql', close: () => pool.end() };
  }
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const startParams = [...PGlite.defaultStartParams, ...PGLITE_SETTINGS];
  const client = new PGlite({ ...('memory' in options ? { loadDataDir: options.template } : { dataDir: options.dataDir }), startParams });
  const db = drizzlePglite({ client, schema});
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('gzip') };
}
