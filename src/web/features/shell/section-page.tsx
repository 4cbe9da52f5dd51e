import { useTranslation } from 'react-i18next';

export type SectionKey =
  | 'overview' | 'metrics' | 'tasks' | 'strategy' | 'community' | 'referral'
  | 'aiContext' | 'mentor' | 'profile' | 'admin' | 'onboarding';

/**
 * The heading and purpose of an area of the app whose own screens land in a later
 * release; each feature replaces its route with its real page.
 */
export function SectionPage({ section }: { section: SectionKey }) {
  const { t } = useTranslation('shell');
  return (
    <section aria-labelledby="section-title" className="mx-auto max-w-3xl">
      <h1 id="section-title" className="text-2xl font-semibold tracking-tight">
        {t(`sections.${section}.title`)}
      </h1>
      <p className="mt-2 text-muted-foreground">{t(`sections.${section}.body`)}</p>
      <p className="mt-6 rounded-lg border border-dashed border-border p-6 text-sm text-muted-foreground">
        {t('sections.arriving')}
      </p>
    </section>
  );
}
