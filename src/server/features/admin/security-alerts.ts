import { Cron } from 'croner';
import { and, asc, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { ROLE_CHANGES_ALERT, type SecurityAlert } from '../../../core/admin/security-alerts.ts';
import type { Database } from '../../db/client.ts';
import { auditLogs, securityAlerts } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';

const HOUR_MS = 60 * 60 * 1000;
/** One lock id for the scan, so instances running it at once take turns (and find nothing new). */
const SCAN_LOCK = 22_0208;

/**
 * Raises alerts from the last hour of the audit log (decision 208):
 * - each `security_sign_in_failures` row (5 wrong passwords for an account from one address,
 *   or 20 for the account) is a **high** alert naming the e-mail and address;
 * - 3 or more `security_role_change` rows within an hour are a **medium** alert.
 * Each alert has a key, so raising it again changes nothing. Returns how many were new.
 */
export async function scanSecurityAlerts(db: Database, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCAN_LOCK})`);
    const since = new Date(now.getTime() - HOUR_MS);
    const failures = await tx.select().from(auditLogs).where(and(eq(auditLogs.actionType, 'security_sign_in_failures'), gte(auditLogs.createdAt, since)));
    const roleChanges = await tx.select().from(auditLogs).where(and(eq(auditLogs.actionType, 'security_role_change'), gte(auditLogs.createdAt, since))).orderBy(asc(auditLogs.createdAt));
    const alerts: (typeof securityAlerts.$inferInsert)[] = failures.map((row) => {
      const details = (row.details ?? {}) as Record<string, unknown>;
      return {
        key: `failed_sign_ins:${row.id}`,
        kind: 'failed_sign_ins',
        severity: 'high',
        details: { email: details.email ?? null, ipAddress: details.ipAddress ?? null, scope: details.scope ?? null, threshold: details.threshold ?? null, targetUserId: row.targetUserId, at: row.createdAt.toISOString() },
        createdAt: now,
      };
    });
    if (roleChanges.length >= ROLE_CHANGES_ALERT) {
      // Keyed by the burst's first change: the next scans of the same burst raise nothing new.
      const first = roleChanges[0]!;
      alerts.push({
        key: `role_changes:${first.id}`,
        kind: 'role_changes',
        severity: 'medium',
        details: { count: roleChanges.length, admins: [...new Set(roleChanges.map((row) => row.adminId))], from: first.createdAt.toISOString(), to: roleChanges.at(-1)!.createdAt.toISOString() },
        createdAt: now,
      });
    }
    if (alerts.length === 0) return 0;
    const inserted = await tx.insert(securityAlerts).values(alerts).onConflictDoNothing({ target: securityAlerts.key }).returning({ id: securityAlerts.id });
    return inserted.length;
  });
}

/** The alert list: unacknowledged first, newest first within each (at most 200). */
export async function listSecurityAlerts(db: Database): Promise<SecurityAlert[]> {
  const rows = await db
    .select()
    .from(securityAlerts)
    .orderBy(sql`${securityAlerts.acknowledgedAt} is not null`, desc(securityAlerts.createdAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as SecurityAlert['kind'],
    severity: row.severity as SecurityAlert['severity'],
    details: row.details,
    createdAt: row.createdAt.toISOString(),
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedBy,
    note: row.note,
  }));
}

/** Acknowledges an open alert with an optional note, audited; a second acknowledgement changes nothing (false). */
export async function acknowledgeAlert(db: Database, id: string, admin: { id: string; context: RequestContext }, note: string | undefined): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND');
  const [row] = await db.update(securityAlerts).set({ acknowledgedAt: new Date(), acknowledgedBy: admin.id, note: note || null }).where(and(eq(securityAlerts.id, id), isNull(securityAlerts.acknowledgedAt))).returning({ id: securityAlerts.id, kind: securityAlerts.kind });
  if (!row) {
    const [exists] = await db.select({ id: securityAlerts.id }).from(securityAlerts).where(eq(securityAlerts.id, id));
    if (!exists) throw new AppError('NOT_FOUND');
    return false;
  }
  await recordAuditEvent(db, { action: 'security_alert_acknowledged', adminId: admin.id, context: admin.context, details: { alertId: id, kind: row.kind, note: note || null } });
  return true;
}

/** Every 30 minutes; several instances take turns on one lock and raise each alert once. */
export function startSecurityAlertJob(db: Database, logger: Logger, pattern = '*/30 * * * *'): { stop: () => void } {
  const job = new Cron(pattern, { protect: true, catch: (error) => logger.error({ err: error }, 'security alert scan failed') }, async () => {
    const raised = await scanSecurityAlerts(db);
    if (raised > 0) logger.warn({ raised }, 'security alerts raised');
  });
  return { stop: () => job.stop() };
}
