import pg from 'pg';

/**
 * A PostgreSQL connection pool that outlives a dropped connection. When the server ends
 * an idle connection (a restart, a failover, an administrator, a test database dropped
 * on teardown), pg reports it on the pool; with no listener Node would treat that as an
 * uncaught error and stop the process. The pool has already discarded the connection and
 * opens a new one when next needed, so a warning is all it takes.
 */
const CONNECT_TIMEOUT_MS = 5_000;

export function createPgPool(connectionString: string, max: number, onIdleError: (error: Error) => void = warnOnStderr): pg.Pool {
  // A database that does not answer fails the request in 5 s (503 DATABASE_UNAVAILABLE) instead of hanging it.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', onIdleError);
  return pool;
}

function warnOnStderr(error: Error) {
  console.warn(`PostgreSQL ended an idle connection: ${error.message}`);
}
