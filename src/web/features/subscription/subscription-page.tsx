import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../../lib/get-me.ts';
import { useSubscription } from './subscription-api.ts';
import { useSession } from '../../lib/auth-client.ts';
import { useBillingFormat } from './billing-format.ts';
import { HistorySection, InvoicesSection } from './billing-record.tsx';
import { DangerZone } from './danger-zone.tsx';
import { ManageSection, UpgradeSection } from './plan-actions.tsx';
import { PlanSummary } from './plan-summary.tsx';
import { useCheckoutReturn } from './use-checkout-return.ts';

/**
 * /subscription (docs/billing.md): the plan, its dates and price, the ways to upgrade,
 * switch, downgrade, cancel or keep it, the record of changes or invoices, and the danger zone.
 */
export function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  const me = useMe(useSession().data?.user.id);
  const subscription = useSubscription();
  const { confirming } = useCheckoutReturn();
  const format = useBillingFormat(me.data?.timeZone);

  if (subscription.isError || me.isError) {
    return (
      <div role="alert" className="mx-auto max-w-3xl rounded-lg border border-destructive/40 p-6">
        <p className="font-medium">{t('loadError')}</p>
        <button type="button" onClick={() => void subscription.refetch()} className={cn(buttonClass.compact, 'mt-3')}>
          {t('retry')}
        </button>
      </div>
    );
  }
  if (!subscription.data || !me.data) return <p role="status">{t('loading')}</p>;
  const view = subscription.data;
  const paidPlan = view.phase === 'premium' ? view.plan : null;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-muted-foreground">{t('subtitle')}</p>
      </header>
      {view.provider === 'local' ? (
        <aside aria-labelledby="local-provider-title" className="flex gap-3 rounded-lg border border-border bg-muted/50 p-4 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <h2 id="local-provider-title" className="font-medium">
              {t('localProvider.title')}
            </h2>
            <p className="mt-1 text-muted-foreground">{t('localProvider.body')}</p>
          </div>
        </aside>
      ) : null}
      {confirming ? <p role="status">{t('checkout.confirming')}</p> : null}
      <PlanSummary view={view} format={format} />
      {paidPlan ? <ManageSection view={view} plan={paidPlan} format={format} /> : <UpgradeSection view={view} format={format} />}
      {view.provider === 'stripe' ? <InvoicesSection format={format} /> : <HistorySection view={view} format={format} />}
      <DangerZone email={me.data.email} />
    </div>
  );
}
