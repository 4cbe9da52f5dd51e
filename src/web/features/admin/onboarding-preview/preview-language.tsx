import { type ReactNode, Suspense, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { HTML_LANG, type Language } from '../../../../core/i18n/language.ts';

/**
 * Renders its children in `language` without touching the admin's own: a clone of the app's
 * i18next instance shares the loaded texts but has a language of its own, so nothing is
 * remembered (no local storage, cookie or profile change) and the rest of the page stays
 * in the admin's language (decision 217).
 */
export function PreviewLanguage({ language, children }: { language: Language; children: ReactNode }) {
  const { t, i18n } = useTranslation('admin');
  const preview = useMemo(() => i18n.cloneInstance({ lng: language }), [i18n, language]);
  return (
    <div lang={HTML_LANG[language]}>
      <I18nextProvider i18n={preview}>
        <Suspense fallback={<p className="text-sm text-muted-foreground">{t('onboardingPreview.loading')}</p>}>{children}</Suspense>
      </I18nextProvider>
    </div>
  );
}
