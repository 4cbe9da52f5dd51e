import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/auth-client.ts';
import { useEmailConfirmedToast } from '../features/auth/use-email-confirmed-toast.ts';
import { useMe } from '../lib/api/get-me.ts';
import { useProfileLanguage } from '../components/profile/profile-language.tsx';
import { QueryProvider } from './query.tsx';

/**
 * Guards the protected area (docs/product.md#signed-in-area): nothing while auth loads, /auth when signed
 * out (coming back here after sign-in), /onboarding until onboarding is completed.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const me = useMe(session.data?.user.id);
  useProfileLanguage();

  if (session.isPending) return null;
  if (!session.data) {
    const back = `${location.pathname}${location.search}`;
    return <Navigate to={`/auth?redirect=${encodeURIComponent(back)}`} replace />;
  }
  if (me.isPending) return null;
  const onOnboarding = location.pathname === '/onboarding';
  if (me.data && !me.data.onboardingCompleted && !onOnboarding) {
    return <Navigate to="/onboarding" replace />;
  }
  return children;
}

/** The protected area's wrapper: its data layer (TanStack Query) and the guard. */
export function ProtectedArea({ children }: { children: ReactNode }) {
  // Before the guard: a new founder confirming lands on onboarding, not the overview.
  useEmailConfirmedToast();
  return (
    <QueryProvider>
      <RequireAuth>{children}</RequireAuth>
    </QueryProvider>
  );
}
