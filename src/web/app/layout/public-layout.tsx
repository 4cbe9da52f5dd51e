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
  const appPages: Record<string, string> = { '/terms': 'terms', '/privacy': 'privacy', '/auth': 'auth', '/auth/callback': 'authCallback', '/reset-password': 'resetPassword' };
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

/** The footer's links (docs/product.md#public-pages); the language selector sits beside them. */
const FOOTER_LINKS = [
  { to: '/', key: 'product' },
  { to: '/pricing', key: 'pricing' },
  { to: '/manifesto', key: 'manifesto' },
  { to: '/terms', key: 'terms' },
  { to: '/privacy', key: 'privacy' },
  { to: '/privacy#contact', key: 'contact' },
] as const;

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
      {/* One row at every width (390 px included): below `sm` the page links and the
          language move to the footer, and "Sign in" stays in the header. */}
      <header className="border-b border-border">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3 sm:gap-3">
          <Logo />
          <nav aria-label={t('nav.primary')} className="hidden items-center gap-3 sm:flex">
            <NavLink to="/pricing" className={navClass}>
              {t('nav.pricing')}
            </NavLink>
            <NavLink to="/manifesto" className={navClass}>
              {t('nav.manifesto')}
            </NavLink>
          </nav>
          <div className="flex min-w-0 items-center gap-1 sm:gap-2">
            <div className="hidden sm:block">
              <LanguageSwitcher />
            </div>
            <ThemeToggle />
            <Link to="/auth" className="whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium hover:bg-muted sm:px-3">
              {t('nav.signIn')}
            </Link>
            <Link
              to="/auth?mode=sign-up"
              className="whitespace-nowrap rounded-md bg-primary px-2 py-2 text-sm font-medium text-primary-foreground hover:bg-primary-hover sm:px-3"
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
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 text-sm text-muted-foreground">
          <nav aria-label={t('footer.navLabel')}>
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {FOOTER_LINKS.map(({ to, key }) => (
                <li key={key}>
                  <Link to={to} className="inline-block py-1 underline-offset-4 hover:text-foreground hover:underline">
                    {t(`nav.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex flex-col gap-1">
              <p>{t('footer.rights', { year: new Date().getFullYear() })}</p>
              <p>{t('footer.madeFor')}</p>
            </div>
            <LanguageSwitcher />
          </div>
        </div>
      </footer>
    </div>
  );
}
