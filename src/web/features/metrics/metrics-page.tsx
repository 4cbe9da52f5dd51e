import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { CreditCard, Download, Upload } from 'lucide-react';
import { lazy, memo, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EDITABLE_RECENT_WEEKS, isHistoricalWeek } from '../../../core/metrics/editing-window.ts';
import { compareWeeks, formatWeek, isoWeekOf, type WeekKey, weekFromIndex, weekIndex } from '../../../core/metrics/iso-week.ts';
import type { WeekRecord } from '../../../core/metrics/week-record.ts';
import { PREMIUM_TIER } from '../../../core/subscription/trial.ts';
import { useSession } from '../../lib/auth-client.ts';
import { useMe } from '../../lib/get-me.ts';
import { UpgradePrompt } from '../subscription/index.ts';
import { EXPORT_URL, useSummary, useWeeks } from './metrics-api.ts';
import { BenchmarksPanel } from './components/benchmarks-panel.tsx';
import { EmptyState } from './components/empty-state.tsx';
import { MetricCards } from './components/metric-cards.tsx';
import { useDates } from './dates.ts';
import type { NumberStyle } from '../../lib/number-style.ts';
import { useNumberStyle } from '../../lib/use-number-style.ts';
import { useNearViewport } from '../../lib/use-near-viewport.ts';
import { useAfterFirstPaint } from '../../lib/use-after-first-paint.ts';

/** recharts is the heaviest library here: the cards and the form render before it arrives. */
const TrendChart = lazy(async () => ({ default: (await import('./components/trend-chart.tsx')).TrendChart }));
const MrrMovementsChart = lazy(async () => ({ default: (await import('./components/mrr-movements-chart.tsx')).MrrMovementsChart }));
/**
 * The week form, the history table and the dialogs validate with the shared schemas (zod) and
 * parse CSV (papaparse): they load with the page's data or when first opened, so the first
 * screen of /metrics (and of /overview, which shares the signed-in chunk) waits for neither.
 */
const WeekForm = lazy(async () => ({ default: (await import('./components/week-form.tsx')).WeekForm }));
const HistoryTable = lazy(async () => ({ default: (await import('./components/history-table.tsx')).HistoryTable }));
const ImportDialog = lazy(async () => ({ default: (await import('./components/import-dialog.tsx')).ImportDialog }));
const PastWeekDialog = lazy(async () => ({ default: (await import('./components/past-week-dialog.tsx')).PastWeekDialog }));
const StripeImportDialog = lazy(async () => ({ default: (await import('./components/stripe-import-dialog.tsx')).StripeImportDialog }));
const formSkeleton = <div className="h-[36rem] animate-pulse rounded-xl bg-muted" />;

/** True once `open` has been: a dialog's code loads when first opened, and it stays mounted after. */
function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The charts' own height (phone and wide), so the form below does not move when they arrive. */
const chartSkeleton = <div className="h-[31.5rem] animate-pulse rounded-xl bg-muted sm:h-[28rem]" />;

/**
 * The charts, once their place comes near the screen: on a phone they sit below the eight cards,
 * and drawing them (and fetching recharts) would hold up the page's first screen (decision 231).
 * Memoised like the cards: the page's own state (the form after the first paint) leaves them alone.
 */
const Charts = memo(function Charts({ records, numbers }: { records: WeekRecord[]; numbers: NumberStyle }) {
  const place = useRef<HTMLDivElement>(null);
  const near = useNearViewport(place, '300px');
  return (
    <div ref={place} className="flex flex-col gap-6">
      {near ? (
        <>
          <Suspense fallback={chartSkeleton}>
            <TrendChart numbers={numbers} />
          </Suspense>
          <Suspense fallback={chartSkeleton}>
            <MrrMovementsChart records={records} numbers={numbers} />
          </Suspense>
        </>
      ) : (
        <>
          {chartSkeleton}
          {chartSkeleton}
        </>
      )}
    </div>
  );
});

/** Brings the week form into view with its week chosen, for the keyboard as for the eye. */
function showWeekForm() {
  requestAnimationFrame(() => {
    const form = document.getElementById('week-form');
    form?.scrollIntoView({ block: 'start' });
    form?.querySelector('select')?.focus({ preventScroll: true });
  });
}

/** /metrics: the founder's instrument panel (docs/product.md#metrics-dashboard). */
export function MetricsPage() {
  const { t } = useTranslation('metrics');
  const session = useSession();
  const me = useMe(session.data?.user.id);
  const weeks = useWeeks();
  const summary = useSummary();
  const dates = useDates();
  const [importOpen, setImportOpen] = useState(false);
  const [pastWeekOpen, setPastWeekOpen] = useState(false);
  const [upgrade, setUpgrade] = useState<'history' | 'import' | 'stripe' | null>(null);
  const [stripeOpen, setStripeOpen] = useState(false);
  const importOpened = useOpenedOnce(importOpen);
  const pastWeekOpened = useOpenedOnce(pastWeekOpen);
  const stripeOpened = useOpenedOnce(stripeOpen);
  // The week form, the benchmarks and the history (zod, the form's modules) load once the first
  // screen, cards first, is on screen, not with it (decision 233).
  const painted = useAfterFirstPaint();

  // One object while the founder's profile and language stay the same, so the memoised cards and charts are not drawn again.
  const numbers = useNumberStyle();
  const premium = (me.data?.effectiveUserTier ?? 1) >= PREMIUM_TIER;
  const now = new Date();
  const thisWeek = isoWeekOf(now);
  // The form records this week by default; the 3 before it can be caught up too (decision 041),
  // and any earlier week chosen with "Add a past week".
  const [formWeekIndex, setFormWeekIndex] = useState(weekIndex(thisWeek));
  const recentIndexes = Array.from({ length: EDITABLE_RECENT_WEEKS }, (_, back) => weekIndex(thisWeek) - back);
  const weekChoices = [...new Set([...recentIndexes, formWeekIndex])].sort((a, b) => b - a).map(weekFromIndex);
  const formWeek = weekFromIndex(formWeekIndex);
  const isLocked = (key: WeekKey) => !premium && isHistoricalWeek(key, now);
  const openImport = () => (premium ? setImportOpen(true) : setUpgrade('import'));
  const openStripe = () => (premium ? setStripeOpen(true) : setUpgrade('stripe'));
  const pickPastWeek = (key: WeekKey) => {
    if (isLocked(key)) return setUpgrade('history');
    setFormWeekIndex(weekIndex(key));
    showWeekForm();
  };

  const records: WeekRecord[] = weeks.data ?? [];
  const existing = records.find((record) => compareWeeks(record, formWeek) === 0);
  const previous = records.find((record) => compareWeeks(record, formWeek) < 0);
  const hasWeeks = records.length > 0;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('title')}</h1>
          <p className="mt-1 text-muted-foreground">{t('subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={openImport} className={buttonClass.compact}>
            <Upload aria-hidden="true" className="size-4" />
            {t('actions.import')}
          </button>
          <button type="button" onClick={openStripe} className={buttonClass.compact}>
            <CreditCard aria-hidden="true" className="size-4" />
            {t('actions.stripe')}
          </button>
          {hasWeeks && (
            <a href={EXPORT_URL} download="rumbo-metrics.csv" className={buttonClass.compact}>
              <Download aria-hidden="true" className="size-4" />
              {t('actions.export')}
            </a>
          )}
        </div>
      </header>

      {upgrade && <UpgradePrompt title={t(`upgrade.${upgrade}.title`)} body={t(`upgrade.${upgrade}.body`)} onDismiss={() => setUpgrade(null)} />}

      {weeks.isPending || summary.isPending ? (
        <div role="status" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <span className="sr-only">{t('loading')}</span>
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="h-28 animate-pulse rounded-xl bg-muted" />
          ))}
        </div>
      ) : weeks.isError || summary.isError ? (
        <div role="alert" className="rounded-xl border border-destructive/40 p-6">
          <p className="font-medium">{t('loadError')}</p>
          <button
            type="button"
            onClick={() => {
              void weeks.refetch();
              void summary.refetch();
            }}
            className={cn(buttonClass.compact, 'mt-3')}
          >
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          {!hasWeeks || !summary.data.latest ? (
            <EmptyState numbers={numbers} onImport={openImport} />
          ) : (
            <>
              <section aria-labelledby="cards-title">
                <h2 id="cards-title" className="sr-only">
                  {t('cards.title')}
                </h2>
                <p className="mb-3 text-sm text-muted-foreground">{t('cards.asOf', { week: dates.weekStart(summary.data.latest) })}</p>
                <MetricCards
                  snapshot={summary.data.latest}
                  statuses={summary.data.statuses}
                  series={summary.data.series}
                  needsWeeks={summary.data.needsWeeks}
                  numbers={numbers}
                />
              </section>
              <Charts records={records} numbers={numbers} />
            </>
          )}
          <div id="week-form" className="scroll-mt-6">
            {painted ? (
              <Suspense fallback={formSkeleton}>
                <WeekForm
                  key={`${formatWeek(formWeek)}-${existing ? 'edit' : 'new'}-${previous ? formatWeek(previous) : 'none'}`}
                  week={formWeek}
                  weekChoices={weekChoices}
                  onWeekChange={(key) => setFormWeekIndex(weekIndex(key))}
                  onEarlierWeek={() => setPastWeekOpen(true)}
                  existing={existing}
                  previous={previous}
                  history={records}
                  numbers={numbers}
                />
              </Suspense>
            ) : (
              formSkeleton
            )}
          </div>
          {hasWeeks && painted && (
            <>
              <BenchmarksPanel premium={premium} locale={numbers.locale} />
              <Suspense fallback={null}>
                <HistoryTable weeks={records} numbers={numbers} isLocked={isLocked} onLocked={() => setUpgrade('history')} onAddPastWeek={() => setPastWeekOpen(true)} />
              </Suspense>
            </>
          )}
        </>
      )}
      <Suspense fallback={null}>
        {importOpened && <ImportDialog open={importOpen} onOpenChange={setImportOpen} numbers={numbers} />}
        {pastWeekOpened && <PastWeekDialog open={pastWeekOpen} onOpenChange={setPastWeekOpen} onPick={pickPastWeek} />}
        {stripeOpened && <StripeImportDialog open={stripeOpen} onOpenChange={setStripeOpen} numbers={numbers} />}
      </Suspense>
    </div>
  );
}
