import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, KeyRound, RotateCcw, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { TFunction } from 'i18next';
import { HTML_LANG, type Language } from '../../../core/i18n/language.ts';
import { ProfileUpdateInput } from '../../../core/profile/profile-settings.ts';
import { SwitchField } from '../../components/form/fields.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { currentLanguage } from '../../i18n/i18n.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { useSession } from '../../lib/auth-client.ts';
import { ProgressCard } from '../gamification/index.ts';
import { VisibilitySetting } from '../community/index.ts';
import { TwoFactorSettings } from './security/two-factor-settings.tsx';
import { type CurrencyChange, summaryQuery } from '../metrics/index.ts';
import { numberStyleOf } from '../../lib/number-style.ts';
import { type Me, useMe } from '../../lib/get-me.ts';
import { CurrencyChangeDialog } from './currency-change-dialog.tsx';
import { CurrencyChanges } from './currency-changes.tsx';
import { useAiConsent, useResetOnboarding, useUpdateMe } from '../../lib/update-me.ts';
import { showProfileError } from '../../lib/profile-error.ts';
import { ProfileField, type ProfileFieldName } from './profile-field.tsx';
import { serverIssues, useSchemaForm } from '../../lib/use-schema-form.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { FeedbackHistory } from '../feedback/index.ts';
import { SettingsSection } from '../../components/settings-section.tsx';

/** The profile's sections and their fields, in the order the founder reads them. */
const SECTIONS: readonly { key: string; fields: readonly ProfileFieldName[] }[] = [
  { key: 'about', fields: ['fullName', 'lastName', 'nickname', 'country'] },
  { key: 'startup', fields: ['startupName', 'industry', 'teamSize', 'startupPhase', 'startupWebpageUrl', 'linkedinLink', 'customerInformation', 'founderCharacteristics', 'coreProblemStatement'] },
  { key: 'region', fields: ['currency', 'timeZone'] },
  { key: 'reminders', fields: ['emailRemindersEnabled', 'emailMondayHour', 'emailFridayHour'] },
];
const FORM_FIELDS = SECTIONS.flatMap((section) => section.fields);

type Values = Partial<Record<ProfileFieldName, string | boolean>>;

function valuesOf(me: Me): Values {
  return Object.fromEntries(FORM_FIELDS.map((field) => [field, typeof me[field] === 'boolean' ? me[field] : ((me[field] as string | null) ?? '')]));
}

/** Profile settings (/profile: docs/product.md#profile). */
export function ProfilePage() {
  // The metrics texts load with the page: the currency dialog asks about an ambiguous rate with them.
  const { t } = useTranslation(['profile', 'metrics']);
  const me = useMe(useSession().data?.user.id);
  if (me.isError) {
    return (
      <p role="alert" className="text-destructive">
        {t('loadError')}
      </p>
    );
  }
  if (!me.data) return <p role="status">{t('loading')}</p>;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('subtitle', { email: me.data.email })}</p>
      </header>
      <LanguageSection />
      <ProfileForm me={me.data} />
      <AiSection me={me.data} />
      <TwoFactorSettings />
      <section aria-labelledby="profile-achievements" className="flex flex-col gap-3">
        <h2 id="profile-achievements" className="text-lg font-semibold">{t('achievements.title')}</h2>
        <ProgressCard showAchievements />
        <div className="rounded-lg border border-border bg-card p-4 text-card-foreground">
          <VisibilitySetting />
        </div>
      </section>
      <FeedbackHistory />
      {me.data.role === 'admin' ? <AdminSection /> : null}
      <SettingsSection id="api-access" title={t('apiAccess.section.title')} body={t('apiAccess.section.body')}>
        <Link to="/profile/api" className={buttonClass.secondary}>
          <KeyRound aria-hidden="true" className="size-4" />
          {t('apiAccess.section.link')}
        </Link>
      </SettingsSection>
      <SettingsSection id="subscription" title={t('subscription.title')} body={t('subscription.body')}>
        <Link to="/subscription" className={buttonClass.secondary}>
          <CreditCard aria-hidden="true" className="size-4" />
          {t('subscription.link')}
        </Link>
      </SettingsSection>
    </div>
  );
}

/** The language applies at once and is saved to preferred_language (docs/product.md#language). */
function LanguageSection() {
  const { t, i18n } = useTranslation('profile');
  const update = useUpdateMe();
  // The answer arrives after the switch: it is told in the language just chosen, never in the
  // one this render knew.
  const inChosen = (language: Language, show: (chosen: TFunction) => void) =>
    void i18n.loadLanguages(language).then(() => show(i18n.getFixedT(language)));
  return (
    <SettingsSection id="language" title={t('sections.language.title')} body={t('sections.language.body')}>
      <LanguageSwitcher
        onChange={(language) =>
          update.mutate(
            { preferredLanguage: language },
            {
              onSuccess: () => inChosen(language, (chosen) => toast.success(chosen('profile:toast.success'))),
              onError: (error) => inChosen(language, (chosen) => showProfileError(chosen, error)),
            },
          )
        }
      />
    </SettingsSection>
  );
}

function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const update = useUpdateMe();
  const numbers = numberStyleOf(me);
  const [currencyChange, setCurrencyChange] = useState<{ from: string; to: string } | null>(null);
  const form = useSchemaForm(ProfileUpdateInput, valuesOf(me), {
    onSubmit: async (_parsed, values) => {
      // A new currency with weeks recorded asks what happens to them first (decision 114);
      // when the weeks cannot be checked, it asks too: a question never corrupts a number.
      const currency = values.currency;
      if (typeof currency === 'string' && currency !== me.currency) {
        const hasWeeks = await queryClient.fetchQuery(summaryQuery('12w')).then((summary) => summary.latest !== null, () => true);
        if (hasWeeks) return setCurrencyChange({ from: me.currency, to: currency });
      }
      saveProfile(values);
    },
  });

  /** Saves; a refusal's field details show on their fields (useSchemaForm), and the toast says it failed. */
  function saveProfile(changes: Values, success = t('toast.success')) {
    update.mutate(changes, {
      onSuccess: () => toast.success(success),
      onError: (error) => {
        form.showIssues(serverIssues(error) ?? []);
        showProfileError(t, error);
      },
    });
  }

  /** The currency is changed (and recorded) by the metrics route; the rest of the form saves as usual. */
  function onCurrencyChanged(change: CurrencyChange) {
    const { currency: _changed, ...rest } = form.values;
    const done =
      change.mode === 'convert'
        ? t('currencyChange.doneConvert', { count: change.weeksConverted, to: change.toCurrency })
        : t('currencyChange.doneRelabel', { to: change.toCurrency });
    saveProfile(rest, done);
  }

  return (
    <>
      <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-8" aria-label={t('formLabel')}>
        {SECTIONS.map((section) => (
          <SettingsSection key={section.key} id={section.key} title={t(`sections.${section.key}.title`)} body={t(`sections.${section.key}.body`, { defaultValue: '' }) || undefined}>
            {section.fields.map((field) => (
              <ProfileField
                key={field}
                name={field}
                value={form.values[field] ?? ''}
                onChange={(value) => form.setValue(field, value)}
                error={form.errors[field]}
              />
            ))}
            {section.key === 'region' && <CurrencyChanges numbers={numbers} />}
          </SettingsSection>
        ))}
        <div className="sticky bottom-0 -mx-1 flex justify-end bg-background/90 px-1 py-3 backdrop-blur">
          <button
            type="submit"
            disabled={update.isPending}
            className={buttonClass.primary}
          >
            <Save aria-hidden="true" className="size-4" />
            {update.isPending ? t('saving') : t('save')}
          </button>
        </div>
      </form>
      {/* Outside the form: the dialog's own submit must not bubble (through the portal) into the profile's. */}
      <CurrencyChangeDialog change={currencyChange} numbers={numbers} onCancel={() => setCurrencyChange(null)} onChanged={onCurrencyChanged} />
    </>
  );
}

/** Preferences saved as soon as they are switched (PATCH /api/me). */
const PREFERENCES = [
  { field: 'aiAssistanceEnabled', key: 'assistance' },
  { field: 'benchmarkSharing', key: 'benchmarks' },
] as const;

/** AI consent and the 'AI assistance' automation preference (docs/product.md#ai-consent), with what they mean. */
function AiSection({ me }: { me: Me }) {
  const { t } = useTranslation('profile');
  const consent = useAiConsent();
  const update = useUpdateMe();
  const since = me.aiConsentAt ? new Intl.DateTimeFormat(HTML_LANG[currentLanguage()], { dateStyle: 'medium' }).format(new Date(me.aiConsentAt)) : null;
  const saved = { onSuccess: () => toast.success(t('toast.success')), onError: (error: unknown) => showProfileError(t, error) };
  return (
    <SettingsSection id="ai" title={t('sections.ai.title')} body={t('sections.ai.body')}>
      <SwitchField
        name="aiConsent"
        label={t('ai.consent.label')}
        hint={t('ai.consent.hint')}
        // Shows the choice at once while it is being saved.
        checked={consent.isPending ? consent.variables : me.aiConsent}
        disabled={consent.isPending}
        onChange={(granted) => consent.mutate(granted, saved)}
      >
        {since ? <p className="mt-1 text-xs text-muted-foreground">{t('ai.consent.since', { date: since })}</p> : null}
      </SwitchField>
      {PREFERENCES.map(({ field, key }) => (
        <SwitchField
          key={field}
          name={field}
          label={t(`ai.${key}.label`)}
          hint={t(`ai.${key}.hint`)}
          checked={me[field]}
          disabled={update.isPending}
          onChange={(enabled) => update.mutate({ [field]: enabled }, saved)}
        />
      ))}
      {!me.aiConsent || !me.aiAssistanceEnabled ? (
        <p className="rounded-md bg-muted p-3 text-sm" role="note">
          {t('ai.off')}
        </p>
      ) : null}
    </SettingsSection>
  );
}

/** An admin can reset their own onboarding and walk through it again (docs/product.md#roles). */
function AdminSection() {
  const { t } = useTranslation('profile');
  const navigate = useNavigate();
  const reset = useResetOnboarding();
  return (
    <SettingsSection id="admin" title={t('sections.admin.title')} body={t('sections.admin.body')}>
      <button
        type="button"
        disabled={reset.isPending}
        onClick={() => reset.mutate(undefined, { onSuccess: () => navigate('/onboarding'), onError: (error) => showErrorToast(error, t('admin.resetError')) })}
        className={buttonClass.secondary}
      >
        <RotateCcw aria-hidden="true" className="size-4" />
        {t('admin.reset')}
      </button>
    </SettingsSection>
  );
}
