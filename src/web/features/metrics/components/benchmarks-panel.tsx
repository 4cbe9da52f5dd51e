import { Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BENCHMARK_METRIC_KEYS } from '../../../../core/metrics/benchmarks.ts';
import { useBenchmarks } from '../api/metrics-api.ts';
import { UpgradePrompt } from './upgrade-prompt.tsx';

/** Where the founder ranks among anonymous peers (tier 2); only with 5 or more peers. */
export function BenchmarksPanel({ premium }: { premium: boolean }) {
  const { t } = useTranslation('metrics');
  const benchmarks = useBenchmarks(premium);
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
          <UpgradePrompt feature="benchmarks" />
        ) : benchmarks.isPending ? (
          <p className="text-sm text-muted-foreground">{t('loading')}</p>
        ) : benchmarks.isError ? (
          <p className="text-sm text-destructive">{t('benchmarks.error')}</p>
        ) : benchmarks.data.metrics === null ? (
          <p className="text-sm text-muted-foreground">{t(`benchmarks.reason.${benchmarks.data.reason ?? 'too-few-peers'}`, { count: benchmarks.data.minPeers })}</p>
        ) : (
          <>
            <p className="text-sm">{t(`benchmarks.scope.${benchmarks.data.scope}`, { count: benchmarks.data.peers ?? 0 })}</p>
            <ul className="mt-3 grid gap-3 sm:grid-cols-2">
              {BENCHMARK_METRIC_KEYS.map((key) => {
                const value = benchmarks.data.metrics?.[key];
                if (!value) return null;
                return (
                  <li key={key}>
                    <div className="flex justify-between text-sm">
                      <span>{t(`metrics.${key}`)}</span>
                      <span className="tabular-nums">{t('benchmarks.betterThan', { value: value.betterThan })}</span>
                    </div>
                    <div className="mt-1 h-2 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                      <div className="h-full bg-primary" style={{ width: `${value.betterThan}%` }} />
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
