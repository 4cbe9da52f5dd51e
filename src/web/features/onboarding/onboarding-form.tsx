import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { type Dispatch, type SetStateAction, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_STEPS, OnboardingInput } from '../../../core/onboarding/onboarding-schema.ts';
import { currencyForCountry, DEFAULT_FRIDAY_HOUR, DEFAULT_MONDAY_HOUR } from '../../../core/profile/profile-fields.ts';
import { api } from '../../lib/api-routes.ts';
import { cn } from '../../lib/cn.ts';
import type { Me } from '../../lib/get-me.ts';
import type { ResolvedFlags } from '../flags/index.ts';
import { showProfileError } from '../../lib/profile-error.ts';
import { ProfileField, type ProfileFieldName } from '../profile/index.ts';
import { browserTimeZone } from '../../lib/profile-options.ts';
import { type FieldIssue, serverIssues, useSchemaForm } from '../../lib/use-schema-form.ts';
import { schemaIssues } from '../../lib/schema-form.ts';
import type { Answers, Draft } from '../../lib/onboarding-draft.ts';
import { buttonClass } from '../../components/form/buttons.ts';

/**
 * The 4-step onboarding form itself, shared by the founder's page and the admin's preview and
 * sandbox (decision 217): whoever renders it owns the draft (saved on the server, or kept in
 * memory) and says what submitting does.
 */

const STEP_KEYS = ['about', 'startup', 'customers', 'habits'] as const;
const LAST_STEP = ONBOARDING_STEPS.length - 1;
/**
 * The order the steps are walked in: the revamp (flag `onboarding_revamp_v1_rollout`, or a
 * founder on `onboarding_admin_override_v1_rollout`) asks about the startup and its customers
 * before the founder (decision 207).
 */
const CLASSIC_ORDER = [0, 1, 2, 3] as const;
const REVAMP_ORDER = [1, 2, 0, 3] as const;
export type OnboardingVariant = 'classic' | 'revamp';

export function stepOrder(variant: OnboardingVariant): readonly number[] {
  return variant === 'revamp' ? REVAMP_ORDER : CLASSIC_ORDER;
}

/** The variant the founder's flags put them in (decision 207); without flags, the classic one. */
export function variantOf(flags: ResolvedFlags | undefined): OnboardingVariant {
  return flags?.onboarding_revamp_v1_rollout || flags?.onboarding_admin_override_v1_rollout ? 'revamp' : 'classic';
}

/** The form's starting point without a saved draft: the profile's answers (an admin walking through again), else a new founder's defaults. */
export function initialDraft(me: Me | undefined): Draft {
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

/** The schema's step holding the earliest (in the order walked) of these issues' fields, or -1. */
function stepOf(issues: readonly FieldIssue[], order: readonly number[]): number {
  return order.findIndex((index) => issues.some((issue) => (ONBOARDING_STEPS[index] as readonly string[] | undefined)?.includes(issue.path.split('.')[0] ?? '')));
}

/** Each step is checked with its own fields of the shared schema before the next is shown. */
const STEP_SCHEMAS = ONBOARDING_STEPS.map((fields) => OnboardingInput.pick(Object.fromEntries(fields.map((field) => [field, true])) as Record<(typeof fields)[number], true>));

export type OnboardingFormProps = {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  variant: OnboardingVariant;
  /**
   * Receives the answers once every step is valid. An ApiError with field details it throws
   * shows those fields' errors on their step; any other failure is the profile error toast.
   */
  submit: (answers: Answers) => Promise<unknown>;
  /** Shown, never changed: fields are disabled, Next and Back walk the steps without validating, Finish stays off. */
  readOnly?: boolean;
};

export function OnboardingForm({ draft, setDraft, variant, submit, readOnly = false }: OnboardingFormProps) {
  const { t } = useTranslation(['onboarding', 'profile']);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const order = stepOrder(variant);
  const { step, answers } = draft;
  /** The schema's step shown at this position. */
  const at = order[step] ?? step;

  // Geolocation prefills the country (docs/product.md#geolocation) when nothing was chosen yet.
  const geo = useQuery({
    queryKey: ['geo'],
    queryFn: () => api('GET /api/geo'),
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

  const goTo = (next: number) => setDraft((current) => ({ ...current, step: next }));
  /** Shows issues on their fields and goes to the earliest step that has any. */
  function showStepOf(issues: readonly FieldIssue[]) {
    form.showIssues(issues);
    const first = stepOf(issues, order);
    if (first >= 0 && first !== step) goTo(first);
  }

  const form = useSchemaForm(STEP_SCHEMAS[at] ?? OnboardingInput, answers, {
    values: answers,
    // This step's answers only: the others are checked on their own steps, and all of them before finishing.
    toInput: (values) => Object.fromEntries((ONBOARDING_STEPS[at] ?? []).map((field) => [field, values[field]])),
    onValueChange: (field, value) => {
      if (readOnly) return;
      // The country pre-selects its currency (decision 115); the founder can still choose another.
      const currency: Answers = field === 'country' && typeof value === 'string' ? { currency: currencyForCountry(value) } : {};
      setDraft((current) => ({ ...current, answers: { ...current.answers, [field]: value, ...currency } }));
    },
    onSubmit: async () => {
      if (step < LAST_STEP) return goTo(step + 1);
      const parsed = OnboardingInput.safeParse(answers);
      if (!parsed.success) return showStepOf(schemaIssues(parsed.error.issues));
      await submit(answers);
    },
    // An ApiError with field details shows those fields' errors on their step; any other failure is the profile error toast.
    onError: (error, onFields) => (onFields ? showStepOf(serverIssues(error) ?? []) : showProfileError(t, error)),
  });
  const errors = form.errors;

  const stepKey = STEP_KEYS[at] ?? 'about';
  return (
    <div className="mx-auto w-full max-w-2xl">
      <p className="text-sm font-medium text-primary">{t('onboarding:eyebrow')}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight sm:text-3xl">{t('onboarding:title')}</h1>
      <Progress step={step} order={order} />
      <form
        noValidate
        // Read only, Next walks the steps without checking them.
        onSubmit={readOnly ? (event) => (event.preventDefault(), step < LAST_STEP && goTo(step + 1)) : form.handleSubmit}
        className="mt-6 rounded-lg border border-border bg-card p-5 text-card-foreground sm:p-8" aria-labelledby="step-title">
        <h2 id="step-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
          {t(`onboarding:steps.${stepKey}.title`)}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t(`onboarding:steps.${stepKey}.body`)}</p>
        {/* A disabled fieldset turns every control in it off at once, and says so to screen readers. */}
        <fieldset disabled={readOnly} className="mt-6 flex min-w-0 flex-col gap-5">
          {(ONBOARDING_STEPS[at] ?? []).map((field) => (
            <ProfileField
              key={field}
              name={field as ProfileFieldName}
              value={answers[field] ?? ''}
              onChange={(value) => form.setValue(field, value)}
              error={errors[field]}
            />
          ))}
        </fieldset>
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
            disabled={form.submitting || (readOnly && step === LAST_STEP)}
            className={buttonClass.primary}
          >
            {step < LAST_STEP ? t('onboarding:next') : form.submitting ? t('onboarding:finishing') : t('onboarding:finish')}
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
