import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { forgetReferralRef, keepReferralRef, useInviterName } from '../../lib/referral-ref.ts';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { safeRedirect } from './auth-errors.ts';
import { MagicLinkForm } from './magic-link-form.tsx';
import { type AuthMode, PasswordForm } from './password-form.tsx';
import { ProviderButtons } from './provider-buttons.tsx';
import { TwoFactorChallenge } from './two-factor-challenge.tsx';

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** The welcome after sign-up (docs/product.md#toasts). */
export function welcomeToast(t: (key: string) => string) {
  toast.success(t('toast.signUpSuccess'), { description: t('toast.signUpWelcome') });
}

/**
 * /auth: sign in or sign up, by e-mail and password or by magic link, or with
 * Google / the configured OIDC provider; the two-step code when the account has it.
 */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // A referral link (?ref=CODE) opens sign-up and keeps the code through the whole flow (docs/referrals.md).
  const [referral] = useState(() => keepReferralRef(params.get('ref')));
  const inviter = useInviterName(referral);
  const [mode, setMode] = useState<AuthMode>(params.get('mode') === 'sign-up' || params.get('ref') ? 'sign-up' : 'sign-in');
  // A magic link or a provider sign-in for an account with two-step verification lands here.
  const [challenge, setChallenge] = useState(params.get('challenge') === 'two-factor');
  const redirect = safeRedirect(params.get('redirect'));

  const signedIn = () => navigate(redirect ?? '/overview', { replace: true });
  const signedUp = () => {
    forgetReferralRef();
    welcomeToast(t);
    navigate('/onboarding', { replace: true });
  };

  return (
    <section aria-labelledby="auth-title" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 id="auth-title" className="text-2xl font-semibold tracking-tight">
        {t(mode === 'sign-in' ? 'title.signIn' : 'title.signUp')}
      </h1>
      <p className="mt-2 text-muted-foreground">{t(mode === 'sign-in' ? 'subtitle.signIn' : 'subtitle.signUp')}</p>
      {inviter ? (
        <p className="mt-4 rounded-md border border-border bg-muted p-3 text-sm" data-testid="invited-by">
          {t('invitedBy', { name: inviter })}
        </p>
      ) : null}

      <div className="mt-8">
        {challenge ? (
          <TwoFactorChallenge onVerified={signedIn} onCancel={() => setChallenge(false)} />
        ) : (
          <>
            <Tabs.Root defaultValue="password">
              <Tabs.List aria-label={t('tabs.label')} className="mb-6 flex gap-1 rounded-lg bg-muted p-1">
                <Tabs.Trigger value="password" className={tabClass}>
                  {t('tabs.password')}
                </Tabs.Trigger>
                <Tabs.Trigger value="magic-link" className={tabClass}>
                  {t('tabs.magicLink')}
                </Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="password">
                <PasswordForm mode={mode} referral={referral} onSignedIn={signedIn} onSignedUp={signedUp} onTwoFactor={() => setChallenge(true)} />
              </Tabs.Content>
              <Tabs.Content value="magic-link">
                <MagicLinkForm mode={mode} redirect={redirect} />
              </Tabs.Content>
            </Tabs.Root>
            <ProviderButtons redirect={redirect} />
            <button
              type="button"
              onClick={() => setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in')}
              className={cn(buttonClass.link, 'mt-6')}
            >
              {t(mode === 'sign-in' ? 'switch.toSignUp' : 'switch.toSignIn')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
