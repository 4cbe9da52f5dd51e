import { ArrowLeftRight, CreditCard, Sparkles, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { PLANS, type Plan } from '../../../core/subscription/plans.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { SettingsSection } from '../../components/settings-section.tsx';
import { afterSubscriptionChange, useSubscriptionChange } from './subscription-api.ts';
import { type SubscriptionView, subscriptionCalls, upgrade } from './subscription-calls.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingFormat } from './billing-format.ts';
import { type EndKind, EndPremiumDialog } from './end-premium-dialog.tsx';

/** Monthly or yearly. With Stripe the founder leaves for Checkout; locally Premium starts as this answers. */
export function UpgradeSection({ view, format }: { view: SubscriptionView; format: BillingFormat }) {
  const { t } = useTranslation('subscription');
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: (plan: Plan) => upgrade(plan),
    onSuccess: async ({ redirectUrl, subscription }) => {
      if (redirectUrl) return;
      await afterSubscriptionChange(queryClient, subscription);
      const bonus = !view.upgradeBonus.awarded && subscription.upgradeBonus.awarded;
      toast.success(t('upgrade.success'), { description: bonus ? t('upgrade.successBonus', { points: subscription.upgradeBonus.points }) : t('upgrade.successBody') });
    },
    onError: (error) => showErrorToast(error, t('upgrade.failed')),
  });
  const granted = view.phase === 'premium' && view.plan === null && view.periodEnd;
  return (
    <SettingsSection id="upgrade" title={t('upgrade.heading')} body={granted ? t('plan.grantedEnds', { date: format.date(view.periodEnd!) }) : t('upgrade.body')}>
      {!view.upgradeBonus.awarded ? (
        <p className="flex items-center gap-2 text-sm">
          <Sparkles aria-hidden="true" className="size-4 text-highlight" />
          {t('upgrade.bonus', { points: view.upgradeBonus.points })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {PLANS.map((plan) => (
          <button
            key={plan}
            type="button"
            disabled={start.isPending}
            onClick={() => start.mutate(plan)}
            className={plan === 'monthly' ? buttonClass.primary : buttonClass.secondary}
          >
            {start.isPending && start.variables === plan ? t('upgrade.pending') : t(`upgrade.${plan}`, { price: format.price(view.prices, plan) })}
          </button>
        ))}
      </div>
    </SettingsSection>
  );
}

/** A paid plan: switch its billing, keep it when an end is scheduled, downgrade or cancel, and the provider's billing page. */
export function ManageSection({ view, plan, format }: { view: SubscriptionView; plan: Plan; format: BillingFormat }) {
  const { t } = useTranslation('subscription');
  const [ending, setEnding] = useState<EndKind | null>(null);
  const periodEnd = view.periodEnd ? format.date(view.periodEnd) : '';
  const other: Plan = plan === 'monthly' ? 'annual' : 'monthly';
  const switchPlan = useSubscriptionChange(subscriptionCalls.switchPlan);
  const reactivate = useSubscriptionChange(subscriptionCalls.reactivate);
  const portal = useMutation({
    mutationFn: subscriptionCalls.portal,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => showErrorToast(error, t('manage.portalFailed')),
  });
  return (
    <SettingsSection id="manage" title={t('manage.heading')}>
      {view.cancelAtPeriodEnd ? (
        <div className="flex flex-col gap-2">
          <p className="text-sm">{t('manage.reactivateHint', { date: periodEnd })}</p>
          <button
            type="button"
            className={buttonClass.primary}
            disabled={reactivate.isPending}
            onClick={() =>
              reactivate.mutate(undefined, {
                onSuccess: (next) => toast.success(t('manage.reactivated'), { description: t('manage.reactivatedBody', { date: format.date(next.periodEnd ?? '') }) }),
                onError: (error) => showErrorToast(error, t('manage.reactivateFailed')),
              })
            }
          >
            <Undo2 aria-hidden="true" className="size-4" />
            {t('manage.reactivate')}
          </button>
        </div>
      ) : (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-muted-foreground">{t('manage.switchHint', { date: periodEnd })}</p>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={switchPlan.isPending}
            onClick={() =>
              switchPlan.mutate(other, {
                onSuccess: () => toast.success(t('manage.switched'), { description: t('manage.switchedBody', { date: periodEnd, price: format.price(view.prices, other) }) }),
                onError: (error) => showErrorToast(error, t('manage.switchFailed')),
              })
            }
          >
            <ArrowLeftRight aria-hidden="true" className="size-4" />
            {t(`manage.switchTo.${other}`)}
          </button>
        </div>
      )}
      <div className="flex flex-wrap gap-2 border-t border-border pt-4">
        {view.canManageBilling ? (
          <button type="button" className={buttonClass.secondary} disabled={portal.isPending} onClick={() => portal.mutate()}>
            <CreditCard aria-hidden="true" className="size-4" />
            {t('manage.portal')}
          </button>
        ) : null}
        <button type="button" className={buttonClass.secondary} onClick={() => setEnding('downgrade')}>
          {t('manage.downgrade')}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={() => setEnding('cancel')}>
          {t('manage.cancel')}
        </button>
      </div>
      {ending ? <EndPremiumDialog kind={ending} view={view} format={format} onClose={() => setEnding(null)} /> : null}
    </SettingsSection>
  );
}
