import type { TFunction } from 'i18next';
import type { TargetStatus } from '../../../core/metrics/targets.ts';
import { formatPercent, type NumberTextStyle } from '../../../core/numbers/number-text.ts';

export type StarterFacts = {
  startupName: string | null | undefined;
  phase: string | null | undefined;
  contextEntries: number;
  /** The latest week's metrics and their statuses (GET /api/metrics/summary); null before any week. */
  metrics: { runwayWeeks: number | null; churnRate: number | null; runwayStatus?: string; statuses: Partial<Record<'runwayWeeks' | 'churnRate', TargetStatus | null>> | null } | null | undefined;
  /** The founder's number style: the churn is written `2,5 %` for a decimal-comma founder. */
  numbers: NumberTextStyle;
};

const needsWork = (status: TargetStatus | null | undefined) => status === 'off' || status === 'near';

/**
 * Starter questions drawn from what the founder has told Rumbo so far: a metric away
 * from its target is asked about with the founder's own number, so the first answer
 * starts where the startup hurts; with no week recorded yet, what to measure first.
 */
export function starterQuestions(t: TFunction<'mentor'>, facts: StarterFacts) {
  const startup = facts.startupName?.trim() || t('starters.yourStartup');
  const { metrics } = facts;
  const questions: string[] = [];
  if (metrics === null) questions.push(t('starters.firstMetrics'));
  if (metrics && metrics.runwayWeeks !== null && metrics.runwayStatus !== 'not-burning' && needsWork(metrics.statuses?.runwayWeeks)) {
    questions.push(t('starters.runwayShort', { weeks: Math.round(metrics.runwayWeeks) }));
  } else questions.push(t('starters.runway'));
  questions.push(t('starters.focus', { startup }));
  if (metrics && metrics.churnRate !== null && needsWork(metrics.statuses?.churnRate)) {
    const churn = formatPercent(metrics.churnRate, facts.numbers, 1);
    questions.push(t('starters.churnHigh', { churn }));
  } else questions.push(t('starters.churn'));
  if (facts.contextEntries > 0) questions.push(t('starters.notes'));
  else if (facts.phase) questions.push(t(`starters.phase.${facts.phase}`, { defaultValue: t('starters.pricing') }));
  else questions.push(t('starters.pricing'));
  return questions.slice(0, 4);
}
