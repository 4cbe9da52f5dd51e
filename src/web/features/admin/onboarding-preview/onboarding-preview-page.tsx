import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Language, LANGUAGES } from '../../../../core/i18n/language.ts';
import { OnboardingInput } from '../../../../core/onboarding/onboarding-schema.ts';
import { sanitizeDeep } from '../../../../core/security/sanitize.ts';
import { ChoiceField } from '../../../components/form/fields.tsx';
import { currentLanguage } from '../../../i18n/i18n.ts';
import type { Answers, Draft } from '../../../lib/onboarding-draft.ts';
import { initialDraft, OnboardingForm, type OnboardingVariant } from '../../onboarding/index.ts';
import { PreviewLanguage } from './preview-language.tsx';
import { SandboxResult } from './sandbox-result.tsx';

const VARIANTS = ['classic', 'revamp'] as const satisfies readonly OnboardingVariant[];
const MODES = ['preview', 'sandbox'] as const;
type Mode = (typeof MODES)[number];

/**
 * /admin/onboarding-preview: the founder's onboarding form itself (decision 217), in the
 * language and variant the admin picks. Preview shows it read-only; Sandbox takes answers
 * with the founder's validation and shows what Finish would have saved. Neither reads nor
 * writes the admin's profile or draft: the draft lives in this component's state only.
 */
export function OnboardingPreviewPage() {
  const { t } = useTranslation(['admin', 'common']);
  const [language, setLanguage] = useState<Language>(currentLanguage);
  const [variant, setVariant] = useState<OnboardingVariant>('classic');
  const [mode, setMode] = useState<Mode>('preview');
  // A new founder's starting point; kept across a language or variant change, so the same step can be compared.
  const [draft, setDraft] = useState<Draft>(() => initialDraft(undefined));
  const [saved, setSaved] = useState<OnboardingInput | null>(null);

  const restart = () => {
    setDraft(initialDraft(undefined));
    setSaved(null);
  };
  const chooseMode = (next: Mode) => {
    setMode(next);
    restart();
  };
  // What the founder's Finish would send, checked as the server checks it; nothing leaves the browser.
  const submit = async (answers: Answers) => setSaved(OnboardingInput.parse(sanitizeDeep(answers)));

  return (
    <section aria-labelledby="onboarding-preview-title" className="mt-6">
      <h2 id="onboarding-preview-title" className="text-lg font-semibold">
        {t('onboardingPreview.title')}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t('onboardingPreview.intro')}</p>
      <div className="mt-4 grid gap-4 lg:grid-cols-3">
        <ChoiceField
          name="preview-language"
          label={t('onboardingPreview.language')}
          value={language}
          onChange={(value) => setLanguage(value as Language)}
          options={LANGUAGES.map((value) => ({ value, label: t(`common:language.${value}`) }))}
        />
        <ChoiceField
          name="preview-variant"
          label={t('onboardingPreview.variant')}
          hint={t('onboardingPreview.variantHint')}
          value={variant}
          onChange={(value) => setVariant(value as OnboardingVariant)}
          options={VARIANTS.map((value) => ({ value, label: t(`onboardingPreview.variants.${value}`) }))}
        />
        <ChoiceField
          name="preview-mode"
          label={t('onboardingPreview.mode')}
          hint={t(`onboardingPreview.modeHint.${mode}`)}
          value={mode}
          onChange={(value) => chooseMode(value as Mode)}
          options={MODES.map((value) => ({ value, label: t(`onboardingPreview.modes.${value}`) }))}
        />
      </div>
      <div className="mt-6">
        {saved ? (
          <SandboxResult saved={saved} onRestart={restart} />
        ) : (
          <section aria-label={t('onboardingPreview.frame')} className="rounded-lg border border-dashed border-border bg-background px-3 py-6 sm:px-6 sm:py-10">
            <PreviewLanguage language={language}>
              <OnboardingForm draft={draft} setDraft={setDraft} variant={variant} submit={submit} readOnly={mode === 'preview'} />
            </PreviewLanguage>
          </section>
        )}
      </div>
    </section>
  );
}
