import { useTranslation } from 'react-i18next';

type LegalKind = 'terms' | 'privacy';
type LegalSection = { title: string; body: string };

/**
 * The terms of service and the privacy policy (docs/product.md#public-pages): plain
 * texts for a self-hostable product, in the founder's language, each ending with how
 * to reach the people who run this instance.
 */
export function LegalPage({ kind }: { kind: LegalKind }) {
  const { t } = useTranslation('marketing');
  const sections = t(`legal.${kind}.sections`, { returnObjects: true }) as LegalSection[];
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-semibold tracking-tight sm:text-4xl">{t(`legal.${kind}.title`)}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t('legal.updated')}</p>
      <p className="mt-6 text-lg leading-relaxed">{t(`legal.${kind}.intro`)}</p>
      {sections.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          <p className="mt-2 leading-relaxed text-muted-foreground">{section.body}</p>
        </section>
      ))}
      <section id="contact" className="mt-8 scroll-mt-8">
        <h2 className="text-xl font-semibold">{t('legal.contact.title')}</h2>
        <p className="mt-2 leading-relaxed text-muted-foreground">{t('legal.contact.body')}</p>
      </section>
    </article>
  );
}

export function TermsPage() {
  return <LegalPage kind="terms" />;
}

export function PrivacyPage() {
  return <LegalPage kind="privacy" />;
}
