import { Cron } from 'croner';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import { defaultWorkingHours, type RuntimeSettings } from '../../../core/admin/runtime-settings.ts';
import { ADMIN_ACTIONS_ALERT, type AlertKind, type AlertSeverity, isWithinWorkingHours, ROLE_CHANGES_ALERT } from '../../../core/admin/security-alerts.ts';
import type { Database } from '../../db/client.ts';
import { auditLogs, authUsers, securityAlerts } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Logger } from '../../logger.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { type Telemetry, timedJob } from '../../platform/telemetry.ts';

const HOUR_MS = 60 * 60 * 1000;
/** Rules about single events (an impersonation, a sign-in) look back a day, so a job that was down catches up. */
const EVENT_LOOKBACK_MS = 24 * HOUR_MS;
/** One lock id for the scan, so instances running it at once take turns (and find nothing new). */
const SCAN_LOCK = 22_0208;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type NewAlert = typeof securityAlerts.$inferInsert;

/** One alert as the admin's list shows it. */
export type SecurityAlert = {
  id: string;
  kind: AlertKind;
  severity: AlertSeverity;
  details: Record<string, unknown>;
  createdAt: string;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  note: string | null;
};

/** GET /api/admin/security-alerts: the newest 200, open ones first. */
export type SecurityAlerts = { alerts: SecurityAlert[] };
/** POST /api/admin/security-alerts/scan: how many alerts the scan raised that were not raised already. */
export type SecurityAlertsScanned = { raised: number };
/** POST /api/admin/security-alerts/:id/acknowledge: false when it was acknowledged already (an unknown alert is a 404). */
export type SecurityAlertAcknowledged = { acknowledged: boolean };

/** Which rules a run applies: all of them (every 30 minutes), or the admin-activity ones (every 5). */
export type ScanRules = 'all' | 'admin-activity';
/** `workingHours`: the admins' hours in force (Admin › Settings); the built-in ones in UTC when left out. */
export type ScanOptions = { rules?: ScanRules; workingHours?: WorkingHours };
type WorkingHours = RuntimeSettings['adminWorkingHours'];

/**
 * - each `security_sign_in_failures` row (5 wrong passwords for an account from one address,
 *   or 20 for the account) is a **high** alert naming the e-mail and address;
 * - 3 or more `security_role_change` rows within an hour are a **medium** alert.
 */
async function accountRules(tx: Tx, now: Date): Promise<NewAlert[]> {
  const since = new Date(now.getTime() - HOUR_MS);
  const failures = await tx.select().from(auditLogs).where(and(eq(auditLogs.actionType, 'security_sign_in_failures'), gte(auditLogs.createdAt, since)));
  const roleChanges = await tx.select().from(auditLogs).where(and(eq(auditLogs.actionType, 'security_role_change'), gte(auditLogs.createdAt, since))).orderBy(asc(auditLogs.createdAt));
  const alerts: NewAlert[] = failures.map((row) => {
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
  return alerts;
}

/** What an admin does to the system; their own sign-ins and ended sessions are not actions. */
const NOT_ADMIN_ACTIONS = ['security_admin_sign_in', 'security_admin_session_terminated', 'security_sign_in_failures', 'security_session_fingerprint_mismatch'];

/**
 * 50 or more actions by one admin within the hour: one **high** alert per admin per hour
 * however many scans see the burst (an alert of the kind raised for the admin in the last
 * hour covers it). Admins only: a founder's own audited changes are not admin actions.
 */
async function adminActionsRule(tx: Tx, now: Date): Promise<NewAlert[]> {
  const since = new Date(now.getTime() - HOUR_MS);
  const bursts = await tx
    .select({ adminId: auditLogs.adminId, count: count(), firstId: sql<string>`min(${auditLogs.id})::text`, from: sql<string>`min(${auditLogs.createdAt})`, to: sql<string>`max(${auditLogs.createdAt})` })
    .from(auditLogs)
    .where(
      and(
        gte(auditLogs.createdAt, since),
        isNotNull(auditLogs.adminId),
        notInArray(auditLogs.actionType, NOT_ADMIN_ACTIONS),
        sql`(select r.role from user_roles r where r.user_id = ${auditLogs.adminId} order by r.assigned_at desc, r.id desc limit 1) = 'admin'`,
      ),
    )
    .groupBy(auditLogs.adminId)
    .having(sql`count(*) >= ${ADMIN_ACTIONS_ALERT}`);
  const alerts: NewAlert[] = [];
  for (const burst of bursts) {
    const [recent] = await tx
      .select({ id: securityAlerts.id })
      .from(securityAlerts)
      .where(and(eq(securityAlerts.kind, 'admin_actions'), gte(securityAlerts.createdAt, since), sql`${securityAlerts.details}->>'adminId' = ${burst.adminId}`))
      .limit(1);
    if (recent) continue;
    alerts.push({
      key: `admin_actions:${burst.adminId}:${burst.firstId}`,
      kind: 'admin_actions',
      severity: 'high',
      details: { adminId: burst.adminId, count: burst.count, from: new Date(burst.from).toISOString(), to: new Date(burst.to).toISOString() },
      createdAt: now,
    });
  }
  return alerts;
}

/** Each impersonation started outside the working hours (decision 187) is a **medium** alert. */
async function offHoursImpersonationRule(tx: Tx, now: Date, hours: WorkingHours): Promise<NewAlert[]> {
  const { timeZone } = hours;
  const rows = await tx
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.actionType, 'security_impersonation_started'), gte(auditLogs.createdAt, new Date(now.getTime() - EVENT_LOOKBACK_MS))));
  return rows
    .filter((row) => !isWithinWorkingHours(row.createdAt, timeZone, hours))
    .map((row) => ({
      key: `impersonation_off_hours:${row.id}`,
      kind: 'impersonation_off_hours',
      severity: 'medium',
      details: { adminId: row.adminId, targetUserId: row.targetUserId, at: row.createdAt.toISOString(), timeZone },
      createdAt: now,
    }));
}

/**
 * An admin signing in from a country none of their earlier recorded sign-ins came from is a
 * **high** alert (decision 188). An admin's first recorded sign-in sets the baseline; a sign-in
 * whose country is unknown says nothing.
 */
async function newCountryRule(tx: Tx, now: Date): Promise<NewAlert[]> {
  const signIns = await tx
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.actionType, 'security_admin_sign_in'), gte(auditLogs.createdAt, new Date(now.getTime() - EVENT_LOOKBACK_MS)), sql`${auditLogs.details}->>'country' is not null`));
  const alerts: NewAlert[] = [];
  for (const row of signIns) {
    const country = String((row.details as Record<string, unknown>).country);
    const earlier = await tx
      .selectDistinct({ country: sql<string>`${auditLogs.details}->>'country'` })
      .from(auditLogs)
      .where(and(eq(auditLogs.actionType, 'security_admin_sign_in'), eq(auditLogs.adminId, row.adminId!), lt(auditLogs.id, row.id), sql`${auditLogs.details}->>'country' is not null`));
    if (earlier.length === 0 || earlier.some((seen) => seen.country === country)) continue;
    alerts.push({
      key: `admin_new_country:${row.id}`,
      kind: 'admin_new_country',
      severity: 'high',
      details: { adminId: row.adminId, country, knownCountries: earlier.map((seen) => seen.country).sort(), ipAddress: (row.details as Record<string, unknown>).ipAddress ?? null, at: row.createdAt.toISOString() },
      createdAt: now,
    });
  }
  return alerts;
}

/**
 * Raises alerts from the audit log (decisions 208 and 187): the account rules every 30
 * minutes, the admin-activity rules (50 actions an hour, impersonation outside working
 * hours, an admin's new country) every 5. Each alert has a key, so raising it again changes
 * nothing, and the whole run holds one advisory lock, so instances take turns. Returns how many were new.
 */
export async function scanSecurityAlerts(db: Database, now = new Date(), options: ScanOptions = {}): Promise<number> {
  const rules = options.rules ?? 'all';
  const hours = options.workingHours ?? defaultWorkingHours('UTC');
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SCAN_LOCK})`);
    const alerts = [
      ...(rules === 'all' ? await accountRules(tx, now) : []),
      ...(await adminActionsRule(tx, now)),
      ...(await offHoursImpersonationRule(tx, now, hours)),
      ...(await newCountryRule(tx, now)),
    ];
    if (alerts.length === 0) return 0;
    const inserted = await tx.insert(securityAlerts).values(alerts).onConflictDoNothing({ target: securityAlerts.key }).returning({ id: securityAlerts.id });
    return inserted.length;
  });
}

function withEmails(details: Record<string, unknown>, emailOf: Map<string, string>): Record<string, unknown> {
  const named = { ...details };
  if (typeof details.adminId === 'string') named.adminEmail = emailOf.get(details.adminId) ?? null;
  if (typeof details.targetUserId === 'string') named.targetEmail = emailOf.get(details.targetUserId) ?? null;
  return named;
}

/** The alert list: unacknowledged first, newest first within each (at most 200). */
export async function listSecurityAlerts(db: Database): Promise<SecurityAlert[]> {
  const rows = await db
    .select()
    .from(securityAlerts)
    .orderBy(sql`${securityAlerts.acknowledgedAt} is not null`, desc(securityAlerts.createdAt))
    .limit(200);
  // The admin and the founder an alert names, by e-mail: an id tells the reader nothing.
  const ids = new Set<string>();
  for (const row of rows) {
    const details = row.details as Record<string, unknown>;
    for (const id of [details.adminId, details.targetUserId]) if (typeof id === 'string') ids.add(id);
  }
  const people = ids.size > 0 ? await db.select({ id: authUsers.id, email: authUsers.email }).from(authUsers).where(inArray(authUsers.id, [...ids])) : [];
  const emailOf = new Map(people.map((person) => [person.id, person.email]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind as SecurityAlert['kind'],
    severity: row.severity as SecurityAlert['severity'],
    details: withEmails(row.details as Record<string, unknown>, emailOf),
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

/**
 * Every rule every 30 minutes, the admin-activity rules every 5 in between; several instances
 * take turns on one lock and raise each alert once.
 */
export function startSecurityAlertJob(db: Database, logger: Logger, options: { workingHours: () => WorkingHours; onRun?: Telemetry['observeJob'] }): { stop: () => void } {
  const run = (rules: ScanRules) => async () => {
    try {
      const raised = await timedJob(options.onRun, `security-alerts:${rules}`, () => scanSecurityAlerts(db, new Date(), { rules, workingHours: options.workingHours() }));
      if (raised > 0) logger.warn({ raised, rules }, 'security alerts raised');
    } catch (error) {
      logger.error({ err: error, rules }, 'security alert scan failed');
    }
  };
  const full = new Cron('*/30 * * * *', { protect: true }, run('all'));
  const adminActivity = new Cron('*/5 * * * *', { protect: true }, run('admin-activity'));
  return {
    stop: () => {
      full.stop();
      adminActivity.stop();
    },
  };
}
