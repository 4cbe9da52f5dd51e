import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { EmailSchema, PASSWORD_MIN_LENGTH } from '../../../core/auth/credentials.ts';
import { authClient } from '../../lib/auth-client.ts';
import { authErrorKey } from './auth-errors.ts';
import { PrimaryButton, SentNotice, TextField } from '../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

const RequestInput = z.object({ email: EmailSchema });
const NewPasswordInput = z
  .object({
    newPassword: z.string().min(PASSWORD_MIN_LENGTH, 'validation:auth.passwordMin').max(128),
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ['confirmPassword'], message: 'auth:validation.passwordsDiffer' });

/** Step 1: ask for a link. The answer is the same whether or not the account exists. */
function RequestLinkForm() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm(RequestInput, { email: '' }, {
    onSubmit: async ({ email }) => {
      const { error } = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' });
      if (error) {
        toast.error(t('toast.resetError'), { description: t(authErrorKey('reset', error)) });
        return;
      }
      setSentTo(email);
    },
  });

  if (sentTo) {
    return <SentNotice title={t('reset.sentTitle')} body={t('reset.sent', { email: sentTo })} />;
  }
  return (
    <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4">
      <p className="text-muted-foreground">{t('reset.requestIntro')}</p>
      <TextField label={t('fields.email')} {...form.control('email')} type="email" autoComplete="email" required />
      <PrimaryButton pending={form.submitting}>{form.submitting ? t('submit.pending') : t('reset.requestSubmit')}</PrimaryButton>
    </form>
  );
}

/** Step 2, from the e-mailed link: choose the new password. */
function NewPasswordForm({ token, onInvalid }: { token: string; onInvalid: () => void }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const form = useSchemaForm(NewPasswordInput, { newPassword: '', confirmPassword: '' }, {
    onSubmit: async ({ newPassword }) => {
      const { error } = await authClient.resetPassword({ newPassword, token });
      if (error) {
        if (error.code === 'INVALID_TOKEN') onInvalid();
        else toast.error(t('toast.resetError'), { description: t(authErrorKey('reset', error)) });
        return;
      }
      toast.success(t('toast.resetSuccess'), { description: t('reset.done') });
      navigate('/auth', { replace: true });
    },
  });

  return (
    <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4">
      <p className="text-muted-foreground">{t('reset.setIntro')}</p>
      <TextField label={t('fields.newPassword')} {...form.control('newPassword')} type="password" autoComplete="new-password" required />
      <TextField label={t('fields.confirmPassword')} {...form.control('confirmPassword')} type="password" autoComplete="new-password" required />
      <PrimaryButton pending={form.submitting}>{form.submitting ? t('submit.pending') : t('reset.setSubmit')}</PrimaryButton>
    </form>
  );
}

/** /reset-password: request a link; from the link, set the password; a dead link explains itself. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  const invalid = params.has('error');

  return (
    <section aria-labelledby="reset-title" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 id="reset-title" className="text-2xl font-semibold tracking-tight">
        {t('reset.title')}
      </h1>
      <div className="mt-6 flex flex-col gap-6">
        {invalid && (
          <div role="alert" className="flex flex-col gap-2 rounded-lg border border-destructive/40 p-4">
            <CircleAlert aria-hidden="true" className="size-5 text-destructive" />
            <h2 className="font-semibold">{t('reset.invalidTitle')}</h2>
            <p className="text-sm text-muted-foreground">{t('reset.invalid')}</p>
          </div>
        )}
        {token && !invalid ? (
          <NewPasswordForm token={token} onInvalid={() => setParams({ error: 'INVALID_TOKEN' }, { replace: true })} />
        ) : (
          <RequestLinkForm />
        )}
        <Link to="/auth" className="text-sm text-primary underline-offset-4 hover:underline">
          {t('reset.backToSignIn')}
        </Link>
      </div>
    </section>
  );
}
