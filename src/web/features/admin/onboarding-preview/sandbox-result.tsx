import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ONBOARDING_STEPS, type OnboardingInput } from '../../../../core/onboarding/onboarding-schema.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import type { Option } from '../../../components/form/fields.tsx';
import { useProfileOptions } from '../../../lib/profile-options.ts';

const FIELDS = ONBOARDING_STEPS.flat();

/** What Finish would have stored in the founder's profile (the validated, sanitised answers); nothing was. */
export function SandboxResult({ saved, onRestart }: { saved: OnboardingInput; onRestart: () => void }) {
  const { t } = useTranslation(['admin', 'profile']);
  const options = useProfileOptions();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const choices: Partial<Record<string, readonly Option[]>> = {
    country: options.countries, currency: options.currencies, teamSize: options.teamSizes,
    startupPhase: options.phases, founderCharacteristics: options.founderTypes,
  };
  const shown = (field: string) => {
    const value = saved[field as keyof OnboardingInput];
    if (typeof value === 'boolean') return t(value ? 'admin:onboardingPreview.result.yes' : 'admin:onboardingPreview.result.no');
    if (value === undefined || value === null || value === '') return t('admin:onboardingPreview.result.empty');
    return choices[field]?.find((option) => option.value === value)?.label ?? String(value);
  };
  return (
    <section aria-labelledby="sandbox-result-title" className="rounded-lg border border-border p-4 sm:p-6">
      <h3 id="sandbox-result-title" ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {t('admin:onboardingPreview.result.title')}
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">{t('admin:onboardingPreview.result.body')}</p>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[minmax(10rem,auto)_1fr]">
        {FIELDS.map((field) => (
          <div key={field} className="contents">
            <dt className="text-sm font-medium">{t(`profile:fields.${field}.label`)}</dt>
            <dd className="text-sm break-words text-muted-foreground sm:text-foreground">{shown(field)}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onRestart} className={`${buttonClass.secondary} mt-6`}>
        {t('admin:onboardingPreview.result.again')}
      </button>
    </section>
  );
}
