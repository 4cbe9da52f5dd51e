import { SharedStateUnavailableError } from '../cluster/shared-state.ts';
import type { ErrorCode } from '../../core/errors/error-codes.ts';

/** node-postgres' own messages when a connection cannot be made or was cut under a query. */
const CONNECTION_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i, /Connection refused/i];
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);

/**
 * SQLSTATEs that mean the database is not there right now: class 08 (connection exception),
 * 57P01–57P03 (shut down by an administrator, crash, cannot connect now), 53300 (too many connections).
 */
function isUnavailableState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

function oneIsDatabaseOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || isUnavailableState(code))) return true;
  return CONNECTION_MESSAGES.some((pattern) => pattern.test(error.message));
}

/**
 * Whether an unexpected error is an outage the client should retry rather than a bug:
 * the 503 code to answer with (decision 266), or undefined for a real 500. Drizzle wraps the
 * driver's error, so the whole cause chain is read.
 */
export function outageCode(error: unknown): ErrorCode | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof SharedStateUnavailableError) return 'SHARED_STATE_UNAVAILABLE';
    if (oneIsDatabaseOutage(current)) return 'DATABASE_UNAVAILABLE';
  }
  return undefined;
}
