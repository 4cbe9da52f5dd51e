import { buttonClass } from '../../../components/form/buttons.ts';
import { LineChart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MetricCards } from './metric-cards.tsx';
import { sample, sampleNeeds, sampleSeries, sampleStatuses } from '../sample-weeks.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';


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
            <button type="button" onClick={onImport} className={buttonClass.secondary}>
              {t('empty.import')}
            </button>
          </div>
        </div>
      </div>
      <div className="relative mt-6">
        <p className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t('empty.sample')}</p>
        <div className="pointer-events-none select-none">
          <MetricCards snapshot={sample} statuses={sampleStatuses} series={sampleSeries} needsWeeks={sampleNeeds} numbers={numbers} sample />
        </div>
      </div>
    </section>
  );
}
