import type { TFunction } from 'i18next';

/** Starter questions drawn from what the founder has told Rumbo so far. */
export function starterQuestions(t: TFunction<'mentor'>, facts: { startupName: string | null | undefined; contextEntries: number; phase: string | null | undefined }) {
  const startup = facts.startupName?.trim() || t('starters.yourStartup');
  const questions = [t('starters.runway'), t('starters.focus', { startup }), t('starters.churn')];
  if (facts.contextEntries > 0) questions.push(t('starters.notes'));
  else if (facts.phase) questions.push(t(`starters.phase.${facts.phase}`, { defaultValue: t('starters.pricing') }));
  else questions.push(t('starters.pricing'));
  return questions;
}
