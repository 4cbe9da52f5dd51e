import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { SignInInput, SignUpInput } from '../../../core/auth/credentials.ts';
import { authClient } from './auth-client.ts';

type Mode = 'sign-in' | 'sign-up';
type FieldErrors = Partial<Record<'email' | 'password' | 'termsAccepted', string>>;

/** Maps Better Auth's answer to one of the spec's sign-in/sign-up messages (translation keys). */
function authErrorKey(mode: Mode, error: { status?: number; code?: string }): string {
  if (error.status === 429) return 'errors.tooManyAttempts';
  if (error.code === 'USER_ALREADY_EXISTS' || error.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL') return 'errors.accountExists';
  if (error.code === 'PASSWORD_TOO_SHORT') return 'errors.weakPassword';
  return mode === 'sign-in' ? 'errors.signInFailed' : 'errors.signUpFailed';
}

function safeRedirect(target: string | null): string | null {
  return target?.startsWith('/') && !target.startsWith('//') ? target : null;
}

/** Sign in and sign up with e-mail and password. */
export function AuthPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const raw = {
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      fullName: String(form.get('fullName') ?? ''),
      termsAccepted: form.get('termsAccepted') === 'on',
    };
    const parsed = (mode === 'sign-up' ? SignUpInput : SignInInput).safeParse(raw);
    if (!parsed.success) {
      const errors: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        errors[field] ??= issue.message.replace(/^auth:/, '');
      }
      setFieldErrors(errors);
      return;
    }
    setFieldErrors({});
    setPending(true);
    try {
      if (mode === 'sign-up') {
        const { error } = await authClient.signUp.email({
          email: raw.email.trim(),
          password: raw.password,
          name: raw.fullName.trim(),
          termsAccepted: true,
        } as Parameters<typeof authClient.signUp.email>[0]);
        if (error) {
          toast.error(t('toast.signUpError'), { description: t(authErrorKey(mode, error)) });
          return;
        }
        toast.success(t('toast.signUpSuccess'), { description: t('toast.signUpWelcome') });
        navigate('/onboarding', { replace: true });
      } else {
        const { error } = await authClient.signIn.email({ email: raw.email.trim(), password: raw.password });
        if (error) {
          toast.error(t('toast.signInError'), { description: t(authErrorKey(mode, error)) });
          return;
        }
        navigate(safeRedirect(params.get('redirect')) ?? '/overview', { replace: true });
      }
    } finally {
      setPending(false);
    }
  }

  const inputClass = 'mt-1 block h-11 w-full rounded-md border border-input bg-background px-3 text-base';
  return (
    <section aria-labelledby="auth-title" className="mx-auto w-full max-w-md px-4 py-12">
      <h1 id="auth-title" className="text-2xl font-semibold tracking-tight">
        {t(mode === 'sign-in' ? 'title.signIn' : 'title.signUp')}
      </h1>
      <p className="mt-2 text-muted-foreground">{t(mode === 'sign-in' ? 'subtitle.signIn' : 'subtitle.signUp')}</p>
      <form noValidate onSubmit={onSubmit} className="mt-8 flex flex-col gap-4">
        {mode === 'sign-up' && (
          <label className="text-sm font-medium">
            {t('fields.fullName')}
            <input name="fullName" autoComplete="name" maxLength={200} className={inputClass} />
          </label>
        )}
        <label className="text-sm font-medium">
          {t('fields.email')}
          <input
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={Boolean(fieldErrors.email)}
            aria-describedby={fieldErrors.email ? 'email-error' : undefined}
            className={inputClass}
          />
        </label>
        {fieldErrors.email && (
          <p id="email-error" className="-mt-2 text-sm text-destructive">
            {t(fieldErrors.email)}
          </p>
        )}
        <label className="text-sm font-medium">
          {t('fields.password')}
          <input
            name="password"
            type="password"
            autoComplete={mode === 'sign-in' ? 'current-password' : 'new-password'}
            required
            aria-invalid={Boolean(fieldErrors.password)}
            aria-describedby={fieldErrors.password ? 'password-error' : undefined}
            className={inputClass}
          />
        </label>
        {fieldErrors.password && (
          <p id="password-error" className="-mt-2 text-sm text-destructive">
            {t(fieldErrors.password)}
          </p>
        )}
        {mode === 'sign-up' && (
          <>
            <label className="flex items-start gap-2 text-sm">
              <input
                name="termsAccepted"
                type="checkbox"
                className="mt-0.5 size-4"
                aria-invalid={Boolean(fieldErrors.termsAccepted)}
                aria-describedby={fieldErrors.termsAccepted ? 'terms-error' : undefined}
              />
              {t('fields.terms')}
            </label>
            {fieldErrors.termsAccepted && (
              <p id="terms-error" className="-mt-2 text-sm text-destructive">
                {t(fieldErrors.termsAccepted)}
              </p>
            )}
          </>
        )}
        <button
          type="submit"
          disabled={pending}
          className="h-11 rounded-md bg-primary font-medium text-primary-foreground hover:opacity-90 disabled:opacity-60"
        >
          {pending ? t('submit.pending') : t(mode === 'sign-in' ? 'submit.signIn' : 'submit.signUp')}
        </button>
      </form>
      <button
        type="button"
        onClick={() => {
          setMode(mode === 'sign-in' ? 'sign-up' : 'sign-in');
          setFieldErrors({});
        }}
        className="mt-6 text-sm text-primary underline-offset-4 hover:underline"
      >
        {t(mode === 'sign-in' ? 'switch.toSignUp' : 'switch.toSignIn')}
      </button>
    </section>
  );
}
