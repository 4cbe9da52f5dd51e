import { lt } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { auditLogs } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import type { RateLimiters } from '../rate-limit/limiter.ts';

/** Audit rows are kept 90 days (docs/product.md#audit-log). */
export const AUDIT_RETENTION_DAYS = 90;

/** Where a request came from, as the audit row's details record it. */
export type RequestContext = { userAgent: string | null; origin: string | null; ipAddress: string | null };

export function requestContext(request: Request, ipAddress?: string): RequestContext {
  return {
    userAgent: request.headers.get('user-agent'),
    origin: request.headers.get('origin'),
    ipAddress: ipAddress ?? null,
  };
}

/** What the audit log records; `action` is written as `security_<action>`. */
export type AuditEvent = {
  action:
    | 'role_change'
    | 'sign_in_failures'
    | 'password_reset'
    | 'two_factor_enabled'
    | 'two_factor_disabled'
    | 'trusted_device_forgotten'
    | 'account_deleted'
    | 'impersonation_started'
    | 'impersonation_ended'
    | 'security_violation'
    | 'session_fingerprint_mismatch'
    | (string & {});
  /** The admin (or the user themself) who acted; null for the system. */
  adminId?: string | null;
  targetUserId?: string | null;
  context?: RequestContext;
  details?: Record<string, unknown>;
};

export function auditActionType(action: string): string {
  return action.startsWith('security_') ? action : `security_${action}`;
}

/** Writes one `audit_logs` row (docs/product.md#audit-log): security_ prefix, timestamp, user agent and origin. */
export async function recordAuditEvent(db: Database, event: AuditEvent, now = new Date()): Promise<void> {
  await db.insert(auditLogs).values({
    actionType: auditActionType(event.action),
    adminId: event.adminId ?? null,
    targetUserId: event.targetUserId ?? null,
    details: {
      timestamp: now.toISOString(),
      userAgent: event.context?.userAgent ?? null,
      origin: event.context?.origin ?? null,
      ipAddress: event.context?.ipAddress ?? null,
      ...event.details,
    },
    createdAt: now,
  });
}

/**
 * For events a stranger can trigger at will (refused payloads, failed sign-ins, stolen
 * cookies): at most 10 rows per source in 5 minutes (docs/product.md#rate-limits);
 * beyond that the event is only logged, so nobody can flood the table.
 */
export async function recordSecurityEvent(
  services: { db: Database; limiters: RateLimiters; logger: Logger },
  source: string,
  event: AuditEvent,
): Promise<boolean> {
  const allowed = await services.limiters.consume('securityEventLogging', source);
  services.logger.warn({ action: auditActionType(event.action), source, targetUserId: event.targetUserId, details: event.details }, 'security event');
  if (!allowed.allowed) return false;
  await recordAuditEvent(services.db, event);
  return true;
}

/** Deletes rows older than the retention; returns how many went. */
export async function purgeExpiredAuditLogs(db: Database, now = new Date(), retentionDays = AUDIT_RETENTION_DAYS): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  const deleted = await db.delete(auditLogs).where(lt(auditLogs.createdAt, cutoff)).returning({ id: auditLogs.id });
  return deleted.length;
}
