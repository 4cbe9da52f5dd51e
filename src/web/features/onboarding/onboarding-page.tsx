import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { ONBOARDING_STEPS, OnboardingInput } from '../../../core/onboarding/onboarding-schema.ts';
import { currencyForCountry, DEFAULT_FRIDAY_HOUR, DEFAULT_MONDAY_HOUR } from '../../../core/profile/profile-fields.ts';
import { sanitizeDeep } from '../../../core/security/sanitize.ts';

import { Logo } from '../../components/logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/auth-client.ts';
import { type Me, meQueryKey, useMe } from '../../lib/api/get-me.ts';
import { showProfileError } from '../../lib/profile-error.ts';
import { ProfileLanguageSwitcher } from '../../components/profile/profile-language.tsx';
import { ProfileField, type ProfileFieldName } from '../../components/profile/profile-field.tsx';
import { SignOutButton } from '../../components/sign-out-button.tsx';
import { type FieldErrors, browserTimeZone, errorsFromApi, errorsFromZod } from '../../lib/profile-options.ts';
import { type Answers, type Draft, useAutosavedDraft, useSavedOnboardingDraft } from '../../lib/onboarding-draft.ts';
import { Welcome } from './welcome.tsx';
import { useFeatureFlags } from '../../lib/api/feature-flags-api.ts';
import { buttonClass } from '../../components/form/buttons.ts';

const STEP_KEYS = ['about', 'startup', 'customers', 'habits'] as const;
const LAST_STEP = ONBOARDING_STEPS.length - 1;
/**
 * The order the steps are walked in: the revamp (flag `onboarding_revamp_v1_rollout`, or a
 * founder on `onboarding_admin_override_v1_rollout`) asks about the startup and its customers
 * before the founder (decision 207).
 */
const CLASSIC_ORDER = [0, 1, 2, 3] as const;
const REVAMP_ORDER = [1, 2, 0, 3] as const;

/** The form's starting point without a saved draft: the profile's answers (an admin walking through again), else defaults. */
function initialDraft(me: Me | undefined): Draft {
  const from = (field: keyof Me) => (typeof me?.[field] === 'string' ? (me[field] as string) : '');
  return {
    step: 0,
    answers: {
      // The full name from sign-up is offered again, never a separate last name (decision 145).
      fullName: from('fullName'), nickname: from('nickname'), country: from('country'),
      // A founder walking through again keeps their currency; a new one gets their country's.
      currency: me?.onboardingCompleted ? me.currency : currencyForCountry(from('country')),
      startupName: from('startupName'), industry: from('industry'), teamSize: from('teamSize'), startupPhase: from('startupPhase'),
      startupWebpageUrl: from('startupWebpageUrl'), linkedinLink: from('linkedinLink'),
      customerInformation: from('customerInformation'), founderCharacteristics: from('founderCharacteristics'),
      emailRemindersEnabled: me?.emailRemindersEnabled ?? true,
      emailMondayHour: me?.emailMondayHour ?? DEFAULT_MONDAY_HOUR,
      emailFridayHour: me?.emailFridayHour ?? DEFAULT_FRIDAY_HOUR,
      timeZone: me?.timeZone ?? browserTimeZone(),
    },
  };
}

/** The saved draft over the defaults, so a field the draft lacks still has its default. */
function resumedDraft(saved: Draft | null, me: Me | undefined): Draft {
  const fresh = initialDraft(me);
  return saved ? { step: saved.step, answers: { ...fresh.answers, ...saved.answers } } : fresh;
}

function stepErrors(errors: FieldErrors, step: number): FieldErrors {
  const fields: readonly string[] = ONBOARDING_STEPS[step] ?? [];
  return Object.fromEntries(Object.entries(errors).filter(([field]) => fields.includes(field)));
}

/**
 * The 4-step onboarding (docs/product.md#onboarding) for the signed-in founder. Once submitted, the welcome
 * shows at /onboarding?welcome, so a reload shows it again; a founder who completed
 * onboarding and comes back to /onboarding goes to the Overview.
 */
export function OnboardingPage() {
  const userId = useSession().data?.user.id ?? '';
  const me = useMe(userId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [completed, setCompleted] = useState<Me | null>(null);
  const welcomed = completed ?? (searchParams.has('welcome') && me.data?.onboardingCompleted ? me.data : null);

  if (welcomed) return <OnboardingFrame><Welcome name={welcomed.nickname ?? welcomed.fullName} /></OnboardingFrame>;
  if (me.data?.onboardingCompleted) return <Navigate to="/overview" replace />;
  return (
    <OnboardingFrame>
      <ResumedOnboardingForm
        userId={userId}
        me={me.data}
        onCompleted={(updated) => {
          setCompleted(updated);
          setSearchParams({ welcome: '' }, { replace: true });
        }}
      />
    </OnboardingFrame>
  );
}

type FormProps = { userId: string; me: Me | undefined; onCompleted: (me: Me) => void };

/**
 * Waits for the saved draft (read in parallel with the profile) so the form starts where the
 * founder left it, on this device or another; without one (or when it cannot be read) it
 * starts from the profile.
 */
function ResumedOnboardingForm(props: FormProps) {
  const saved = useSavedOnboardingDraft(props.userId);
  if (saved.isPending && saved.fetchStatus !== 'idle') return null;
  return <OnboardingForm {...props} initial={resumedDraft(saved.data?.draft ?? null, props.me)} />;
}

function OnboardingFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2">
        <Logo to="/onboarding" />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ProfileLanguageSwitcher />
          <ThemeToggle />
          <SignOutButton compact className="h-9 px-2 sm:px-3" />
        </div>
      </header>
      <main id="main" className="flex-1 px-4 py-8 sm:py-12">
        {children}
      </main>
    </div>
  );
}

function OnboardingForm({ userId, initial, onCompleted }: FormProps & { initial: Draft }) {
  const { t } = useTranslation(['onboarding', 'profile']);
  const queryClient = useQueryClient();
  const [draft, setDraft] = useAutosavedDraft(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const flags = useFeatureFlags();
  const order: readonly number[] = flags.data?.onboarding_revamp_v1_rollout || flags.data?.onboarding_admin_override_v1_rollout ? REVAMP_ORDER : CLASSIC_ORDER;
  const { step, answers } = draft;
  /** The schema's step shown at this position. */
  const at = order[step] ?? step;

  // Geolocation prefills the country (docs/product.md#geolocation) when nothing was chosen yet.
  const geo = useQuery({
    queryKey: ['geo'],
    queryFn: () => apiFetch<{ country: string | null }>('/api/geo'),
    enabled: !answers.country,
    retry: false,
  });
  useEffect(() => {
    const country = geo.data?.country;
    if (country) {
      setDraft((current) => (current.answers.country ? current : { ...current, answers: { ...current.answers, country, currency: currencyForCountry(country) } }));
    }
  }, [geo.data, setDraft]);

  // Each new step is announced by moving focus to its heading (not on the first render).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  const submit = useMutation({
    mutationFn: (payload: Answers) => apiFetch<Me>('/api/onboarding', { method: 'POST', body: JSON.stringify(sanitizeDeep(payload)) }),
    onSuccess: (updated) => {
      // The server cleared the draft with the submission.
      queryClient.setQueryData(meQueryKey(userId), updated);
      onCompleted(updated);
    },
    onError: (error) => {
      const fieldErrors = errorsFromApi(t, error);
      if (fieldErrors) showStepOf(fieldErrors);
      else showProfileError(t, error);
    },
  });

  const setAnswer = (field: string, value: string | boolean) => {
    // The country pre-selects its currency (decision 115); the founder can still choose another.
    const currency: Answers = field === 'country' && typeof value === 'string' ? { currency: currencyForCountry(value) } : {};
    setDraft((current) => ({ ...current, answers: { ...current.answers, [field]: value, ...currency } }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const goTo = (next: number) => setDraft((current) => ({ ...current, step: next }));

  /** Shows the errors of the earliest step that has any, and goes there. */
  function showStepOf(all: FieldErrors) {
    const first = order.findIndex((index) => Object.keys(stepErrors(all, index)).length > 0);
    setErrors(all);
    if (first >= 0 && first !== step) goTo(first);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = OnboardingInput.safeParse(answers);
    const all = parsed.success ? {} : errorsFromZod(t, parsed.error);
    const here = stepErrors(all, at);
    if (Object.keys(here).length > 0) {
      setErrors(here);
      const firstField = Object.keys(here)[0];
      document.querySelector<HTMLElement>(`[name="${firstField}"]`)?.focus();
      return;
    }
    setErrors({});
    if (step < LAST_STEP) {
      goTo(step + 1);
      return;
    }
    if (!parsed.success) {
      showStepOf(all);
      return;
    }
    submit.mutate(answers);
  }

  const stepKey = STEP_KEYS[at] ?? 'about';
  // Wait for the flags so the founder never sees the steps reorder under them.
  if (flags.isPending && flags.fetchStatus !== 'idle') return null;
  return (
    <div className="mx-auto w-full max-w-2xl">
      <p className="text-sm font-medium text-primary">{t('onboarding:eyebrow')}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">{t('onboarding:title')}</h1>
      <Progress step={step} order={order} />
      <form noValidate onSubmit={onSubmit} className="mt-6 rounded-lg border border-border bg-card p-5 text-card-foreground sm:p-8" aria-labelledby="step-title">
        <h2 id="step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t(`onboarding:steps.${stepKey}.title`)}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t(`onboarding:steps.${stepKey}.body`)}</p>
        <div className="mt-6 flex flex-col gap-5">
          {(ONBOARDING_STEPS[at] ?? []).map((field) => (
            <ProfileField
              key={field}
              name={field as ProfileFieldName}
              value={answers[field] ?? ''}
              onChange={(value) => setAnswer(field, value)}
              error={errors[field]}
            />
          ))}
        </div>
        <div className="mt-8 flex items-center justify-between gap-3">
          {step > 0 ? (
            <button type="button" onClick={() => goTo(step - 1)} className={buttonClass.secondary}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              {t('onboarding:back')}
            </button>
          ) : (
            <span />
          )}
          <button
            type="submit"
            disabled={submit.isPending}
            className={buttonClass.primary}
          >
            {step < LAST_STEP ? t('onboarding:next') : submit.isPending ? t('onboarding:finishing') : t('onboarding:finish')}
            {step < LAST_STEP ? <ArrowRight aria-hidden="true" className="size-4" /> : <Check aria-hidden="true" className="size-4" />}
          </button>
        </div>
      </form>
    </div>
  );
}

function Progress({ step, order }: { step: number; order: readonly number[] }) {
  const { t } = useTranslation('onboarding');
  const total = ONBOARDING_STEPS.length;
  return (
    <nav aria-label={t('progress.label')} className="mt-6">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('progress.status', { current: step + 1, total })}
      </p>
      <ol className="mt-2 grid grid-cols-4 gap-2">
        {order.flatMap((schemaStep) => STEP_KEYS.slice(schemaStep, schemaStep + 1)).map((key, index) => (
          <li key={key} aria-current={index === step ? 'step' : undefined}>
            <span className={cn('block h-1.5 rounded-full', index <= step ? 'bg-primary' : 'bg-muted')} aria-hidden="true" />
            <span className={cn('mt-1 hidden text-xs sm:block', index === step ? 'font-medium text-foreground' : 'text-muted-foreground')}>
              {t(`steps.${key}.short`)}
            </span>
            <span className="sr-only sm:hidden">{t(`steps.${key}.short`)}</span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
