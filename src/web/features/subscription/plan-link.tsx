import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSubscription } from './subscription-api.ts';
import type { SubscriptionView } from './subscription-calls.ts';
import { cn } from '../../lib/cn.ts';
import { intlLocale } from '../../lib/format.ts';

function planLine(view: SubscriptionView, t: (key: string, options?: Record<string, unknown>) => string, locale: string) {
  if (view.phase === 'trialing') return t('accountLink.trialing', { count: view.trialDaysLeft });
  if (view.phase === 'free') return t('accountLink.free');
  if ((view.cancelAtPeriodEnd || view.plan === null) && view.periodEnd) {
    return t('accountLink.ending', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(view.periodEnd)) });
  }
  return t('accountLink.premium');
}

/** The account menu's way to the Subscription page, with the plan (and a trial's days left) under it. */
export function PlanLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('subscription');
  const subscription = useSubscription();
  return (
    <NavLink
      to="/subscription"
      onClick={onNavigate}
      className={({ isActive }) =>
        cn('flex items-center gap-3 rounded-md px-3 py-2 text-sm', isActive ? 'bg-accent font-medium text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground')
      }
    >
      <CreditCard aria-hidden="true" className="size-4 shrink-0" />
      <span className="flex min-w-0 flex-col">
        <span>{t('accountLink.label')}</span>
        {subscription.data ? <span className="text-xs">{planLine(subscription.data, t, intlLocale(i18n.language))}</span> : null}
      </span>
    </NavLink>
  );
}
