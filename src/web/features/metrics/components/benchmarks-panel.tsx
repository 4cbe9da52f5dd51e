import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BENCHMARK_BANDS, BENCHMARK_METRIC_KEYS, type BenchmarkBand } from '../../../../core/metrics/benchmarks.ts';
import { cn } from '../../../lib/cn.ts';
import { useBenchmarks } from '../metrics-api.ts';
import { UpgradePrompt } from '../../subscription/index.ts';

/** The three bands as shares of the bar: a quarter, a half, a quarter. */
const BAND_WIDTHS: Record<BenchmarkBand, string> = { bottom: 'w-1/4', middle: 'w-1/2', top: 'w-1/4' };

/** Which quarter of their anonymous peers a founder is in (tier 2); only with 5 or more peers, from the daily snapshot. */
export function BenchmarksPanel({ premium, locale }: { premium: boolean; locale: string }) {
  const { t } = useTranslation('metrics');
  const benchmarks = useBenchmarks(premium);
  const asOf = benchmarks.data?.asOf ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(benchmarks.data.asOf)) : null;
  return (
    <section aria-labelledby="benchmarks-title" className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex items-center gap-2">
        <Users aria-hidden="true" className="size-5 text-muted-foreground" />
        <h2 id="benchmarks-title" className="text-lg font-semibold">
          {t('benchmarks.title')}
        </h2>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t('benchmarks.privacy')}</p>
      <div className="mt-4" aria-live="polite">
        {!premium ? (
          <UpgradePrompt title={t('upgrade.benchmarks.title')} body={t('upgrade.benchmarks.body')} />
        ) : benchmarks.isPending ? (
          <p className="text-sm text-muted-foreground">{t('loading')}</p>
        ) : benchmarks.isError ? (
          <p className="text-sm text-destructive">{t('benchmarks.error')}</p>
        ) : benchmarks.data.metrics === null ? (
          <p className="text-sm text-muted-foreground">{t(`benchmarks.reason.${benchmarks.data.reason ?? 'too-few-peers'}`, { count: benchmarks.data.minPeers })}</p>
        ) : (
          <>
            <p className="text-sm">
              {t(`benchmarks.scope.${benchmarks.data.scope}`, { count: benchmarks.data.peers ?? 0 })} {asOf && t('benchmarks.asOf', { date: asOf })}
            </p>
            <p className="mt-1 text-xs text-muted-foreground">{t('benchmarks.direction')}</p>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {BENCHMARK_METRIC_KEYS.map((key) => {
                const value = benchmarks.data.metrics?.[key];
                if (!value) return null;
                return (
                  <li key={key} data-metric={key}>
                    <div className="flex justify-between gap-2 text-sm">
                      <span>{t(`metrics.${key}`)}</span>
                      <span className="font-medium">{t(`benchmarks.band.${value.band}`)}</span>
                    </div>
                    <div className="mt-1 flex h-2 gap-0.5 overflow-hidden rounded-full" aria-hidden="true">
                      {BENCHMARK_BANDS.map((band) => (
                        <div key={band} className={cn('h-full', BAND_WIDTHS[band], band === value.band ? 'bg-primary' : 'bg-muted')} />
                      ))}
                    </div>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
