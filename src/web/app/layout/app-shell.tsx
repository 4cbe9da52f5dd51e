import { Menu, MessageSquarePlus, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { lazy, Suspense, useState } from 'react';
import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { useSession } from '../../lib/auth-client.ts';
import { AchievementToaster } from '../../features/gamification/achievement-toaster.tsx';
import { useMe } from '../../lib/get-me.ts';
import { SignOutButton } from '../../components/sign-out-button.tsx';
import { PlanLink } from '../../features/subscription/plan-link.tsx';
import { useSessionWatch } from '../../features/session/use-session-watch.ts';
import { ImpersonationBanner } from '../../features/impersonation/impersonation-banner.tsx';
import { useImpersonation } from '../../features/impersonation/use-impersonation.ts';
import { ProfileLanguageSwitcher } from '../../features/profile/profile-language.tsx';
import { cn } from '../../lib/cn.ts';
import { HelpMenu } from '../../features/tours/help-menu.tsx';
import { NAV_ITEMS } from './nav-items.ts';

export { ShellFrame } from './shell-frame.tsx';

/** The feedback form (its schema, image handling) loads when first opened, not with every page. */
const FeedbackDialog = lazy(async () => ({ default: (await import('../../features/feedback/feedback-dialog.tsx')).FeedbackDialog }));

const navItemClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm';

function SidebarNav({ onNavigate, onFeedback }: { onNavigate?: () => void; onFeedback: () => void }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const me = useMe(session.data?.user.id);
  const isAdmin = me.data?.role === 'admin';
  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-0.5">
      {NAV_ITEMS.filter((item) => !item.adminOnly || isAdmin).map(({ to, labelKey, icon: Icon }) => (
        <NavLink
          key={to}
          to={to}
          onClick={onNavigate}
          className={({ isActive }) =>
            cn(
              navItemClass,
              isActive ? 'bg-accent font-medium text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )
          }
        >
          <Icon aria-hidden="true" className="size-4 shrink-0" />
          {t(labelKey)}
        </NavLink>
      ))}
      {/* Feedback opens a dialog over the page the founder is on (docs/weekly-rhythm.md#feedback). */}
      <button type="button" onClick={onFeedback} className={cn(navItemClass, 'text-left text-muted-foreground hover:bg-muted hover:text-foreground')}>
        <MessageSquarePlus aria-hidden="true" className="size-4 shrink-0" />
        {t('nav.feedback')}
      </button>
    </nav>
  );
}

/** The protected area's frame: a sidebar on wide screens, a drawer on phones. */
export function AppShell() {
  const { t } = useTranslation('shell');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpenState] = useState(false);
  // Once opened, the dialog stays mounted, so closing it animates and keeps nothing waiting.
  const [feedbackLoaded, setFeedbackLoaded] = useState(false);
  const setFeedbackOpen = (open: boolean) => {
    if (open) setFeedbackLoaded(true);
    setFeedbackOpenState(open);
  };
  const session = useSession();
  const me = useMe(session.data?.user.id);
  const impersonation = useImpersonation();
  // The session is re-checked every 5 minutes (2 for admins, and while an admin views as a founder): docs/product.md#sessions.
  // An admin's own session is held to the admin rule (docs/decisions/186-admin-session-check.md).
  useSessionWatch(impersonation ? 'admin' : me.data?.role, session.data?.session.id, { adminCheck: !impersonation && me.data?.role === 'admin' });
  return (
    <div className="flex min-h-dvh flex-col">
      <ImpersonationBanner />
      <div className="flex min-h-0 flex-1">
        <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 border-r border-border p-4 lg:flex">
          <Logo to="/overview" />
          <div className="flex-1 overflow-y-auto">
            <SidebarNav onFeedback={() => setFeedbackOpen(true)} />
          </div>
          <div className="flex flex-col gap-2 border-t border-border pt-4">
            <PlanLink />
            <SignOutButton className="w-full" />
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between gap-2 border-b border-border px-4 py-2">
            <Dialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
              <Dialog.Trigger
                className="inline-flex size-9 items-center justify-center rounded-md border border-input lg:hidden"
                aria-label={t('nav.open')}
              >
                <Menu aria-hidden="true" className="size-5" />
              </Dialog.Trigger>
              <Dialog.Portal>
                <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
                <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 bg-background p-4 shadow-xl">
                  <div className="flex items-center justify-between">
                    <Dialog.Title className="sr-only">{t('nav.label')}</Dialog.Title>
                    <Dialog.Description className="sr-only">{t('nav.description')}</Dialog.Description>
                    <Logo to="/overview" />
                    <Dialog.Close className="inline-flex size-9 items-center justify-center rounded-md" aria-label={t('nav.close')}>
                      <X aria-hidden="true" className="size-5" />
                    </Dialog.Close>
                  </div>
                  <div className="flex-1 overflow-y-auto">
                    <SidebarNav
                      onNavigate={() => setDrawerOpen(false)}
                      onFeedback={() => {
                        setDrawerOpen(false);
                        setFeedbackOpen(true);
                      }}
                    />
                  </div>
                  <div className="flex flex-col gap-2 border-t border-border pt-4">
                    <PlanLink onNavigate={() => setDrawerOpen(false)} />
                    <SignOutButton className="w-full" />
                  </div>
                </Dialog.Content>
              </Dialog.Portal>
            </Dialog.Root>
            <div className="ml-auto flex items-center gap-2">
              <HelpMenu onFeedback={() => setFeedbackOpen(true)} />
              <ProfileLanguageSwitcher />
              <ThemeToggle />
            </div>
          </header>
          <main id="main" className="flex-1 p-4 sm:p-6 lg:p-8">
            <Outlet />
          </main>
          <AchievementToaster />
          {feedbackLoaded ? (
            <Suspense fallback={null}>
              <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
            </Suspense>
          ) : null}
        </div>
      </div>
    </div>
  );
}
