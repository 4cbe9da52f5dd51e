import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TelemetryRange } from '../../../../core/admin/telemetry.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';
import { intlLocale } from '../../../lib/format.ts';
import { AdminSection } from '../admin-section.tsx';
import { ListState } from '../list-state.tsx';
import { AXIS_TICK, TOOLTIP_STYLE } from '../../../components/chart-style.ts';

const RANGES: readonly TelemetryRange[] = ['hour', 'day'];
/** The charts refresh with each new sample (one a minute). */
const REFRESH_MS = 60_000;

/** GET /api/admin/telemetry: the server's answer (the charts and the model provider), as JSON. */
type TelemetryChart = ApiAnswer<'GET /api/admin/telemetry'>;
type ProviderStatus = NonNullable<TelemetryChart['provider']>;
type TelemetryPoint = TelemetryChart['points'][number];

type Series = { key: keyof TelemetryPoint; title: string };

function TelemetryLine({ points, series }: { points: (TelemetryPoint & { time: string })[]; series: Series }) {
  return (
    <section className="rounded-lg border border-border p-4">
      <h3 className="font-medium">{series.title}</h3>
      <figure className="mt-3 h-40 w-full" aria-label={series.title}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" />
            <XAxis dataKey="time" tick={AXIS_TICK} minTickGap={32} />
            <YAxis allowDecimals={false} tick={AXIS_TICK} width={48} />
            <Tooltip contentStyle={TOOLTIP_STYLE} />
            <Line dataKey={series.key} name={series.title} stroke="var(--primary)" dot={false} isAnimationActive={false} connectNulls />
          </LineChart>
        </ResponsiveContainer>
      </figure>
    </section>
  );
}

/** The model provider's circuit breaker (decision 268): answering, or the offline mentor until when. */
function ProviderPanel({ provider, clock }: { provider: ProviderStatus | null; clock: Intl.DateTimeFormat }) {
  const { t } = useTranslation('admin');
  const at = (iso: string | null) => (iso ? clock.format(new Date(iso)) : '');
  return (
    <section aria-labelledby="telemetry-provider" className="mt-4 rounded-lg border border-border p-4">
      <h3 id="telemetry-provider" className="font-medium">
        {t('telemetry.providerTitle')}
      </h3>
      {provider ? (
        <>
          <p className="mt-1 text-sm" data-state={provider.state}>
            {t(`telemetry.providerState.${provider.state}`, { model: provider.model, time: at(provider.retryAt) })}
          </p>
          {provider.consecutiveFailures > 0 && (
            <p className="mt-1 text-sm text-muted-foreground">
              {t('telemetry.providerFailures', { count: provider.consecutiveFailures, time: at(provider.lastFailureAt), reason: provider.lastFailure })}
            </p>
          )}
        </>
      ) : (
        <p className="mt-1 text-sm">{t('telemetry.providerNone')}</p>
      )}
    </section>
  );
}

/**
 * /admin/telemetry: this server's requests, errors, latency, job runs and memory over the last
 * hour or day (docs/decisions/189-telemetry.md). Prometheus reads the full figures at /metrics.
 */
export function TelemetryPage() {
  const { t, i18n } = useTranslation('admin');
  const [range, setRange] = useState<TelemetryRange>('hour');
  const chart = useQuery({
    queryKey: ['admin', 'telemetry', range],
    queryFn: () => api('GET /api/admin/telemetry', { query: { range } }),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const clock = new Intl.DateTimeFormat(intlLocale(i18n.language), { hour: '2-digit', minute: '2-digit' });
  const series: Series[] = [
    { key: 'requests', title: t('telemetry.requests') },
    { key: 'errors', title: t('telemetry.errors') },
    { key: 'p95Ms', title: t('telemetry.p95') },
    { key: 'jobRuns', title: t('telemetry.jobRuns') },
    { key: 'memoryMb', title: t('telemetry.memory') },
  ];
  return (
    <AdminSection id="admin-telemetry" title={t('telemetry.title')} intro={t('telemetry.intro')}>
      <div role="group" aria-label={t('telemetry.range')} className="mt-4 flex gap-2">
        {RANGES.map((option) => (
          <button key={option} type="button" aria-pressed={range === option} onClick={() => setRange(option)} className={range === option ? buttonClass.primary : buttonClass.secondary}>
            {t(`telemetry.ranges.${option}`)}
          </button>
        ))}
      </div>
      <ListState query={chart} area="telemetry" isEmpty={(data) => data.points.length === 0}>
        {(data) => {
          const points = data.points.map((point) => ({ ...point, time: clock.format(new Date(point.at)) }));
          const failures = data.points.reduce((sum, point) => sum + point.jobFailures, 0);
          return (
            <>
              <ProviderPanel provider={data.provider} clock={clock} />
              <p className="mt-4 text-sm">{t('telemetry.jobFailures', { count: failures })}</p>
              <div className="mt-4 grid gap-4 md:grid-cols-2">
                {series.map((item) => (
                  <TelemetryLine key={item.key} points={points} series={item} />
                ))}
              </div>
            </>
          );
        }}
      </ListState>
    </AdminSection>
  );
}
