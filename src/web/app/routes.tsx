import { Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from './layout/public-layout.tsx';

/**
 * Every route of the app (docs/product.md#screens). Pages load lazily, so the landing page downloads
 * only what it shows; the protected area loads its shell, guard and TanStack Query
 * provider on first visit.
 */
export const routes: RouteObject[] = [
  {
    Component: PublicLayout,
    children: [
      {
        index: true,
        lazy: async () => {
          const [{ LandingPage }, { ShowcaseSection }] = await Promise.all([import('../features/marketing/landing-page.tsx'), import('./showcase-section.tsx')]);
          return { Component: () => <LandingPage showcase={<ShowcaseSection />} /> };
        },
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
        path: 'terms',
        lazy: async () => ({ Component: (await import('../features/marketing/legal-page.tsx')).TermsPage }),
      },
      {
        path: 'privacy',
        lazy: async () => ({ Component: (await import('../features/marketing/legal-page.tsx')).PrivacyPage }),
      },
      {
        path: 'auth',
        lazy: async () => ({ Component: (await import('../features/auth/auth-page.tsx')).AuthPage }),
      },
      {
        path: 'auth/callback',
        lazy: async () => ({ Component: (await import('../features/auth/auth-callback-page.tsx')).AuthCallbackPage }),
      },
      {
        path: 'reset-password',
        lazy: async () => ({ Component: (await import('../features/auth/reset-password-page.tsx')).ResetPasswordPage }),
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
      const [{ ProtectedArea, prepareFirstRender, startEarlyReads }, { AppShell, ShellFrame }] = await Promise.all([
        import('./require-auth.tsx'),
        import('./layout/app-shell.tsx'),
      ]);
      // The first signed-in page's data is asked for now, beside the session check (early-reads.ts);
      // while it travels, the main thread prepares the first render's formatting (prepare-first-render.ts).
      startEarlyReads(window.location.pathname);
      prepareFirstRender();
      return {
        Component: () => (
          // The frame the page's HTML already shows stays while the session is checked (decision 231).
          <ProtectedArea pending={<ShellFrame />}>
            <AppShell />
          </ProtectedArea>
        ),
      };
    },
    children: [
      {
        path: 'overview',
        lazy: async () => ({ Component: (await import('../features/overview/overview-page.tsx')).OverviewPage }),
      },
      {
        path: 'metrics',
        lazy: async () => ({ Component: (await import('../features/metrics/metrics-page.tsx')).MetricsPage }),
      },
      {
        path: 'reports',
        lazy: async () => ({ Component: (await import('../features/reports/updates/reports-page.tsx')).ReportsPage }),
      },
      {
        path: 'metrics/scenarios',
        lazy: async () => ({ Component: (await import('../features/reports/scenarios/scenarios-page.tsx')).ScenariosPage }),
      },
      {
        path: 'high-performance-tasks',
        lazy: async () => ({ Component: (await import('../features/tasks/tasks-page.tsx')).TasksPage }),
      },
      {
        path: 'strategy-builder',
        lazy: async () => {
          const [{ StrategyPage }, { MeceRoadmap }] = await Promise.all([import('../features/strategy/strategy-page.tsx'), import('../features/tasks/index.ts')]);
          return { Component: () => <StrategyPage roadmap={MeceRoadmap} /> };
        },
      },
      {
        path: 'community',
        lazy: async () => ({ Component: (await import('../features/community/community-page.tsx')).CommunityPage }),
      },
      {
        path: 'referral',
        lazy: async () => ({ Component: (await import('../features/referrals/referral-page.tsx')).ReferralPage }),
      },
      {
        path: 'aicontext',
        lazy: async () => ({ Component: (await import('../features/ai-context/ai-context-page.tsx')).AiContextPage }),
      },
      {
        path: 'talk-rumbo',
        lazy: async () => ({ Component: (await import('../features/mentor/mentor-page.tsx')).MentorPage }),
      },
      {
        path: 'profile',
        lazy: async () => ({ Component: (await import('../features/profile/profile-page.tsx')).ProfilePage }),
      },
      {
        path: 'subscription',
        lazy: async () => ({ Component: (await import('../features/subscription/subscription-page.tsx')).SubscriptionPage }),
      },
      {
        path: 'profile/api',
        lazy: async () => ({ Component: (await import('../features/profile/api-access/api-access-page.tsx')).ApiAccessPage }),
      },
      {
        path: 'oauth/consent',
        lazy: async () => ({ Component: (await import('../features/oauth/consent-page.tsx')).ConsentPage }),
      },
      {
        path: 'profile/security',
        lazy: async () => ({ Component: (await import('../features/profile/security/security-page.tsx')).SecurityPage }),
      },
      {
        path: 'admin/*',
        lazy: async () => ({ Component: (await import('../features/admin/admin-page.tsx')).AdminPage }),
      },
      { path: 'goals', element: <Navigate to="/high-performance-tasks" replace /> },
      { path: 'hypothesis', element: <Navigate to="/high-performance-tasks" replace /> },
      { path: 'achievements', element: <Navigate to="/community" replace /> },
    ],
  },
  {
    path: 'onboarding',
    lazy: async () => {
      const [{ ProtectedArea }, { OnboardingPage }] = await Promise.all([
        import('./require-auth.tsx'),
        import('../features/onboarding/onboarding-page.tsx'),
      ]);
      return {
        Component: () => (
          <ProtectedArea>
            <OnboardingPage />
          </ProtectedArea>
        ),
      };
    },
  },
];
