/** What the browser reads of the admin area: the types of its answers (docs/decisions/136-one-typed-contract.md). */
export type { TelemetryChart } from '../../platform/telemetry.ts';
export type { AdminTelemetry } from './routes.ts';
export type { Analytics } from './analytics.ts';
export type { AuditLogPage } from './audit-log.ts';
export type { AdminChatReportsPage, ChatReportResolved } from './chat-reports.ts';
export type { FeedbackInbox } from './feedback-inbox.ts';
export type { AdminOverview } from './service.ts';
export type { SecurityAlertAcknowledged, SecurityAlerts, SecurityAlertsScanned } from './security-alerts.ts';
export type { UserDetail } from './user-detail.ts';
export type { UsersPage } from './users.ts';
export type { ConfirmationResent, RoleChanged, StatusChanged } from './users-routes.ts';
export type { Invite, Invites } from './invites.ts';
export type { SignInLinkMade } from './sign-in-links.ts';
export type { AdminSettings } from './settings-routes.ts';
