import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { toast } from 'sonner';
import type { Json } from '../../../core/http/json.ts';
import type { AdminOverview } from '../../../server/features/admin/index.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { useSession } from '../../lib/auth-client.ts';
import { useMe } from '../../lib/get-me.ts';
import { cn } from '../../lib/cn.ts';
import { AlertsPage } from './alerts/alerts-page.tsx';
import { AnalyticsPage } from './analytics/analytics-page.tsx';
import { AuditPage } from './audit/audit-page.tsx';
import { ChatReportsPage } from './chat-reports/chat-reports-page.tsx';
import { FeedbackInbox } from './feedback/feedback-inbox.tsx';
import { OnboardingPreviewPage } from './onboarding-preview/onboarding-preview-page.tsx';
import { SettingsPage } from './settings/settings-page.tsx';
import { TelemetryPage } from './telemetry/telemetry-page.tsx';
import { UserPage } from './users/user-page.tsx';
import { UsersSection } from './users/users-section.tsx';
import { InvitesSection } from './invites/invites-section.tsx';

/** The admin area's own pages, under /admin. */
const SECTIONS = [
  { to: '/admin', key: 'users', end: true },
  { to: '/admin/analytics', key: 'analytics', end: false },
  { to: '/admin/feedback', key: 'feedback', end: false },
  { to: '/admin/chat-reports', key: 'chatReports', end: false },
  { to: '/admin/audit', key: 'audit', end: false },
  { to: '/admin/alerts', key: 'alerts', end: false },
  { to: '/admin/telemetry', key: 'telemetry', end: false },
  { to: '/admin/onboarding-preview', key: 'onboardingPreview', end: false },
  { to: '/admin/settings', key: 'settings', end: false },
] as const;

function AdminOverview() {
  const { t } = useTranslation('admin');
  const overview = useQuery({ queryKey: ['admin', 'overview'], queryFn: () => apiFetch<Json<AdminOverview>>('/api/admin/overview') });
  return (
    <div aria-live="polite" className="mt-6 rounded-lg border border-border p-4">
      {overview.isPending ? (
        <p className="text-sm text-muted-foreground">{t('loading')}</p>
      ) : overview.isError ? (
        <p className="text-sm text-destructive">{t('loadError')}</p>
      ) : (
        <p className="flex items-baseline gap-3">
          <span className="text-3xl font-semibold tabular-nums">{overview.data.users}</span>
          <span className="text-sm text-muted-foreground">{t('users')}</span>
        </p>
      )}
    </div>
  );
}

function UsersHome() {
  return (
    <>
      <AdminOverview />
      <UsersSection />
      <InvitesSection />
    </>
  );
}

/** Sends a non-admin back to /overview with 'You are not authorized…' (docs/product.md#roles). */
function NotAuthorized() {
  const { t } = useTranslation('errors');
  useEffect(() => {
    toast.error(t('unauthorized'), { id: 'admin-unauthorized' });
  }, [t]);
  return <Navigate to="/overview" replace />;
}

/** /admin/*: the admin dashboard for admins (users, analytics, feedback, chat reports, the audit log, the onboarding preview, settings); everyone else is turned away. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const session = useSession();
  const me = useMe(session.data?.user.id);
  if (me.isPending) return null;
  if (me.data?.role !== 'admin') return <NotAuthorized />;
  return (
    <section aria-labelledby="admin-title" className="mx-auto max-w-6xl">
      <h1 id="admin-title" className="text-2xl font-semibold tracking-tight">
        {t('title')}
      </h1>
      <p className="mt-2 text-muted-foreground">{t('intro')}</p>
      <nav id="admin-sections" aria-label={t('sections.label')} className="mt-4 flex flex-wrap gap-2 border-b border-border">
        {SECTIONS.map(({ to, key, end }) => (
          <NavLink
            key={key}
            to={to}
            end={end}
            className={({ isActive }) => cn('-mb-px border-b-2 px-3 py-2 text-sm font-medium', isActive ? 'border-primary text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground')}
          >
            {t(`sections.${key}`)}
          </NavLink>
        ))}
      </nav>
      <Routes>
        <Route index element={<UsersHome />} />
        <Route path="users/:userId" element={<UserPage />} />
        <Route path="analytics" element={<AnalyticsPage />} />
        <Route path="feedback" element={<FeedbackInbox />} />
        <Route path="chat-reports" element={<ChatReportsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="alerts" element={<AlertsPage />} />
        <Route path="telemetry" element={<TelemetryPage />} />
        <Route path="onboarding-preview" element={<OnboardingPreviewPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </section>
  );
}
