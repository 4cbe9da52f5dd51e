import { z } from 'zod';

export const ALERT_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_KINDS = ['failed_sign_ins', 'role_changes'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** Role changes in one hour that raise an alert. */
export const ROLE_CHANGES_ALERT = 3;
export const ALERT_NOTE_MAX = 1000;

/** POST /api/admin/security-alerts/:id/acknowledge: an optional note. */
export const AcknowledgeAlertInput = z.object({ note: z.string().trim().max(ALERT_NOTE_MAX).optional() }).strict();

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
