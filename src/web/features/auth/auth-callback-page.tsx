import { CircleAlert, LoaderCircle } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authClient } from '../../lib/auth-client.ts';
import { safeRedirect } from './auth-errors.ts';
import { welcomeToast } from './auth-page.tsx';

/** Better Auth's magic-link errors; anything else came back from an OAuth provider. */
const LINK_ERRORS = new Set(['INVALID_TOKEN', 'EXPIRED_TOKEN', 'ATTEMPTS_EXCEEDED']);

/** What the page says for `?error=` (the server sends suspended and deleted accounts here, decision 024). */
function errorText(error: string) {
  if (error === 'ACCOUNT_SUSPENDED') return 'errors.accountSuspended';
  if (error === 'ACCOUNT_DELETED') return 'errors.accountDeleted';
  return LINK_ERRORS.has(error) ? 'callback.expired' : 'callback.oauthFailed';
}

/**
 * /auth/callback: where magic links and OAuth providers send the browser back. With a
 * session it moves on (new accounts to onboarding with the welcome); with `?error=`
 * it explains, never crashes.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const error = params.get('error');
  const isNew = params.get('new') === '1';
  const redirect = safeRedirect(params.get('redirect'));

  useEffect(() => {
    if (error) return;
    let current = true;
    void authClient.getSession().then(({ data }) => {
      if (!current) return;
      if (!data) {
        navigate('/auth', { replace: true });
      } else if (isNew) {
        welcomeToast(t);
        navigate('/onboarding', { replace: true });
      } else {
        navigate(redirect ?? '/overview', { replace: true });
      }
    });
    return () => {
      current = false;
    };
  }, [error, isNew, redirect, navigate, t]);

  if (!error) {
    return (
      <section className="mx-auto flex w-full max-w-md items-center gap-3 px-4 py-16" role="status">
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        <p>{t('callback.working')}</p>
      </section>
    );
  }

  return (
    <section aria-labelledby="callback-title" className="mx-auto w-full max-w-md px-4 py-12">
      <div role="alert" className="flex flex-col gap-3 rounded-lg border border-destructive/40 p-5">
        <CircleAlert aria-hidden="true" className="size-6 text-destructive" />
        <h1 id="callback-title" className="text-xl font-semibold">
          {t('callback.errorTitle')}
        </h1>
        <p className="text-muted-foreground">{t(errorText(error))}</p>
      </div>
      <Link to="/auth" className="mt-6 inline-flex h-11 items-center rounded-md bg-primary px-4 font-medium text-primary-foreground hover:bg-primary-hover">
        {t('callback.backToSignIn')}
      </Link>
    </section>
  );
}
