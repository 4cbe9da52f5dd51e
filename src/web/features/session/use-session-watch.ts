import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SESSION_POLL_INTERVAL_MS, type SessionCheckResult, startSessionWatch } from '../../../core/session/session-watch.ts';
import { ApiError, apiFetch } from '../../lib/api-client.ts';
import { useReturnToAdmin } from '../../lib/use-impersonation.ts';
import { signOutAndClear } from '../../lib/sign-out.ts';

/** GET /api/session: valid, or which rule ended it; offline is not a verdict. */
async function checkSession(): Promise<SessionCheckResult> {
  try {
    await apiFetch('/api/session');
    return 'valid';
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) return 'unknown';
    if (error.code === 'IMPERSONATION_ENDED') return 'impersonation-ended';
    return error.code === 'SESSION_TERMINATED' ? 'terminated' : 'expired';
  }
}

/**
 * Checks the session every 5 minutes (2 for admins, and for an admin viewing as a founder)
 * while the app is open; when the server says it has ended, tells the founder why
 * ('Session expired' or 'Session terminated'), signs out and goes to /auth. An admin's
 * "view as" that ran out goes back to the admin's view instead. A new session (`sessionKey`
 * changes: the view starts or ends) starts a new watch. `intervals` is injectable for tests.
 */
export function useSessionWatch(
  role: 'user' | 'admin' | undefined,
  sessionKey: string | undefined,
  intervals: { user: number; admin: number } = SESSION_POLL_INTERVAL_MS,
) {
  const { t } = useTranslation('session');
  const navigate = useNavigate();
  const returnToAdminNow = useReturnToAdmin();
  const returnToAdmin = useRef(returnToAdminNow);
  const interval = useRef(intervals.user);
  // The watch reads the latest of these when it fires; kept current after each render
  // (before the watch's own effect, which is declared below), not during it.
  useEffect(() => {
    returnToAdmin.current = returnToAdminNow;
    interval.current = role === 'admin' ? intervals.admin : intervals.user;
  });

  useEffect(() => {
    return startSessionWatch({
      check: checkSession,
      intervalMs: () => interval.current,
      onEnded: async (reason) => {
        if (reason === 'impersonation-ended') return returnToAdmin.current();
        if (reason === 'terminated') toast.error(t('terminated.title'), { description: t('terminated.description') });
        else toast.error(t('expired.title'), { description: t('expired.description') });
        await signOutAndClear();
        navigate('/auth', { replace: true });
      },
    });
  }, [navigate, sessionKey, t]);
}
