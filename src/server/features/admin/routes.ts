import { type Context, Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { stream } from 'hono/streaming';
import { AnalyticsQuery } from '../../../core/admin/admin-analytics.ts';
import { AuditLogQuery } from '../../../core/admin/audit-log.ts';
import { AdminChatReportsQuery, ChatReportParam, type ChatReportResolution } from '../../../core/admin/chat-reports.ts';
import { AcknowledgeAlertInput } from '../../../core/admin/security-alerts.ts';
import { TelemetryQuery } from '../../../core/admin/telemetry.ts';
import { type TelemetryChart, telemetryChart } from '../../platform/telemetry.ts';
import { mentorModelFor } from '../../ai/mentor-model.ts';
import type { ProviderStatus } from '../../ai/circuit-breaker.ts';
import { AppError } from '../../platform/app-error.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { recordAuditEvent, recordSecurityEvent, requestContext } from '../../platform/audit.ts';
import { adminAnalytics } from './analytics.ts';
import { auditCsv, listAuditLogs } from './audit-log.ts';
import { listChatReports, resolveChatReport } from './chat-reports.ts';
import { adminFeedbackRoutes } from './feedback-routes.ts';
import { adminFeatureFlagRoutes } from '../flags/index.ts';
import { adminSettingsRoutes } from './settings-routes.ts';
import {
  acknowledgeAlert,
  listSecurityAlerts,
  scanSecurityAlerts,
  type SecurityAlertAcknowledged,
  type SecurityAlerts,
  type SecurityAlertsScanned,
} from './security-alerts.ts';
import { adminOverview } from './service.ts';
import { adminUserRoutes } from './users-routes.ts';
import { adminInviteRoutes } from './invites-routes.ts';
import { documented, jsonBody, paramsOf, queryOf } from '../../http/route-doc.ts';

/**
 * Admins only: anyone else gets 403 FORBIDDEN, and the attempt is audited as
 * `security_admin_access_denied` (at most 10 rows per account in 5 minutes, like every
 * event a stranger can repeat at will; decision 200).
 */
const adminsOnly = createMiddleware<AppBindings>(async (c, next) => {
  if (c.get('role') !== 'admin') {
    const user = c.get('user');
    await recordSecurityEvent(c.get('deps'), `admin-denied:${user.id}`, {
      action: 'admin_access_denied',
      adminId: user.id,
      context: requestContext(c.req.raw, clientAddress(c)),
      details: { method: c.req.method, path: new URL(c.req.url).pathname },
    });
    throw new AppError('FORBIDDEN');
  }
  await next();
});

/** Dismisses a chat report or removes its message (decision 174), audited as this admin. */
function resolveReport(c: Context<AppBindings>, id: number, resolution: ChatReportResolution) {
  const { db, bus } = c.get('deps');
  return resolveChatReport(db, bus, id, resolution, { id: c.get('user').id, context: requestContext(c.req.raw, clientAddress(c)) });
}

/**
 * /api/admin/*: admins only (docs/product.md#roles). Each area of the admin dashboard is a
 * router of its own here.
 */
/** GET /api/admin/telemetry: the charts and the model provider's state. */
export type AdminTelemetry = TelemetryChart & { provider: ProviderStatus | null };

export const adminRoutes = new Hono<AppBindings>()
  .use(requireUser, adminsOnly)
  .get('/overview', documented({ summary: 'Admin: platform counts (403 FORBIDDEN for non-admins)', tag: 'admin' }), async (c) => c.json(await adminOverview(c.get('deps').db)))
  .get(
    '/audit-logs',
    documented({
      summary:
        'Admin: audit log rows newest first, with severity (?actorId, ?targetUserId, ?event, ?severity, ?from/?to UTC days ≤ 91 apart, default the last 91 days, ?page, ?limit ≤ 200) → { entries, total, page, limit }',
      tag: 'admin',
    }),
    queryOf(AuditLogQuery),
    async (c) => c.json(await listAuditLogs(c.get('deps').db, c.req.valid('query'))),
  )
  // The export is itself audited: who took a copy of the log, and of what.
  .get(
    '/audit-logs/export',
    documented({ summary: 'Admin: the same rows as streamed CSV (formula-safe cells; same filters and bounded range; audited)', tag: 'admin', answers: 'text/csv' }),
    queryOf(AuditLogQuery),
    async (c) => {
      const { db } = c.get('deps');
      const query = c.req.valid('query');
      await recordAuditEvent(db, {
        action: 'audit_log_exported',
        adminId: c.get('user').id,
        context: requestContext(c.req.raw, clientAddress(c)),
        details: { filters: { ...query, page: undefined, limit: undefined } },
      });
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="rumbo-audit-log-${new Date().toISOString().slice(0, 10)}.csv"`);
      c.header('Cache-Control', 'no-store');
      return stream(c, async (out) => {
        for await (const line of auditCsv(db, query)) await out.write(line);
      });
    },
  )
  .get(
    '/analytics',
    documented({
      summary: 'Admin: sign-ups per day, daily and weekly active founders, the onboarding funnel, tiers, feature use and weekly retention cohorts (?from, ?to UTC days, ≤ 366)',
      tag: 'admin',
    }),
    queryOf(AnalyticsQuery),
    async (c) => c.json(await adminAnalytics(c.get('deps').db, c.req.valid('query'))),
  )
  // This instance's last hour or day, from the samples it keeps in memory (decision 189).
  .get(
    '/telemetry',
    documented({ summary: "This instance's requests, errors, p95 latency, job runs, memory and pool over the last hour or day (range=hour|day)", tag: 'admin' }),
    queryOf(TelemetryQuery),
    (c) => {
      const { telemetry, env } = c.get('deps');
      const chart = telemetryChart([...telemetry.samples(), telemetry.current()], c.req.valid('query').range);
      // The model provider's circuit breaker (decision 268); null with the offline mentor only.
      return c.json({ ...chart, provider: mentorModelFor(env)?.breaker.status() ?? null } satisfies AdminTelemetry);
    },
  )
  .get('/security-alerts', documented({ summary: 'Admin: security alerts raised by the job, open first, newest first', tag: 'admin' }), async (c) =>
    c.json({ alerts: await listSecurityAlerts(c.get('deps').db) } satisfies SecurityAlerts),
  )
  // The job's scan on demand (it runs every 30 minutes anyway): raising is idempotent.
  .post('/security-alerts/scan', documented({ summary: 'Admin: run the security alerts scan now (idempotent); answers how many alerts were new', tag: 'admin' }), async (c) => {
    const { db } = c.get('deps');
    return c.json({ raised: await scanSecurityAlerts(db, new Date(), { workingHours: c.get('deps').settings.current().adminWorkingHours }) } satisfies SecurityAlertsScanned);
  })
  .post(
    '/security-alerts/:id/acknowledge',
    documented({ summary: 'Admin: acknowledge an alert with an optional note; audited', tag: 'admin' }),
    jsonBody(AcknowledgeAlertInput),
    async (c) => {
      const { note } = c.req.valid('json');
      const admin = { id: c.get('user').id, context: requestContext(c.req.raw, clientAddress(c)) };
      return c.json({ acknowledged: await acknowledgeAlert(c.get('deps').db, c.req.param('id'), admin, note) } satisfies SecurityAlertAcknowledged);
    },
  )
  .get(
    '/chat-reports',
    documented({
      summary: 'Admin: chat reports, newest first, with the message as reported, its author, the reporter and the reason (?state=open|resolved, ?page, ?limit ≤ 100)',
      tag: 'admin',
    }),
    queryOf(AdminChatReportsQuery),
    async (c) => c.json(await listChatReports(c.get('deps').db, c.req.valid('query'))),
  )
  .post(
    '/chat-reports/:id/dismiss',
    documented({ summary: 'Admin: dismiss the report (the message stays); closes every open report of that message; audited', tag: 'admin' }),
    paramsOf(ChatReportParam),
    async (c) => c.json(await resolveReport(c, c.req.valid('param').id, 'dismissed')),
  )
  .post(
    '/chat-reports/:id/remove',
    documented({ summary: 'Admin: remove the reported message for everyone, live; closes every open report of that message; audited', tag: 'admin' }),
    paramsOf(ChatReportParam),
    async (c) => c.json(await resolveReport(c, c.req.valid('param').id, 'removed')),
  )
  .route('/users', adminUserRoutes)
  .route('/invites', adminInviteRoutes)
  .route('/feedback', adminFeedbackRoutes)
  .route('/feature-flags', adminFeatureFlagRoutes)
  .route('/settings', adminSettingsRoutes);
