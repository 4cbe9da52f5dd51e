import { useTranslation } from 'react-i18next';
import { CtaBand } from './cta-band.tsx';
import { PricingTable } from './pricing-table.tsx';

const QUESTIONS = ['afterTrial', 'card', 'billing', 'referrals', 'privacy', 'cancel'] as const;

/** `/pricing`: the two plans, the questions founders ask before choosing, and a call to action. */
export function PricingPage() {
  const { t } = useTranslation('marketing');
  return (
    <>
      <section aria-labelledby="pricing-page-title" className="px-4 pt-16 pb-20 sm:pt-24">
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 text-center">
            <p className="text-sm font-medium text-primary">{t('pricingPage.eyebrow')}</p>
            <h1 id="pricing-page-title" className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
              {t('pricingPage.title')}
            </h1>
            <p className="text-base leading-relaxed text-pretty text-muted-foreground sm:text-lg">
              {t('pricingPage.subtitle')}
            </p>
          </div>
          <div className="mt-12">
            <PricingTable headingLevel="h2" forFounders />
          </div>
        </div>
      </section>

      <section aria-labelledby="faq-title" className="bg-muted px-4 py-20 sm:py-24">
        <div className="mx-auto max-w-4xl">
          <h2 id="faq-title" className="text-center text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
            {t('pricingPage.faq.title')}
          </h2>
          <dl className="mt-12 grid gap-x-10 gap-y-10 md:grid-cols-2">
            {QUESTIONS.map((id) => (
              <div key={id}>
                <dt className="text-base font-semibold">{t(`pricingPage.faq.items.${id}.question`)}</dt>
                <dd className="mt-2 text-sm leading-relaxed text-muted-foreground">
                  {t(`pricingPage.faq.items.${id}.answer`)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <div className="pt-20 sm:pt-24">
        <CtaBand />
      </div>
    </>
  );
}
