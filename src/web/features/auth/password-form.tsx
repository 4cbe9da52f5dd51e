import { buttonClass } from '../../components/form/buttons.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SignInInput, SignUpInput } from '../../../core/auth/credentials.ts';
import { sanitize } from '../../../core/security/sanitize.ts';
import { authClient } from '../../lib/auth-client.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { authErrorKey } from './auth-errors.ts';
import { PrimaryButton, SentNotice, TextField } from '../../components/form/form-parts.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';
import { useInvitedEmail } from './use-invited-email.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

export type AuthMode = 'sign-in' | 'sign-up';

/** E-mail and password: sign in, or sign up with the terms (the server checks them too). */
export function PasswordForm({
  mode,
  referral = null,
  onSignedIn,
  onSignedUp,
  onTwoFactor,
}: {
  mode: AuthMode;
  /** A referral code from the link, sent with the sign-up (docs/referrals.md). */
  referral?: string | null;
  onSignedIn: () => void;
  onSignedUp: () => void;
  onTwoFactor: () => void;
}) {
  const { t } = useTranslation('auth');
  // A sign-up with an address that has an account gets the same answer as a new one, whose
  // cookie opens no session (decision 240): the page finds no session and says to check the
  // inbox, where the e-mail tells the owner the rest.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invitedEmail = useInvitedEmail();
  const form = useSchemaForm<typeof SignUpInput | typeof SignInInput, { fullName: string; email: string; password: string; termsAccepted: boolean }>(
    mode === 'sign-up' ? SignUpInput : SignInInput,
    { fullName: '', email: invitedEmail, password: '', termsAccepted: false },
    {
      onSubmit: async (values) => {
        if (mode === 'sign-up') {
          const { error } = await authClient.signUp.email({
            email: values.email,
            password: values.password,
            // Sanitised here and again on the server (docs/product.md#sanitising).
            name: sanitize('fullName' in values ? (values.fullName ?? '') : ''),
            termsAccepted: true,
            // The account keeps the language the page is in: e-mails follow it from the first (decision 242).
            language: currentLanguage(),
            ...(referral ? { ref: referral } : {}),
          } as Parameters<typeof authClient.signUp.email>[0]);
          if (error) {
            toast.error(t('toast.signUpError'), { description: t(authErrorKey('sign-up', error)) });
            return;
          }
          const { data: session } = await authClient.getSession();
          if (session) onSignedUp();
          else setSentTo(values.email);
        } else {
          const { data, error } = await authClient.signIn.email({ email: values.email, password: values.password });
          if (error) {
            toast.error(t('toast.signInError'), { description: t(authErrorKey('sign-in', error)) });
            return;
          }
          if (data && 'twoFactorRedirect' in data && data.twoFactorRedirect) onTwoFactor();
          else onSignedIn();
        }
      },
    },
  );

  if (sentTo) {
    return (
      <SentNotice title={t('signUpSent.title')} body={t('signUpSent.body', { email: sentTo })}>
        <p className="text-sm text-muted-foreground">{t('signUpSent.hint')}</p>
        <div className="flex flex-wrap gap-4">
          <Link to="/reset-password" className={buttonClass.link}>
            {t('signUpSent.reset')}
          </Link>
          <button type="button" onClick={() => setSentTo(null)} className={buttonClass.link}>
            {t('signUpSent.again')}
          </button>
        </div>
      </SentNotice>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4">
      {mode === 'sign-up' && <TextField label={t('fields.fullName')} {...form.control('fullName')} autoComplete="name" maxLength={200} />}
      <TextField label={t('fields.email')} {...form.control('email')} type="email" autoComplete="email" required />
      <TextField
        label={t('fields.password')}
        {...form.control('password')}
        type="password"
        autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
        required
      />
      {mode === 'sign-in' && (
        <Link to="/reset-password" className="-mt-2 self-end text-sm text-primary underline-offset-4 hover:underline">
          {t('forgotPassword')}
        </Link>
      )}
      {mode === 'sign-up' && <TermsCheckbox {...form.control('termsAccepted')} checked={form.values.termsAccepted} />}
      <PrimaryButton pending={form.submitting}>{form.submitting ? t('submit.pending') : t(mode === 'sign-in' ? 'submit.signIn' : 'submit.signUp')}</PrimaryButton>
    </form>
  );
}
