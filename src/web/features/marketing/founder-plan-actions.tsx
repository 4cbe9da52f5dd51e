import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Plan } from '../../../core/subscription/plans.ts';
import type { SubscriptionView } from '../subscription/index.ts';
import { CTA_CLASS } from './cta-class.ts';

/**
 * The signed-in founder's plan on the public pricing page, or null for a visitor. The calls
 * load only when asked, after the page is shown, so the prerendered page stays as light as it is.
 */
export function useSignedInPlan(enabled: boolean): SubscriptionView | null {
  const [view, setView] = useState<SubscriptionView | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    import('../subscription/index.ts')
      .then(({ subscriptionIfSignedIn }) => subscriptionIfSignedIn())
      // Unreachable or signed out: the visitor's buttons (sign up) stay.
      .then((found) => current && setView(found), () => undefined);
    return () => {
      current = false;
    };
  }, [enabled]);
  return view;
}

const CURRENT_CLASS = 'mt-6 inline-flex min-h-11 items-center justify-center rounded-lg border border-dashed border-border px-4 text-sm font-medium text-muted-foreground';

/** Free's button for a founder: theirs already (with the trial's days left), or the way to manage Premium. */
export function FounderFreeAction({ view }: { view: SubscriptionView }) {
  const { t } = useTranslation('marketing');
  if (view.phase === 'premium') {
    return (
      <Link to="/subscription" className={CTA_CLASS.secondary}>
        {t('pricing.founder.manage')}
      </Link>
    );
  }
  return (
    <>
      <p className={CURRENT_CLASS}>{t('pricing.founder.current')}</p>
      {view.phase === 'trialing' ? <p className="mt-2 text-center text-sm">{t('pricing.founder.trial', { count: view.trialDaysLeft })}</p> : null}
    </>
  );
}

/** Premium's button for a founder: upgrade on this plan, or theirs already, or the way to change it. */
export function FounderPremiumAction({ view, plan }: { view: SubscriptionView; plan: Plan }) {
  const { t } = useTranslation('marketing');
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (view.phase === 'premium' && view.plan === plan && !view.cancelAtPeriodEnd) return <p className={CURRENT_CLASS}>{t('pricing.founder.current')}</p>;
  if (view.phase === 'premium' && view.plan !== null) {
    return (
      <Link to="/subscription" className={CTA_CLASS.primary}>
        {t('pricing.founder.manage')}
      </Link>
    );
  }

  async function onUpgrade() {
    setPending(true);
    setError(null);
    const [{ upgrade }, { errorMessage }] = await Promise.all([import('../subscription/index.ts'), import('../../lib/error-message.ts')]);
    try {
      const { redirectUrl, subscription } = await upgrade(plan);
      // With Stripe the browser is on its way to Checkout.
      if (!redirectUrl) navigate('/subscription', { state: { upgraded: true, bonus: !view.upgradeBonus.awarded && subscription.upgradeBonus.awarded } });
    } catch (failure) {
      setPending(false);
      setError(errorMessage(failure));
    }
  }

  return (
    <>
      <button type="button" className={CTA_CLASS.primary} disabled={pending} onClick={() => void onUpgrade()}>
        {pending ? t('pricing.founder.upgrading') : t('pricing.founder.upgrade')}
      </button>
      {error ? (
        <div role="alert" className="mt-2 text-sm text-destructive">
          <p className="font-medium">{t('pricing.founder.failed')}</p>
          <p>{error}</p>
        </div>
      ) : null}
    </>
  );
}
