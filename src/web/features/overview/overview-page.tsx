import { ArrowRight, BarChart3, Compass, ListChecks, MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cashOutDate } from '../../../core/metrics/cash-out.ts';
import type { HistoryMetric } from '../../../core/metrics/history-needs.ts';
import { formatDay, weekStartDay } from '../../../core/metrics/week-label.ts';
import { HTML_LANG } from '../../../core/i18n/language.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { cn } from '../../lib/cn.ts';
import { useSession } from '../../lib/auth-client.ts';
import { METRIC_UNITS, metricFormatter, targetSign } from '../../lib/metric-format.ts';
import { useMetricText } from '../../lib/metric-text.ts';
import { numberStyleOf } from '../../lib/number-style.ts';
import { useMe } from '../../lib/get-me.ts';
import { ChangeChips } from '../metrics/index.ts';
import { ReferralNotices } from '../referrals/index.ts';
import { daysLeft } from '../../../core/subscription/billing-dates.ts';
import { AchievementsSummary } from './achievements-summary.tsx';
import { InsightCards } from './insight-cards.tsx';
import { useActiveTasks, useMetricsSummary, useStrategy } from './api/resources.ts';
import { OverviewCard, SkeletonTiles, cardState } from './card.tsx';
import { TARGETS, type TargetStatus, type TargetedMetric } from '../../../core/metrics/targets.ts';

type KeyMetric = 'mrr' | TargetedMetric;
/** The key metrics, each in its dashboard unit: written exactly as the Metrics page writes them (decision 113). */
const KEY_METRICS: readonly KeyMetric[] = ['mrr', 'runwayWeeks', 'churnRate', 'ndr', 'ltvToCac', 'paybackWeeks'];
/** The colour is a dot and a border; the text stays the foreground colour, so it always reads. */
const STATUS_COLOUR: Record<TargetStatus, { border: string; dot: string }> = {
  on: { border: 'border-primary', dot: 'bg-primary' },
  near: { border: 'border-highlight', dot: 'bg-highlight' },
  off: { border: 'border-destructive', dot: 'bg-destructive' },
};

/** The Overview (docs/product.md#overview): who, what's next, and how the startup is doing. */
export function OverviewPage() {
  const { t } = useTranslation(['overview', 'profile']);
  const me = useMe(useSession().data?.user.id).data;
  const name = me?.nickname ?? me?.fullName;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{name ? t('greeting.named', { name }) : t('greeting.anonymous')}</h1>
        {me?.startupName || me?.startupPhase ? (
          <p className="mt-1 text-muted-foreground">
            {[me.startupName, me.startupPhase ? t(`profile:options.phase.${me.startupPhase}`) : null].filter(Boolean).join(' · ')}
          </p>
        ) : null}
        {me?.isInTrial && me.trialEndsAt ? (
          <p className="mt-1 text-sm" data-testid="trial-days-left">
            <Link to="/subscription" className="underline underline-offset-4">
              {t('trial.daysLeft', { count: daysLeft(new Date(me.trialEndsAt), new Date()) })}
            </Link>
          </p>
        ) : null}
      </header>
      <ReferralNotices />
      <NextBestActions />
      <InsightCards />
      <div className="grid gap-4 md:grid-cols-2">
        <KeyMetricsCard />
        <ActiveTasksCard />
        <StrategyCard />
        <AchievementsSummary title={t('achievements.overviewTitle')} />
      </div>
      <ReportsLinks />
    </div>
  );
}

/** The founder reports (docs/reports.md): the investor update and the runway scenarios. */
const REPORT_LINKS = [
  { key: 'updates', to: '/reports' },
  { key: 'scenarios', to: '/metrics/scenarios' },
] as const;

function ReportsLinks() {
  const { t } = useTranslation('reports');
  return (
    <nav aria-label={t('overview.title')} className="grid gap-2 sm:grid-cols-2">
      {REPORT_LINKS.map(({ key, to }) => (
        <Link key={key} to={to} className="flex items-center gap-3 rounded-md border border-border bg-card p-3 hover:ring-2 hover:ring-primary focus-visible:outline-2 focus-visible:outline-ring">
          <span className="flex-1">
            <span className="block font-medium">{t(`overview.${key}.label`)}</span>
            <span className="block text-sm text-muted-foreground">{t(`overview.${key}.body`)}</span>
          </span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ))}
    </nav>
  );
}

/** While data is missing: record the first week, create the first task, define the strategy, talk to the mentor. */
function NextBestActions() {
  const { t } = useTranslation('overview');
  const metrics = useMetricsSummary();
  const tasks = useActiveTasks();
  const strategy = useStrategy();
  // Only what is known to be missing: a card still loading or failing says so itself.
  const missing = {
    metrics: metrics.data !== undefined && !metrics.data.latest,
    task: tasks.data !== undefined && tasks.data.length === 0,
    strategy: strategy.data !== undefined && !strategy.data.statement,
  };
  const actions = [
    { key: 'metrics', to: '/metrics', icon: BarChart3, show: missing.metrics },
    { key: 'task', to: '/high-performance-tasks', icon: ListChecks, show: missing.task },
    { key: 'strategy', to: '/strategy-builder', icon: Compass, show: missing.strategy },
    { key: 'mentor', to: '/talk-rumbo', icon: MessageCircle, show: missing.metrics || missing.task || missing.strategy },
  ].filter((action) => action.show);
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="next-actions-title" className="rounded-lg border border-primary/40 bg-accent p-5 text-accent-foreground">
      <h2 id="next-actions-title" className="text-base font-semibold">
        {t('next.title')}
      </h2>
      <p className="mt-1 text-sm">{t('next.body')}</p>
      <ul className="mt-4 grid gap-2 sm:grid-cols-2">
        {actions.map(({ key, to, icon: Icon }) => (
          <li key={key}>
            <Link to={to} className="flex items-center gap-3 rounded-md bg-card p-3 text-card-foreground hover:ring-2 hover:ring-primary focus-visible:outline-2 focus-visible:outline-ring">
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span className="flex-1">
                <span className="block font-medium">{t(`next.actions.${key}.label`)}</span>
                <span className="block text-sm text-muted-foreground">{t(`next.actions.${key}.body`)}</span>
              </span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function KeyMetricsCard() {
  const { t } = useTranslation('overview');
  const summary = useMetricsSummary();
  const numbers = numberStyleOf(useMe(useSession().data?.user.id).data);
  // Values and targets read as on Metrics: one number format per locale (src/web/lib/metric-text.ts).
  const metricText = useMetricText(numbers);
  const language = currentLanguage();
  const latest = summary.data?.latest;
  const cashOut = latest ? cashOutDate(latest, latest.runwayWeeks) : null;
  return (
    <OverviewCard
      id="metrics"
      title={t('metrics.title')}
      state={cardState(summary, !latest)}
      onRetry={() => void summary.refetch()}
      empty={<EmptyWithLink text={t('metrics.empty')} to="/metrics" label={t('next.actions.metrics.label')} />}
      skeleton={
        <>
          <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
          <SkeletonTiles count={KEY_METRICS.length} className="mt-2 grid grid-cols-2 gap-3" tileClassName="h-[10.5rem] md:h-[8.75rem]" />
        </>
      }
    >
      {latest ? (
        <>
          <p className="text-xs text-muted-foreground">{t('metrics.week', { date: weekStartDay(latest, language) })}</p>
          <dl className="mt-2 grid grid-cols-2 gap-3">
            {KEY_METRICS.map((key) => {
              const unit = METRIC_UNITS[key];
              // A metric short of its history shows how many weeks it needs, not a badge (decision 112).
              const missingWeeks = summary.data?.needsWeeks?.[key as HistoryMetric];
              const status = key === 'mrr' || missingWeeks ? null : (summary.data?.statuses?.[key] ?? null);
              const notBurning = key === 'runwayWeeks' && latest.runwayStatus === 'not-burning';
              const value = metricFormatter(unit, numbers)(latest[key]);
              return (
                <div key={key} className="rounded-md bg-muted p-3" data-metric={key}>
                  <dt className="text-xs text-muted-foreground">{t(`metrics.names.${key}`)}</dt>
                  <dd className={cn('mt-1 text-lg font-semibold tabular-nums', missingWeeks && 'text-muted-foreground')}>
                    {notBurning ? t('metrics.notBurning') : unit === 'multiple' ? metricText(key, latest[key]) : value}
                  </dd>
                  {status ? (
                    <dd className={cn('mt-1 inline-flex items-center gap-1.5 rounded border px-1.5 py-0.5 text-xs font-medium', STATUS_COLOUR[status].border)}>
                      <span aria-hidden="true" className={cn('size-2 rounded-full', STATUS_COLOUR[status].dot)} />
                      {t(`metrics.status.${status}`)} · {targetSign(TARGETS[key as TargetedMetric])} {metricText(key, TARGETS[key as TargetedMetric].threshold)}
                    </dd>
                  ) : null}
                  {/* What changed this week: against the week before, as Metrics computes it. */}
                  {summary.data && !notBurning ? (
                    <dd>
                      <ChangeChips metric={key} series={summary.data.series} numbers={numbers} spans={[1]} />
                    </dd>
                  ) : null}
                  {missingWeeks ? <dd className="mt-1 text-xs text-muted-foreground">{t('metrics.needsWeeks', { count: missingWeeks })}</dd> : null}
                  {key === 'runwayWeeks' && cashOut ? (
                    <dd className="mt-1 text-xs">{t(cashOut.beyondHorizon ? 'metrics.cashOutBeyond' : 'metrics.cashOut', { date: formatDay(cashOut.date, language) })}</dd>
                  ) : null}
                </div>
              );
            })}
          </dl>
        </>
      ) : null}
    </OverviewCard>
  );
}

function ActiveTasksCard() {
  const { t } = useTranslation('overview');
  const query = useActiveTasks();
  const tasks = [...(query.data ?? [])].sort((a, b) => b.iceTotal - a.iceTotal).slice(0, 5);
  const format = new Intl.NumberFormat(HTML_LANG[currentLanguage()], { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <OverviewCard
      id="tasks"
      title={t('tasks.title')}
      state={cardState(query, tasks.length === 0)}
      onRetry={() => void query.refetch()}
      empty={<EmptyWithLink text={t('tasks.empty')} to="/high-performance-tasks" label={t('next.actions.task.label')} />}
      skeleton={<SkeletonTiles count={3} className="flex flex-col gap-2" tileClassName="h-[3.25rem] md:h-[2.75rem]" />}
    >
      <ol className="flex flex-col gap-2">
        {tasks.map((task) => (
          <li key={task.id} className="flex items-start gap-3 rounded-md bg-muted p-3">
            <span className="shrink-0 rounded bg-primary px-1.5 py-0.5 text-xs font-semibold tabular-nums text-primary-foreground">
              {t('tasks.ice', { value: format.format(task.iceTotal) })}
            </span>
            <span className="text-sm">{task.hypothesis}</span>
          </li>
        ))}
      </ol>
    </OverviewCard>
  );
}

function StrategyCard() {
  const { t } = useTranslation('overview');
  const strategy = useStrategy();
  const statement = strategy.data?.statement;
  return (
    <OverviewCard
      id="strategy"
      title={t('strategy.title')}
      state={cardState(strategy, !statement)}
      onRetry={() => void strategy.refetch()}
      empty={<EmptyWithLink text={t('strategy.empty')} to="/strategy-builder" label={t('next.actions.strategy.label')} />}
      skeleton={
        <>
          <div className="h-12 animate-pulse rounded bg-muted" />
          <div className="mt-2 h-4 w-1/4 animate-pulse rounded bg-muted" />
        </>
      }
    >
      <blockquote className="border-l-4 border-primary pl-3 text-sm">{statement}</blockquote>
      {strategy.data?.version ? <p className="mt-2 text-xs text-muted-foreground">{t('strategy.version', { version: strategy.data.version })}</p> : null}
    </OverviewCard>
  );
}

function EmptyWithLink({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <div className="flex flex-col items-start gap-2">
      <p>{text}</p>
      <Link to={to} className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
        {label}
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </div>
  );
}
