import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { SESSION_POLL_INTERVAL_MS, type SessionCheckResult, startSessionWatch } from '../../../core/session/session-watch.ts';
import { ApiError } from '../../lib/api-client.ts';
import { api } from '../../lib/api-routes.ts';
import { useReturnToAdmin } from '../impersonation/index.ts';
import { signOutAndClear } from '../../lib/sign-out.ts';

/** Why the admin check ended an admin's session (GET /api/session/admin's `details.reason`). */
const ADMIN_REASONS = ['not-admin', 'suspended', 'idle'] as const;
type AdminReason = (typeof ADMIN_REASONS)[number];

function adminReasonOf(details: unknown): AdminReason | null {
  const reason = (details as { reason?: unknown } | null)?.reason;
  return ADMIN_REASONS.find((known) => known === reason) ?? null;
}

/**
 * GET /api/session, or for an admin GET /api/session/admin (validate_admin_session: still an
 * admin, account active, not idle): valid, or which rule ended it; offline is not a verdict.
 */
async function checkSession(route: 'GET /api/session' | 'GET /api/session/admin', onAdminReason: (reason: AdminReason | null) => void): Promise<SessionCheckResult> {
  try {
    await api(route);
    return 'valid';
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) return 'unknown';
    if (error.code === 'IMPERSONATION_ENDED') return 'impersonation-ended';
    if (error.code !== 'SESSION_TERMINATED') return 'expired';
    onAdminReason(adminReasonOf(error.details));
    return 'terminated';
  }
}

/**
 * Checks the session every 5 minutes (2 for admins, and for an admin viewing as a founder)
 * while the app is open; when the server says it has ended, tells the founder why
 * ('Session expired' or 'Session terminated'), signs out and goes to /auth. An admin's
 * "view as" that ran out goes back to the admin's view instead. An admin's own session is
 * checked by the admin rule, and stays so for the whole session even if the page later
 * learns the role is gone (that is precisely what the check must catch). A new session
 * (`sessionKey` changes: the view starts or ends) starts a new watch. `intervals` is
 * injectable for tests.
 */
export function useSessionWatch(
  role: 'user' | 'admin' | undefined,
  sessionKey: string | undefined,
  { adminCheck = false, intervals = SESSION_POLL_INTERVAL_MS }: { adminCheck?: boolean; intervals?: { user: number; admin: number } } = {},
) {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const returnToAdminNow = useReturnToAdmin();
  const returnToAdmin = useRef(returnToAdminNow);
  const interval = useRef(intervals.user);
  const admin = useRef({ sessionKey, checked: false });
  // The watch reads the latest of these when it fires; kept current after each render
  // (before the watch's own effect, which is declared below), not during it.
  useEffect(() => {
    returnToAdmin.current = returnToAdminNow;
    if (admin.current.sessionKey !== sessionKey) admin.current = { sessionKey, checked: false };
    if (adminCheck) admin.current.checked = true;
    interval.current = role === 'admin' || admin.current.checked ? intervals.admin : intervals.user;
  });

  useEffect(() => {
    let adminReason: AdminReason | null = null;
    return startSessionWatch({
      check: () =>
        checkSession(admin.current.checked ? 'GET /api/session/admin' : 'GET /api/session', (reason) => {
          adminReason = reason;
        }),
      intervalMs: () => interval.current,
      onEnded: async (reason) => {
        if (reason === 'impersonation-ended') return returnToAdmin.current();
        if (reason === 'terminated') {
          toast.error(t('terminated.title'), { description: adminReason ? t(`terminated.admin.${adminReason}`) : t('terminated.description') });
        } else toast.error(t('expired.title'), { description: t('expired.description') });
        await signOutAndClear();
        navigate('/auth', { replace: true });
      },
    });
  }, [navigate, sessionKey, t]);
}
