import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast.ts';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-toast.ts';
import { authClient, refreshSession, useSession } from '../../lib/auth-client.ts';
import { signOutAndClear } from '../../lib/sign-out.ts';
import { startImpersonation, stopImpersonation } from './impersonation-api.ts';

/** The "view as" this browser's session is, if any: whose view, and until when. */
export function useImpersonation() {
  const session = useSession().data;
  const adminUserId = session?.session.impersonatedBy;
  if (!session || !adminUserId) return null;
  return { adminUserId, targetEmail: session.user.email, expiresAt: new Date(session.session.expiresAt) };
}

/**
 * Moves the whole app to the session the server just set: nothing cached from the
 * previous one is shown, every page reads again as the new user.
 */
function useSwitchSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (to: string) => {
      queryClient.clear();
      refreshSession();
      navigate(to, { replace: true });
    },
    [navigate, queryClient],
  );
}

/** How a toast names a founder: their name, else their e-mail. */
function founderName(user: { name?: string | null; email: string } | undefined): string {
  return user?.name?.trim() || user?.email || '';
}

/** Starts viewing as a founder: 'Impersonation started' naming them, then their Overview. Errors are the caller's. */
export function useStartImpersonation() {
  const { t } = useTranslation('impersonation');
  const switchSession = useSwitchSession();
  return useCallback(
    async (targetUserId: string, password?: string) => {
      await startImpersonation(targetUserId, password);
      // The session is now the founder's: it names them (a raw id would tell the admin nothing).
      const { data } = await authClient.getSession();
      switchSession('/overview');
      toast.success(t('toast.started'), { description: t('toast.startedDescription', { name: founderName(data?.user) }) });
    },
    [switchSession, t],
  );
}

/**
 * Back to the admin's own view (the stop button, the hour running out, the server saying
 * it ended): 'Impersonation ended' and /admin. When there is no admin session to return
 * to, this browser signs out.
 */
export function useReturnToAdmin() {
  const { t } = useTranslation('impersonation');
  const switchSession = useSwitchSession();
  const navigate = useNavigate();
  const viewed = founderName(useSession().data?.user);
  return useCallback(async () => {
    try {
      await stopImpersonation();
    } catch (error) {
      toast.error(t('toast.endError'), { description: errorMessage(error) });
      if (error instanceof ApiError && error.status === 401) {
        await signOutAndClear();
        navigate('/auth', { replace: true });
      }
      return;
    }
    switchSession('/admin');
    toast.success(t('toast.ended'), { description: t('toast.endedDescription', { name: viewed }) });
  }, [navigate, switchSession, t, viewed]);
}
