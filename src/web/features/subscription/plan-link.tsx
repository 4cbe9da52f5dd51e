import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSubscription } from './subscription-api.ts';
import type { SubscriptionView } from './subscription-calls.ts';
import { cn } from '../../lib/cn.ts';
import { founderDate } from '../../../core/i18n/founder-date.ts';
import { useMe } from '../../lib/get-me.ts';
import { useSession } from '../../lib/auth-client.ts';

type Founder = { language: string; timeZone: string | null | undefined };

function planLine(view: SubscriptionView, t: (key: string, options?: Record<string, unknown>) => string, founder: Founder) {
  if (view.phase === 'trialing') return t('accountLink.trialing', { count: view.trialDaysLeft });
  if (view.phase === 'free') return t('accountLink.free');
  if ((view.cancelAtPeriodEnd || view.plan === null) && view.periodEnd) {
    return t('accountLink.ending', { date: founderDate(view.periodEnd, founder) });
  }
  return t('accountLink.premium');
}

/** The account menu's way to the Subscription page, with the plan (and a trial's days left) under it. */
export function PlanLink({ onNavigate }: { onNavigate?: () => void }) {
  const { t, i18n } = useTranslation('subscription');
  const subscription = useSubscription();
  // The same day the Subscription page and the e-mails show: the profile's zone (core/i18n/founder-date.ts).
  const me = useMe(useSession().data?.user.id);
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
        {subscription.data ? <span className="text-xs">{planLine(subscription.data, t, { language: i18n.language, timeZone: me.data?.timeZone })}</span> : null}
      </span>
    </NavLink>
  );
}
