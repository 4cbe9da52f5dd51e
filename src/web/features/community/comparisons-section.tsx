import { useTranslation } from 'react-i18next';
import { BENCHMARK_BANDS, BENCHMARK_METRIC_KEYS } from '../../../core/metrics/benchmarks.ts';
import { UpgradePrompt } from '../subscription/index.ts';
import { useBenchmarks } from '../metrics/index.ts';
import { cn } from '../../lib/cn.ts';
import { CommunitySection } from './member-name.tsx';

/**
 * Tier 2: the founder's key metrics against anonymous peers of their phase, as bands
 * (the metrics feature's k ≥ 5 daily snapshot: only bands leave the server).
 */
export function ComparisonsSection({ premium }: { premium: boolean }) {
  const { t } = useTranslation(['community', 'metrics']);
  const benchmarks = useBenchmarks(premium);
  const data = benchmarks.data;
  return (
    <CommunitySection id="community-comparisons" title={t('comparisons.title')} intro={t('comparisons.intro')}>
      {!premium ? (
        <UpgradePrompt title={t('comparisons.upgradeTitle')} body={t('comparisons.upgradeBody')} />
      ) : benchmarks.isError ? (
        <p className="text-sm text-destructive">{t('error')}</p>
      ) : !data ? (
        <p role="status" className="text-sm text-muted-foreground">{t('loading')}</p>
      ) : data.metrics === null ? (
        <p className="text-sm text-muted-foreground">{t(`metrics:benchmarks.reason.${data.reason ?? 'too-few-peers'}`, { count: data.minPeers })}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="comparisons">
          {BENCHMARK_METRIC_KEYS.map((key) => {
            const value = data.metrics?.[key];
            if (!value) return null;
            return (
              <li key={key}>
                <div className="flex justify-between gap-2 text-sm">
                  <span>{t(`metrics:metrics.${key}`)}</span>
                  <span className="font-medium">{t(`metrics:benchmarks.band.${value.band}`)}</span>
                </div>
                <div className="mt-1 flex h-2 gap-0.5 overflow-hidden rounded-full" aria-hidden="true">
                  {BENCHMARK_BANDS.map((band) => (
                    <div key={band} className={cn('h-full flex-1', band === value.band ? 'bg-primary' : 'bg-muted')} />
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </CommunitySection>
  );
}
