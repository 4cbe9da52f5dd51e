import { Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { billingButtonClass, CTA_CLASS } from './cta-class.ts';
import { FounderFreeAction, FounderPremiumAction, useSignedInPlan } from './founder-plan-actions.tsx';

export type BillingPeriod = 'monthly' | 'yearly';

const BILLING_PERIODS: readonly BillingPeriod[] = ['monthly', 'yearly'];

export const SIGN_UP_PATH = '/auth?mode=sign-up';

/**
 * The two plans (docs/product.md#pricing) with a monthly/yearly switch.
 * `headingLevel` keeps the page outline in order: h3 under the landing's "Pricing" h2,
 * h2 directly under the pricing page's h1. `forFounders` (the pricing page): a signed-in
 * founder's buttons upgrade or say which plan is theirs, instead of signing up again.
 */
export function PricingTable({ headingLevel = 'h3', forFounders = false }: { headingLevel?: 'h2' | 'h3'; forFounders?: boolean }) {
  const { t } = useTranslation('marketing');
  const [billing, setBilling] = useState<BillingPeriod>('monthly');
  const founder = useSignedInPlan(forFounders);
  const Heading = headingLevel;
  const freeFeatures = t('pricing.free.features', { returnObjects: true }) as string[];
  const premiumFeatures = t('pricing.premium.features', { returnObjects: true }) as string[];
  // Both periods' texts in the markup: the public pages' island switches them without the app.
  const bothPeriods = (text: string) => Object.fromEntries(BILLING_PERIODS.map((period) => [`data-${period}`, t(`pricing.premium.${period}.${text}`)]));
  const periodTexts = { price: bothPeriods('price'), period: bothPeriods('period'), note: bothPeriods('note') };

  return (
    <div className="flex flex-col items-center gap-8" data-pricing-table="" data-for-founders={forFounders ? '' : undefined}>
      <div
        role="group"
        aria-label={t('pricing.billing.label')}
        className="inline-flex rounded-full border border-border bg-muted p-1"
      >
        {BILLING_PERIODS.map((period) => {
          const selected = billing === period;
          return (
            // Not buttonClass: the monthly/yearly switch, a pill-shaped toggle of the public pages.
            <button
              key={period}
              type="button"
              aria-pressed={selected}
              data-billing={period}
              onClick={() => setBilling(period)}
              className={billingButtonClass(selected)}
            >
              {t(`pricing.billing.${period}`)}
            </button>
          );
        })}
      </div>

      <div className="grid w-full max-w-4xl gap-6 md:grid-cols-2">
        <article className="flex flex-col rounded-2xl border border-border bg-card p-6 text-card-foreground sm:p-8">
          <Heading className="text-lg font-semibold">{t('pricing.free.name')}</Heading>
          <p className="mt-2 text-sm text-muted-foreground">{t('pricing.free.description')}</p>
          <p className="mt-6 flex items-baseline gap-2">
            <span className="text-4xl font-semibold tracking-tight">{t('pricing.free.price')}</span>
            <span className="text-sm text-muted-foreground">{t('pricing.free.period')}</span>
          </p>
          <p className="mt-2 text-sm text-muted-foreground">{t('pricing.free.note')}</p>
          {founder ? (
            <FounderFreeAction view={founder} />
          ) : (
            <Link to={SIGN_UP_PATH} className={CTA_CLASS.secondary}>
              {t('pricing.free.cta')}
            </Link>
          )}
          <FeatureList title={t('pricing.includes')} items={freeFeatures} />
        </article>

        <article className="relative flex flex-col rounded-2xl border-2 border-primary bg-card p-6 text-card-foreground shadow-lg sm:p-8">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Heading className="text-lg font-semibold">{t('pricing.premium.name')}</Heading>
            <p className="rounded-full bg-primary px-3 py-1 text-xs font-medium text-primary-foreground">
              {t('pricing.premium.badge')}
            </p>
          </div>
          <p className="mt-2 text-sm text-muted-foreground">{t('pricing.premium.description')}</p>
          <div aria-live="polite">
            <p className="mt-6 flex items-baseline gap-2">
              <span className="text-4xl font-semibold tracking-tight" {...periodTexts.price}>
                {t(`pricing.premium.${billing}.price`)}
              </span>
              <span className="text-sm text-muted-foreground" {...periodTexts.period}>
                {t(`pricing.premium.${billing}.period`)}
              </span>
            </p>
            <p className="mt-2 text-sm text-muted-foreground" {...periodTexts.note}>
              {t(`pricing.premium.${billing}.note`)}
            </p>
          </div>
          {founder ? (
            <FounderPremiumAction view={founder} plan={billing === 'yearly' ? 'annual' : 'monthly'} />
          ) : (
            <Link to={SIGN_UP_PATH} className={CTA_CLASS.primary}>
              {t('pricing.premium.cta')}
            </Link>
          )}
          <FeatureList title={t('pricing.includes')} items={premiumFeatures} />
        </article>
      </div>

      <p className="max-w-xl text-center text-sm text-muted-foreground">{t('pricing.footnote')}</p>
    </div>
  );
}

function FeatureList({ title, items }: { title: string; items: readonly string[] }) {
  return (
    <div className="mt-8 border-t border-border pt-6">
      <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">{title}</p>
      <ul className="mt-4 flex flex-col gap-3 text-sm">
        {items.map((item) => (
          <li key={item} className="flex gap-3">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
