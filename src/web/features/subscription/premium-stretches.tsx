import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from './subscription-calls.ts';
import type { BillingFormat } from './billing-format.ts';

/**
 * The founder's Premium time still to come, stretch by stretch (the trial, a paid plan, a month
 * given by a referral), each with where it came from: a referral month given during the trial
 * or a paid period shows after it, not over it (docs/billing.md#granted-months).
 */
export function PremiumStretches({ view, format }: { view: SubscriptionView; format: BillingFormat }) {
  const { t } = useTranslation('subscription');
  if (view.stretches.length === 0) return null;
  return (
    <section aria-labelledby="stretches-title" className="flex flex-col gap-3">
      <div>
        <h2 id="stretches-title" className="text-lg font-semibold">
          {t('stretches.heading')}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t('stretches.intro')}</p>
      </div>
      <ol className="flex flex-col divide-y divide-border rounded-lg border border-border" data-testid="premium-stretches">
        {view.stretches.map((stretch) => (
          <li key={`${stretch.source}-${stretch.start}`} className="flex flex-col gap-0.5 px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
            <span className="font-medium">{t(`stretches.source.${stretch.source}`)}</span>
            <span className="text-muted-foreground">
              <time dateTime={stretch.start}>{format.date(stretch.start)}</time> – <time dateTime={stretch.end}>{format.date(stretch.end)}</time>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
