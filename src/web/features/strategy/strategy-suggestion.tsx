import { Loader2, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StrategyDraft } from '../../../core/mentor/strategy-draft.ts';
import type { StrategyStep } from '../../../core/strategy/strategy-schema.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useMentorDraft } from '../../lib/use-mentor-draft.tsx';

import { requestStrategyDraft } from './strategy-api.ts';
import type { StrategyDraft as BuilderDraft } from './strategy-steps.tsx';
import { buttonClass } from '../../components/form/buttons.ts';

/** Only the step in view is filled: the founder's work on the other steps is theirs. */
function applyToStep(step: StrategyStep, current: BuilderDraft, suggestion: StrategyDraft): BuilderDraft {
  switch (step) {
    case 'coreProblem':
      return { ...current, coreProblem: suggestion.coreProblem };
    case 'maximas':
      return { ...current, maximas: suggestion.maximas };
    case 'statement':
      return { ...current, statement: suggestion.statement };
  }
}

/**
 * 'Suggest with the mentor' on each step of the builder: asks for a strategy draft built on
 * what the founder has written so far, through the AI gate (consent and the AI assistance
 * preference), and fills the step in view as a draft to edit before saving.
 */
export function StrategySuggestion({ step, draft, onChange }: { step: StrategyStep; draft: BuilderDraft; onChange: (draft: BuilderDraft) => void }) {
  const { t } = useTranslation('strategy');
  const { generate, generating, liveRegion, dialog } = useMentorDraft(
    () => requestStrategyDraft({ language: currentLanguage(), coreProblem: draft.coreProblem, maximas: draft.maximas.filter((maxima) => maxima.trim().length > 0) }),
    (suggestion) => onChange(applyToStep(step, draft, suggestion)),
    { pending: t('suggest.pending'), ready: t('suggest.ready'), readyOffline: t('suggest.readyOffline'), failed: t('suggest.failed') },
  );

  return (
    <div className="mt-3 flex flex-col gap-2 rounded-md border border-border bg-muted/40 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">{t(`suggest.hint.${step}`)}</p>
      <button type="button" onClick={generate} disabled={generating} aria-busy={generating} className={`${buttonClass.secondary} shrink-0`}>
        {generating ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Sparkles aria-hidden="true" className="size-4" />}
        {generating ? t('suggest.pending') : t('suggest.button')}
      </button>
      {liveRegion}
      {dialog}
    </div>
  );
}
