import { useQuery } from '@tanstack/react-query';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import { TARGETS, type TargetedMetric } from '../../../core/metrics/targets.ts';
import { formatDay, weekStartDay } from '../../../core/metrics/week-label.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { type Insight, insightsQueryOptions } from '../insights/index.ts';
import { useSession } from '../../lib/auth-client.ts';
import { useMe } from '../../lib/get-me.ts';
import { useMetricText } from '../../lib/metric-text.ts';
import { numberStyleOf } from '../../lib/number-style.ts';
import { PREMIUM_TIER } from '../../../core/subscription/trial.ts';
import { UpgradePrompt } from '../subscription/index.ts';
import { OverviewCard, cardState } from './card.tsx';
import { useMetricsSummary } from './api/resources.ts';

/**
 * What stands out this week (docs/decisions/212-weekly-insights.md): at most three short
 * cards, each with its numbers as the dashboard writes them and an "Ask the mentor" chat
 * starter that opens the mentor with the question in its composer.
 */
export function InsightCards() {
  const { t } = useTranslation(['overview', 'metrics']);
  const me = useMe(useSession().data?.user.id);
  // Premium (the trial counts): a tier-1 founder is told what the card would say, not refused by the server.
  const premium = (me.data?.effectiveUserTier ?? 1) >= PREMIUM_TIER;
  const query = useQuery({ ...insightsQueryOptions(), enabled: premium });
  const metricText = useMetricText(numberStyleOf(me.data));
  const language = currentLanguage();
  const insights = query.data?.insights ?? [];
  const summary = useMetricsSummary();
  const name = (key: MetricKey) => t(`metrics:metrics.${key}`);

  // The cash-out day, said with the runway only when it falls within six months (decision 255).
  const cashOut = (day: string | undefined) => (day ? ` ${t('insights.cashOut', { date: formatDay(new Date(`${day}T00:00:00Z`), language) })}` : '');

  function sentence(insight: Insight): string {
    switch (insight.kind) {
      case 'runwayBelowTarget':
        return (
          (insight.from === null
            ? t('insights.runwayStarted', { to: metricText('runwayWeeks', insight.to), threshold: metricText('runwayWeeks', insight.threshold) })
            : t('insights.runwayBelowTarget', { from: metricText('runwayWeeks', insight.from), to: metricText('runwayWeeks', insight.to), threshold: metricText('runwayWeeks', insight.threshold) })) + cashOut(insight.cashOut)
        );
      case 'runwayUnderTarget':
        return t('insights.runwayUnderTarget', { to: metricText('runwayWeeks', insight.to), threshold: metricText('runwayWeeks', insight.threshold) }) + cashOut(insight.cashOut);
      case 'offTarget':
        return t('insights.offTarget', { metric: name(insight.metric), from: metricText(insight.metric, insight.from), to: metricText(insight.metric, insight.to), threshold: metricText(insight.metric, insight.threshold) });
      case 'stillOffTarget': {
        const values = { metric: name(insight.metric), to: metricText(insight.metric, insight.to), threshold: metricText(insight.metric, insight.threshold) };
        // "Four times the limit" reads for a metric that must stay under it (churn, payback); the others just say how far.
        return TARGETS[insight.metric as TargetedMetric].direction === 'below'
          ? t('insights.stillOverLimit', { ...values, times: metricText('ltvToCac', insight.times) })
          : t('insights.stillOffTarget', values);
      }
      case 'churnRising':
        return t('insights.churnRising', { values: insight.values.map((value) => metricText('churnRate', value)).join(' → ') });
      case 'cacJumped': {
        const values = insight.values.map((value) => metricText('cac', value));
        return t('insights.cacJumped', { to: values.at(-1), values: values.join(' → ') });
      }
      case 'growthStalled':
        return t('insights.growthStalled', { values: insight.values.map((value) => metricText('activeUsers', value)).join(' → ') });
      case 'taskMetricMoved':
        return t(insight.tone === 'good' ? 'insights.taskMovedGood' : 'insights.taskMovedBad', {
          metric: name(insight.metric),
          from: metricText(insight.metric, insight.from),
          to: metricText(insight.metric, insight.to),
          hypothesis: insight.hypothesis,
        });
      case 'weekNotRecorded':
        return t('insights.weekNotRecorded', { week: weekStartDay(insight.week, language), latest: weekStartDay(insight.latest, language) });
    }
  }

  // Before the first recorded week the next best actions already say what to do: no empty card beside them.
  if (summary.data && !summary.data.latest && insights.length === 0) return null;
  if (me.data && !premium) {
    return (
      <OverviewCard id="insights" title={t('insights.title')} state="ready">
        <UpgradePrompt title={t('insights.upgradeTitle')} body={t('insights.upgradeBody')} />
      </OverviewCard>
    );
  }
  return (
    <OverviewCard id="insights" title={t('insights.title')} state={cardState(query, insights.length === 0)} onRetry={() => void query.refetch()} empty={<p>{t('insights.empty')}</p>} skeleton={<div className="h-[3.75rem] animate-pulse rounded-md bg-muted md:h-5" />}>
      <ul className="grid gap-3 md:grid-cols-3">
        {insights.map((insight, index) => {
          const text = sentence(insight);
          return (
            <li key={`${insight.kind}-${index}`} data-insight={insight.kind} className="flex flex-col justify-between gap-3 rounded-md bg-muted p-3">
              <p className="text-sm">{text}</p>
              <Link
                to={`/talk-rumbo?ask=${encodeURIComponent(t('insights.question', { insight: text }))}`}
                className="inline-flex items-center gap-1.5 self-start text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                <MessageCircle aria-hidden="true" className="size-4" />
                {t('insights.ask')}
              </Link>
            </li>
          );
        })}
      </ul>
    </OverviewCard>
  );
}
