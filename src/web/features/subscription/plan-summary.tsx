import { CircleAlert, CircleCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionView } from './subscription-calls.ts';
import { cn } from '../../lib/cn.ts';
import type { BillingFormat } from './billing-format.ts';

/** How Premium stands, in words and an icon as well as colour. */
type Badge = 'active' | 'ending' | 'past_due';

const BADGES: Record<Badge, { style: string; icon: typeof CircleCheck }> = {
  active: { style: 'bg-success/15 text-success-foreground', icon: CircleCheck },
  ending: { style: 'bg-warning/15 text-warning-foreground', icon: Clock },
  past_due: { style: 'bg-destructive/15 text-destructive', icon: CircleAlert },
};

function badgeOf(view: SubscriptionView): Badge | null {
  if (view.phase !== 'premium') return null;
  if (view.status === 'past_due') return 'past_due';
  return view.cancelAtPeriodEnd || view.plan === null ? 'ending' : 'active';
}

function planName(view: SubscriptionView) {
  if (view.phase !== 'premium') return view.phase;
  return view.plan ?? 'granted';
}

/** The founder's plan now: its name and state in words, and the one date that matters next. */
export function PlanSummary({ view, format }: { view: SubscriptionView; format: BillingFormat }) {
  const { t } = useTranslation('subscription');
  const badge = badgeOf(view);
  return (
    <section aria-labelledby="plan-title" className="rounded-lg border border-border bg-card p-5 text-card-foreground sm:p-6">
      <h2 id="plan-title" className="text-sm font-medium text-muted-foreground">
        {t('plan.heading')}
      </h2>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <p className="text-xl font-semibold">{t(`plan.name.${planName(view)}`)}</p>
        {badge ? <StatusBadge badge={badge} /> : null}
      </div>
      <div className="mt-3 flex flex-col gap-2 text-sm">
        {view.phase === 'trialing' && view.trialEndsAt ? (
          <>
            <p className="text-base font-medium">{t('plan.trialDaysLeft', { count: view.trialDaysLeft })}</p>
            <p className="text-muted-foreground">{t('plan.trialEnds', { date: format.date(view.trialEndsAt) })}</p>
          </>
        ) : null}
        {view.phase === 'free' ? <p className="text-muted-foreground">{t('plan.freeBody')}</p> : null}
        {view.phase === 'premium' && view.periodEnd ? <PremiumDates view={view} periodEnd={view.periodEnd} format={format} /> : null}
      </div>
    </section>
  );
}

function PremiumDates({ view, periodEnd, format }: { view: SubscriptionView; periodEnd: string; format: BillingFormat }) {
  const { t } = useTranslation('subscription');
  const date = format.date(periodEnd);
  return (
    <>
      {view.status === 'past_due' ? (
        <p className="flex items-start gap-2 font-medium text-destructive">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('plan.pastDue')}
        </p>
      ) : null}
      <p>
        {view.plan === null
          ? t('plan.grantedEnds', { date })
          : view.cancelAtPeriodEnd
            ? t('plan.ends', { date })
            : t('plan.renews', { date, price: format.price(view.prices, view.plan) })}
      </p>
    </>
  );
}

function StatusBadge({ badge }: { badge: Badge }) {
  const { t } = useTranslation('subscription');
  const { style, icon: Icon } = BADGES[badge];
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', style)}>
      <Icon aria-hidden="true" className="size-3.5" />
      {t(`plan.status.${badge}`)}
    </span>
  );
}
