import { z } from 'zod';

/** How serious an audit event is (decision 202): set by its type, so old rows need no migration. */
export const AUDIT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AuditSeverity = (typeof AUDIT_SEVERITIES)[number];

/** Every type not listed is `low` (a confirmation sent again, a trusted browser forgotten…). */
export const SEVERITY_OF_ACTION: Readonly<Record<string, Exclude<AuditSeverity, 'low'>>> = {
  security_session_fingerprint_mismatch: 'critical',
  security_security_violation: 'high',
  security_role_change: 'high',
  security_impersonation_started: 'high',
  security_user_suspended: 'high',
  security_account_deleted: 'high',
  security_two_factor_disabled: 'high',
  security_admin_access_denied: 'medium',
  security_sign_in_failures: 'medium',
  security_password_reset: 'medium',
  /** All of a founder's data leaving at once (decision 196): worth a look if the founder did not ask for it. */
  security_account_data_exported: 'medium',
  security_user_reactivated: 'medium',
  security_impersonation_ended: 'medium',
};

export function auditSeverity(actionType: string): AuditSeverity {
  return SEVERITY_OF_ACTION[actionType] ?? 'low';
}

/** The longest range one audit query or export may cover: the retention itself (90 days) plus a day's slack. */
export const AUDIT_MAX_RANGE_DAYS = 91;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation:date');
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/admin/audit-logs (and its CSV export): filters by who acted, about whom, which
 * event, how serious, between two UTC days (`to` included, at most 91 days apart).
 */
export const AuditLogQuery = z
  .object({
    actorId: z.string().trim().min(1).max(100).optional(),
    targetUserId: z.string().trim().min(1).max(100).optional(),
    event: z.string().trim().min(1).max(100).optional(),
    severity: z.enum(AUDIT_SEVERITIES).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'validation:admin.dateOrder', path: ['from'] })
  .refine((query) => !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) <= (AUDIT_MAX_RANGE_DAYS - 1) * DAY_MS, {
    message: 'validation:admin.maxDays',
    params: { max: AUDIT_MAX_RANGE_DAYS },
    path: ['to'],
  });
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

/**
 * A spreadsheet runs a cell that starts with =, +, -, @, a tab or a carriage return as a
 * formula: such a cell gets a leading apostrophe, and every cell is quoted (RFC 4180).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
