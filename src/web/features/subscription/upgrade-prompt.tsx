import { buttonClass } from '../../components/form/buttons.ts';
import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * What a founder below tier 2 sees instead of a Premium feature (docs/product.md#tiers-and-trial),
 * on every surface: what the feature is, and the way to the Subscription page. The server
 * refuses the same feature with 403 PREMIUM_REQUIRED.
 */
export function UpgradePrompt({ title, body, onDismiss }: { title: string; body: string; onDismiss?: () => void }) {
  const { t } = useTranslation('subscription');
  return (
    <div role="status" className="flex flex-wrap items-start gap-3 rounded-xl border border-highlight/50 bg-highlight/10 p-4">
      <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-highlight" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="mt-1 text-sm text-muted-foreground">{body}</p>
      </div>
      <div className="flex gap-2">
        <Link to="/subscription" className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground">
          {t('upgradePrompt.cta')}
        </Link>
        {onDismiss && (
          <button type="button" onClick={onDismiss} className={buttonClass.compact}>
            {t('upgradePrompt.dismiss')}
          </button>
        )}
      </div>
    </div>
  );
}
