import { KeyRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';
import { authClient } from '../../lib/auth-client.ts';
import { authErrorKey } from './auth-errors.ts';
import { SecondaryButton } from '../../components/form/form-parts.tsx';
import { LegalLinksText } from './legal-links.tsx';
import { callbackUrls } from './magic-link-form.tsx';

/** GET /api/auth-providers: the server's answer (`publicAuthProviders`). */
type Providers = ApiAnswer<'GET /api/auth-providers'>;

/** Which providers the server has credentials for (GET /api/auth-providers). */
function useAuthProviders() {
  const [providers, setProviders] = useState<Providers>({ google: false, oidc: null });
  useEffect(() => {
    let current = true;
    api('GET /api/auth-providers')
      .then((value) => {
        if (current) setProviders(value);
      })
      // Without the list the page still offers e-mail sign-in; nothing to tell the visitor.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);
  return providers;
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5">
      <path fill="#4285F4" d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2.1-1.9 3.3-4.8 3.3-8Z" />
      <path fill="#34A853" d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1-2.8 0-5.2-1.9-6.1-4.5H2.2v2.8A11 11 0 0 0 12 23Z" />
      <path fill="#FBBC05" d="M5.9 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.7-2.8Z" />
      <path fill="#EA4335" d="M12 5.4c1.6 0 3 .6 4.1 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.7 2.8C6.8 7.3 9.2 5.4 12 5.4Z" />
    </svg>
  );
}

/** 'Continue with Google' and the configured OIDC provider, each shown only when set up. */
export function ProviderButtons({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation('auth');
  const providers = useAuthProviders();
  const [pending, setPending] = useState(false);
  if (!providers.google && !providers.oidc) return null;

  async function continueWith(provider: string) {
    setPending(true);
    // Better Auth answers with the provider's URL and sends the browser there.
    const { error } = await authClient.signIn.social({ provider: provider as 'google', ...callbackUrls(redirect) });
    if (error) {
      setPending(false);
      toast.error(t('toast.signInError'), { description: t(authErrorKey('oauth', error)) });
    }
  }

  return (
    <div className="mt-6 flex flex-col gap-3">
      <p className="flex items-center gap-3 text-xs uppercase text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
        {t('providers.or')}
      </p>
      {providers.google && (
        <SecondaryButton disabled={pending} onClick={() => void continueWith('google')}>
          <GoogleMark />
          {t('providers.google')}
        </SecondaryButton>
      )}
      {providers.oidc && (
        <SecondaryButton disabled={pending} onClick={() => void continueWith(providers.oidc?.id ?? 'oidc')}>
          <KeyRound aria-hidden="true" className="size-5" />
          {t('providers.oidc', { name: providers.oidc.name })}
        </SecondaryButton>
      )}
      <p className="text-xs text-muted-foreground">
        <LegalLinksText i18nKey="providers.termsNote" />
      </p>
    </div>
  );
}
