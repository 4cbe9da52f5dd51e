import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { POINTS_BY_EVENT } from '../../../core/gamification/points.ts';
import { afterSubscriptionChange, useSubscriptionChange } from './subscription-api.ts';
import { subscriptionCalls } from './subscription-calls.ts';
import { showErrorToast } from '../../lib/error-toast.ts';

/** What the pricing page hands over after upgrading there with the local provider. */
type UpgradedState = { upgraded?: boolean; bonus?: boolean } | null;

/**
 * Back from the pricing page's upgrade (router state), or from Stripe Checkout (`?checkout=success&session_id=…` or `?checkout=cancelled`): the
 * session is applied at once, so the page shows Premium without waiting for the webhook,
 * and the address is cleaned so a reload does not repeat it.
 */
export function useCheckoutReturn() {
  const { t } = useTranslation('subscription');
  const [params, setParams] = useSearchParams();
  const confirm = useSubscriptionChange(subscriptionCalls.confirmCheckout);
  const handled = useRef(false);
  const outcome = params.get('checkout');
  const sessionId = params.get('session_id');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const upgraded = (location.state as UpgradedState)?.upgraded === true;
  const bonus = (location.state as UpgradedState)?.bonus === true;

  useEffect(() => {
    if (!upgraded) return;
    void navigate(location.pathname, { replace: true, state: null });
    void afterSubscriptionChange(queryClient);
    toast.success(t('upgrade.success'), { description: bonus ? t('upgrade.successBonus', { points: POINTS_BY_EVENT['upgrade-bonus'] }) : t('upgrade.successBody') });
  }, [upgraded, bonus, navigate, location.pathname, queryClient, t]);

  useEffect(() => {
    if (handled.current || !outcome) return;
    handled.current = true;
    setParams({}, { replace: true });
    if (outcome === 'cancelled') {
      toast.info(t('checkout.cancelled'), { description: t('checkout.cancelledBody') });
    } else if (outcome === 'success' && sessionId) {
      confirm.mutate(sessionId, {
        onSuccess: () => toast.success(t('upgrade.success'), { description: t('upgrade.successBody') }),
        onError: (error) => showErrorToast(error, t('upgrade.failed')),
      });
    }
  }, [outcome, sessionId, confirm, setParams, t]);

  return { confirming: confirm.isPending };
}
