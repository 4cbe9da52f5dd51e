import { LineChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { computeSeries } from '../../../../core/metrics/formulas.ts';
import { weeksStillNeeded } from '../../../../core/metrics/history-needs.ts';
import { targetStatuses } from '../../../../core/metrics/targets.ts';
import type { WeekRecord } from '../../../../core/metrics/week-record.ts';
import { MetricCards } from './metric-cards.tsx';
import type { NumberStyle } from '../../../lib/number-style.ts';

/** Eight weeks of an invented seed-stage startup: what the dashboard will look like. */
const SAMPLE_WEEKS: WeekRecord[] = Array.from({ length: 8 }, (_, index) => ({
  year: 2026,
  week: 1 + index,
  newCustomers: 6 + index,
  marketingCosts: 1800,
  startingCustomers: 80 + index * 6,
  lostCustomers: 1,
  startingRevenue: 3600 + index * 260,
  churnedRevenue: 40,
  expansions: 120,
  downgrades: 20,
  weeklyCosts: 9500,
  weeklyRevenue: 3860 + index * 260,
  cashBalance: 420000 - index * 5600,
  dailyActiveUsers: 140 + index * 8,
  weeklyActiveUsers: 380 + index * 22,
  monthlyActiveUsers: 900 + index * 40,
  grossMarginPct: 78,
  arpu: 9.5,
  monthlyRevenue: null,
}));
const sampleSeries = computeSeries(SAMPLE_WEEKS);
const sample = sampleSeries.at(-1)!;
const sampleNeeds = weeksStillNeeded(SAMPLE_WEEKS);

/** Before the first week: what Rumbo will show, and the one step to get there. */
export function EmptyState({ numbers, onImport }: { numbers: NumberStyle; onImport: () => void }) {
  const { t } = useTranslation('metrics');
  return (
    <section aria-labelledby="empty-title" className="rounded-xl border border-dashed border-border p-4 sm:p-6">
      <div className="flex items-start gap-3">
        <LineChart aria-hidden="true" className="mt-1 size-6 shrink-0 text-primary" />
        <div>
          <h2 id="empty-title" className="text-lg font-semibold">
            {t('empty.title')}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{t('empty.body')}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a href="#week-form" className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground">
              {t('empty.firstStep')}
            </a>
            <button type="button" onClick={onImport} className="rounded-md border border-border px-4 py-2 text-sm">
              {t('empty.import')}
            </button>
          </div>
        </div>
      </div>
      <div className="relative mt-6">
        <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('empty.sample')}</p>
        <div className="pointer-events-none select-none">
          <MetricCards snapshot={sample} statuses={targetStatuses(sample)} series={sampleSeries} needsWeeks={sampleNeeds} numbers={numbers} sample />
        </div>
      </div>
    </section>
  );
}
