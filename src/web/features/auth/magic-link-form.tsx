import { buttonClass } from '../../components/form/buttons.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { EmailSchema } from '../../../core/auth/credentials.ts';
import { sanitize } from '../../../core/security/sanitize.ts';
import { authClient } from '../../lib/auth-client.ts';
import { authErrorKey } from './auth-errors.ts';
import { PrimaryButton, SentNotice, TextField } from '../../components/form/form-parts.tsx';
import type { AuthMode } from './password-form.tsx';
import { TermsCheckbox } from './terms-checkbox.tsx';
import { useInvitedEmail } from './use-invited-email.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

const MagicSignIn = z.object({ email: EmailSchema });
const MagicSignUp = MagicSignIn.extend({ termsAccepted: z.literal(true, 'validation:auth.terms') });

/** Where the e-mailed link lands: /auth/callback finishes the sign-in (or shows why not). */
export function callbackUrls(redirect: string | null) {
  const callbackURL = redirect ? `/auth/callback?redirect=${encodeURIComponent(redirect)}` : '/auth/callback';
  return { callbackURL, newUserCallbackURL: '/auth/callback?new=1', errorCallbackURL: '/auth/callback' };
}

/**
 * A one-time sign-in link by e-mail. The answer never says whether the address has an
 * account; an address without one gets an invitation to sign up instead of a link.
 */
export function MagicLinkForm({ mode, redirect }: { mode: AuthMode; redirect: string | null }) {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const invitedEmail = useInvitedEmail();
  const form = useSchemaForm<typeof MagicSignUp | typeof MagicSignIn, { fullName: string; email: string; termsAccepted: boolean }>(
    mode === 'sign-up' ? MagicSignUp : MagicSignIn,
    { fullName: '', email: invitedEmail, termsAccepted: false },
    {
      onSubmit: async ({ email }, { fullName }) => {
        const { error } = await authClient.signIn.magicLink({
          email,
          ...(mode === 'sign-up' ? { name: sanitize(fullName), metadata: { termsAccepted: true } } : {}),
          ...callbackUrls(redirect),
        });
        if (error) {
          toast.error(t('toast.magicLinkError'), { description: t(authErrorKey('magic-link', error)) });
          return;
        }
        setSentTo(email);
      },
    },
  );

  if (sentTo) {
    return (
      <SentNotice title={t('magicLink.sentTitle')} body={t('magicLink.sent', { email: sentTo })}>
        <button type="button" onClick={() => setSentTo(null)} className={buttonClass.link}>
          {t('magicLink.again')}
        </button>
      </SentNotice>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">{t(mode === 'sign-up' ? 'magicLink.intro.signUp' : 'magicLink.intro.signIn')}</p>
      {mode === 'sign-up' && <TextField label={t('fields.fullName')} {...form.control('fullName')} autoComplete="name" maxLength={200} />}
      <TextField label={t('fields.email')} {...form.control('email')} type="email" autoComplete="email" required />
      {mode === 'sign-up' && <TermsCheckbox {...form.control('termsAccepted')} checked={form.values.termsAccepted} />}
      <PrimaryButton pending={form.submitting}>{form.submitting ? t('submit.pending') : t('magicLink.submit')}</PrimaryButton>
    </form>
  );
}
