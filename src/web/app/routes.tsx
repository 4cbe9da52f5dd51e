import { Navigate, type RouteObject } from 'react-router';
import type { SectionKey } from '../features/shell/section-page.tsx';
import { PublicLayout } from './layout/public-layout.tsx';

/**
 * Every route of the app (spec §2). Pages load lazily, so the landing page downloads
 * only what it shows; the protected area loads its shell, guard and TanStack Query
 * provider on first visit.
 */
const section = (key: SectionKey) => ({
  lazy: async () => {
    const { SectionPage } = await import('../features/shell/section-page.tsx');
    return { Component: () => <SectionPage section={key} /> };
  },
});

export const routes: RouteObject[] = [
  {
    Component: PublicLayout,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../features/marketing/landing-page.tsx')).LandingPage }),
      },
      {
        path: 'pricing',
        lazy: async () => ({ Component: (await import('../features/marketing/pricing-page.tsx')).PricingPage }),
      },
      {
        path: 'manifesto',
        lazy: async () => ({ Component: (await import('../features/marketing/manifesto-page.tsx')).ManifestoPage }),
      },
      {
        path: 'auth',
        lazy: async () => ({ Component: (await import('../features/auth/auth-page.tsx')).AuthPage }),
      },
      { path: 'login', element: <Navigate to="/auth" replace /> },
      { path: 'signup', element: <Navigate to="/auth?mode=sign-up" replace /> },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./not-found-page.tsx')).NotFoundPage }),
      },
    ],
  },
  {
    lazy: async () => {
      const [{ ProtectedArea }, { AppShell }] = await Promise.all([
        import('./require-auth.tsx'),
        import('./layout/app-shell.tsx'),
      ]);
      return {
        Component: () => (
          <ProtectedArea>
            <AppShell />
          </ProtectedArea>
        ),
      };
    },
    children: [
      { path: 'overview', ...section('overview') },
      { path: 'metrics', ...section('metrics') },
      { path: 'high-performance-tasks', ...section('tasks') },
      { path: 'strategy-builder', ...section('strategy') },
      { path: 'community', ...section('community') },
      { path: 'referral', ...section('referral') },
      { path: 'aicontext', ...section('aiContext') },
      { path: 'talk-rumbo', ...section('mentor') },
      { path: 'profile', ...section('profile') },
      { path: 'admin', ...section('admin') },
      { path: 'goals', element: <Navigate to="/high-performance-tasks" replace /> },
      { path: 'hypothesis', element: <Navigate to="/high-performance-tasks" replace /> },
      { path: 'achievements', element: <Navigate to="/community" replace /> },
    ],
  },
  {
    path: 'onboarding',
    lazy: async () => {
      const [{ ProtectedArea }, { SectionPage }] = await Promise.all([
        import('./require-auth.tsx'),
        import('../features/shell/section-page.tsx'),
      ]);
      return {
        Component: () => (
          <ProtectedArea>
            <main id="main" className="p-6">
              <SectionPage section="onboarding" />
            </main>
          </ProtectedArea>
        ),
      };
    },
  },
];
