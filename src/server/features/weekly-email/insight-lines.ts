import type { Language } from '../../../core/i18n/language.ts';
import type { Insight } from '../../../core/insights/weekly-insights.ts';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import { TARGETS, type TargetedMetric } from '../../../core/metrics/targets.ts';
import { formatDay, weekStartDay } from '../../../core/metrics/week-label.ts';
import { WEEKLY_COPY } from './copy.ts';
import { emailMetricFormat } from './email-numbers.ts';

/**
 * One weekly insight as a sentence of the Monday e-mail, its numbers written as the
 * dashboard writes them in the founder's style, and the question its "Ask the mentor" link
 * puts in the mentor's composer.
 */
type Recipient = { language: Language; country: string | null; currency: string };

const insightNumbers = emailMetricFormat;

export function insightLine(insight: Insight, recipient: Recipient, metricName: (key: MetricKey) => string): string {
  const copy = WEEKLY_COPY[recipient.language].monday.insights;
  const format = insightNumbers(recipient);
  const targetText = (metric: TargetedMetric) => {
    const target = TARGETS[metric];
    const sign = target.direction === 'below' ? '<' : target.direction === 'above' ? '>' : '≥';
    return `${sign} ${format(metric, target.threshold)}`;
  };
  const cashOut = (day: string | undefined) => (day ? ` ${copy.cashOut(formatDay(new Date(`${day}T00:00:00Z`), recipient.language))}` : '');
  switch (insight.kind) {
    case 'runwayBelowTarget':
      return (
        copy.runwayBelowTarget({
          from: insight.from === null ? null : format('runwayWeeks', insight.from),
          to: format('runwayWeeks', insight.to),
          threshold: format('runwayWeeks', insight.threshold),
        }) + cashOut(insight.cashOut)
      );
    case 'runwayUnderTarget':
      return copy.runwayUnderTarget({ to: format('runwayWeeks', insight.to), threshold: format('runwayWeeks', insight.threshold) }) + cashOut(insight.cashOut);
    case 'offTarget':
      return copy.offTarget({ metric: metricName(insight.metric), from: format(insight.metric, insight.from), to: format(insight.metric, insight.to), target: targetText(insight.metric) });
    case 'stillOffTarget':
      return copy.stillOffTarget({
        metric: metricName(insight.metric),
        to: format(insight.metric, insight.to),
        target: targetText(insight.metric),
        times: TARGETS[insight.metric].direction === 'below' ? format('ltvToCac', insight.times) : null,
      });
    case 'churnRising':
      return copy.churnRising(insight.values.map((value) => format('churnRate', value)));
    case 'cacJumped':
      return copy.cacJumped(insight.values.map((value) => format('cac', value)));
    case 'growthStalled':
      return copy.growthStalled(insight.values.map((value) => format('activeUsers', value)));
    case 'taskMetricMoved':
      return copy.taskMetricMoved({
        metric: metricName(insight.metric),
        from: format(insight.metric, insight.from),
        to: format(insight.metric, insight.to),
        hypothesis: insight.hypothesis,
        better: insight.tone === 'good',
      });
    case 'weekNotRecorded':
      return copy.weekNotRecorded({ week: weekStartDay(insight.week, recipient.language), latest: weekStartDay(insight.latest, recipient.language) });
  }
}

/** The mentor page with the insight's question in its composer (the chat starter). */
export function askLink(mentorUrl: string, line: string, recipient: Recipient): string {
  return `${mentorUrl}?ask=${encodeURIComponent(WEEKLY_COPY[recipient.language].monday.insights.question(line))}`;
}
