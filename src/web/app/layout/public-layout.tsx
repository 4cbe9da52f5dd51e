import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PRERENDERED_PAGES } from '../../../core/prerendered-pages.ts';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { Logo } from '../../components/logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { cx } from '../../lib/cx.ts';

/** The page's key in the `meta` namespace (src/web/locales/<language>/meta.json). */
function metaKey(pathname: string) {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const prerendered = PRERENDERED_PAGES.find((page) => page.path === normalised);
  if (prerendered) return prerendered.file;
  const appPages: Record<string, string> = { '/auth': 'auth', '/auth/callback': 'authCallback', '/reset-password': 'resetPassword' };
  return appPages[normalised] ?? 'notFound';
}

/**
 * Keeps <title> right after client-side navigation and language changes (prerendered
 * pages already arrive with theirs). The `meta` namespace loads after hydration, so
 * it never delays the first render.
 */
function useDocumentTitle() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(() => {
    let current = true;
    const key = metaKey(pathname);
    void i18n.loadNamespaces('meta').then(() => {
      const title = i18n.t(`meta:${key}.title`, { lng: language, defaultValue: '' });
      if (current && title) document.title = title;
    });
    return () => {
      current = false;
    };
  }, [pathname, language, i18n]);
}

/** Header, main and footer of the public pages (landing, pricing, manifesto, auth). */
export function PublicLayout() {
  const { t } = useTranslation();
  useDocumentTitle();
  const navClass = ({ isActive }: { isActive: boolean }) =>
    cx('rounded-md px-2 py-1 text-sm hover:text-foreground', isActive ? 'text-foreground font-medium' : 'text-muted-foreground');
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2">
        {t('skipToContent')}
      </a>
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
          <Logo />
          <nav aria-label={t('nav.primary')} className="flex items-center gap-1 sm:gap-3">
            <NavLink to="/pricing" className={navClass}>
              {t('nav.pricing')}
            </NavLink>
            <NavLink to="/manifesto" className={navClass}>
              {t('nav.manifesto')}
            </NavLink>
          </nav>
          <div className="flex items-center gap-2">
            <LanguageSwitcher />
            <ThemeToggle />
            <Link to="/auth" className="hidden rounded-md px-3 py-2 text-sm font-medium hover:bg-muted sm:inline-block">
              {t('nav.signIn')}
            </Link>
            <Link
              to="/auth?mode=sign-up"
              className="rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground hover:bg-primary-hover"
            >
              {t('nav.getStarted')}
            </Link>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:justify-between">
          <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
          <p>{t('footer.madeFor')}</p>
        </div>
      </footer>
    </div>
  );
}
