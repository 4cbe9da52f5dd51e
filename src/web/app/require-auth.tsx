import { type ReactNode, useDeferredValue, useEffect, useLayoutEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/auth-client.ts';
import { useEmailConfirmedToast } from '../features/auth/use-email-confirmed-toast.ts';
import { useAdminSignInNotice } from '../features/auth/use-admin-sign-in-notice.ts';
import { useMe } from '../lib/get-me.ts';
import { useProfileLanguage } from '../features/profile/profile-language.tsx';
import { forgetSignOut, wasSignedOutHere } from '../lib/sign-out.ts';
import { QueryProvider } from './query.tsx';
import { SessionUnavailable } from './session-unavailable.tsx';
import { revealApp } from './first-screen.ts';

export { startEarlyReads } from './early-reads.ts';
export { prepareFirstRender } from './prepare-first-render.ts';

/**
 * Guards the protected area (docs/product.md#signed-in-area): `pending` while auth loads, a way
 * to try again when the session cannot be read, the landing page right after the founder signs
 * out, /auth when the session is missing otherwise (coming back here after sign-in),
 * /onboarding until onboarding is completed.
 */
export function RequireAuth({ children, pending = null }: { children: ReactNode; pending?: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const me = useMe(session.data?.user.id);
  useProfileLanguage();
  const signedIn = Boolean(session.data);
  useEffect(() => {
    if (signedIn) forgetSignOut();
  }, [signedIn]);

  // The page behind the guard is the first screen's largest render: once the session and the
  // profile are known it is drawn as a deferred, interruptible update (in slices that leave the
  // main thread free between them), not in one long task; `pending` stays until it is ready.
  const checking = session.isPending || (Boolean(session.data) && me.isPending);
  const stillChecking = useDeferredValue(checking, true);
  const decided = !checking && !stillChecking;
  // The server's drawing of the first screen (decision 315) gives way to what the guard decided, in the same frame.
  useLayoutEffect(() => {
    if (decided) revealApp();
  }, [decided]);
  if (!decided) return pending;
  // Only a 401 means signed out; any other failure is the connection's (decision 232).
  if (!session.data && session.error && session.error.status !== 401) return <SessionUnavailable retry={session.refetch} />;
  if (!session.data) {
    if (wasSignedOutHere()) return <Navigate to="/" replace />;
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(back)}`} replace />;
  }
  const onOnboarding = location.pathname === '/onboarding';
  if (me.data && !me.data.onboardingCompleted && !onOnboarding) {
    return <Navigate to="/onboarding" replace />;
  }
  return children;
}

/** The protected area's wrapper: its data layer (TanStack Query) and the guard, showing `pending` while it checks. */
export function ProtectedArea({ children, pending }: { children: ReactNode; pending?: ReactNode }) {
  // Before the guard: a new founder confirming lands on onboarding, not the overview.
  useEmailConfirmedToast();
  useAdminSignInNotice();
  return (
    <QueryProvider>
      <RequireAuth pending={pending}>{children}</RequireAuth>
    </QueryProvider>
  );
}
