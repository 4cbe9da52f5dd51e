import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { createPgPool } from './pg-pool.ts';
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
  /** PostgreSQL at this URL (production, several instances). */
  | { url: string }
  /** Embedded PGlite persisted in this folder (the default, one process). */
  | { dataDir: string }
  /**
   * Embedded PGlite in memory (tests), optionally started from a dump of an already
   * migrated database: loading one is several times faster than PGlite's own start.
   */
  | { memory: true; template?: Blob };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens the database and applies every pending migration before returning. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) {
    const pool = createPgPool(options.url, 10);
    const db = drizzlePg({ client: pool, schema});
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, driver: 'postgresql', close: () => pool.end() };
  }
  const client = 'memory' in options ? new PGlite({ loadDataDir: options.template }) : new PGlite({ dataDir: options.dataDir });
  const db = drizzlePglite({ client, schema});
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, driver: 'pglite', close: () => client.close(), dump: () => client.dumpDataDir('gzip') };
}
