import { useTranslation } from 'react-i18next';
import { UpgradePrompt as SharedUpgradePrompt } from '../../../components/upgrade-prompt.tsx';

/** What a tier-1 founder sees instead of a tier-2 metrics feature (docs/product.md#tiers-and-trial). */
export function UpgradePrompt({ feature, onDismiss }: { feature: 'history' | 'import' | 'benchmarks'; onDismiss?: () => void }) {
  const { t } = useTranslation('metrics');
  return (
    <SharedUpgradePrompt
      title={t(`upgrade.${feature}.title`)}
      body={t(`upgrade.${feature}.body`)}
      cta={t('upgrade.cta')}
      dismiss={onDismiss ? { label: t('upgrade.dismiss'), onDismiss } : undefined}
    />
  );
}
