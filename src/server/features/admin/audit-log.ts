import { and, count, desc, eq, gte, inArray, lt, notInArray, or, type SQL } from 'drizzle-orm';
import { AUDIT_MAX_RANGE_DAYS, type AuditLogQuery, auditSeverity, csvLine, SEVERITY_OF_ACTION } from '../../../core/admin/audit-log.ts';
import type { Database } from '../../db/client.ts';
import { auditLogs } from '../../db/schema/index.ts';
import { auditActionType } from '../../platform/audit.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Rows the export reads per query: memory stays flat whatever the range holds. */
const EXPORT_BATCH = 1000;

/**
 * The query's days as instants (decision 202): `to` defaults to today, `from` to 90 days
 * before `to`; either alone never reaches further than AUDIT_MAX_RANGE_DAYS.
 */
export function auditRange(query: Pick<AuditLogQuery, 'from' | 'to'>, now = new Date()) {
  const end = query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : now;
  const earliest = new Date(end.getTime() - AUDIT_MAX_RANGE_DAYS * DAY_MS);
  const start = query.from ? new Date(Math.max(Date.parse(`${query.from}T00:00:00Z`), earliest.getTime())) : earliest;
  return { start, end };
}

function severityCondition(severity: AuditLogQuery['severity']): SQL | undefined {
  if (!severity) return undefined;
  const listed = Object.keys(SEVERITY_OF_ACTION);
  if (severity === 'low') return notInArray(auditLogs.actionType, listed);
  return inArray(
    auditLogs.actionType,
    listed.filter((action) => SEVERITY_OF_ACTION[action] === severity),
  );
}

function auditWhere(query: AuditLogQuery, now: Date): SQL | undefined {
  const { start, end } = auditRange(query, now);
  return and(
    gte(auditLogs.createdAt, start),
    lt(auditLogs.createdAt, end),
    query.actorId ? eq(auditLogs.adminId, query.actorId) : undefined,
    query.targetUserId ? eq(auditLogs.targetUserId, query.targetUserId) : undefined,
    // `role_change` and `security_role_change` name the same event.
    query.event ? eq(auditLogs.actionType, auditActionType(query.event)) : undefined,
    severityCondition(query.severity),
  );
}

const withSeverity = <Row extends { actionType: string }>(row: Row) => ({ ...row, severity: auditSeverity(row.actionType) });

/** One page of audit rows, newest first, and how many match in all. */
export async function listAuditLogs(db: Database, query: AuditLogQuery, now = new Date()) {
  const where = auditWhere(query, now);
  const rows = await db
    .select()
    .from(auditLogs)
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ total: count() }).from(auditLogs).where(where);
  return { entries: rows.map(withSeverity), total: total?.total ?? 0, page: query.page, limit: query.limit };
}
/** GET /api/admin/audit-logs. */
export type AuditLogPage = Awaited<ReturnType<typeof listAuditLogs>>;

export const AUDIT_CSV_HEADER = ['id', 'created_at', 'action_type', 'severity', 'admin_id', 'target_user_id', 'ip_address', 'user_agent', 'details'] as const;

/**
 * The matching rows as CSV lines, newest first, read EXPORT_BATCH at a time by keyset (the
 * range is bounded, and no batch holds more than a thousand rows in memory).
 */
export async function* auditCsv(db: Database, query: AuditLogQuery, now = new Date()): AsyncGenerator<string> {
  yield csvLine(AUDIT_CSV_HEADER);
  const where = auditWhere(query, now);
  let after: { createdAt: Date; id: number } | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(auditLogs)
      .where(and(where, after ? or(lt(auditLogs.createdAt, after.createdAt), and(eq(auditLogs.createdAt, after.createdAt), lt(auditLogs.id, after.id))) : undefined))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(EXPORT_BATCH);
    for (const row of page) {
      const details = row.details as Record<string, unknown>;
      yield csvLine([row.id, row.createdAt.toISOString(), row.actionType, auditSeverity(row.actionType), row.adminId, row.targetUserId, details.ipAddress, details.userAgent, details]);
    }
    if (page.length < EXPORT_BATCH) return;
    const last = page.at(-1)!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
