import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * What a tier-1 founder sees instead of the reports (docs/product.md#tiers-and-trial): the
 * Metrics page's upgrade prompt, in this feature's words (a feature may not import another's).
 */
export function ReportsUpgradePrompt({ feature }: { feature: 'scenarios' | 'updates' }) {
  const { t } = useTranslation('reports');
  return (
    <div role="status" className="flex flex-wrap items-start gap-3 rounded-xl border border-highlight/50 bg-highlight/10 p-4">
      <Sparkles aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-highlight" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t(`upgrade.${feature}.title`)}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t(`upgrade.${feature}.body`)}</p>
      </div>
      <Link to="/pricing" className="rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground">
        {t('upgrade.cta')}
      </Link>
    </div>
  );
}
