import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cleanText } from '../../../core/security/sanitize.ts';
import {
  CORE_PROBLEM_MIN,
  MAXIMAS_MAX_COUNT,
  MAXIMAS_SUGGESTED,
  MAXIMA_MIN,
  STATEMENT_MIN,
  type StrategyStep,
} from '../../../core/strategy/strategy-schema.ts';
import { Field, describedBy, inputClass } from '../../components/form/form-controls.tsx';
import { buttonClass } from '../../components/form/buttons.ts';

export type StrategyDraft = { coreProblem: string; maximas: string[]; statement: string };

const counted = (text: string) => cleanText(text).length;

/** The two steps that are one text each. */
const TEXT_STEPS = {
  coreProblem: { field: 'coreProblem', id: 'core-problem', min: CORE_PROBLEM_MIN },
  statement: { field: 'statement', id: 'statement', min: STATEMENT_MIN },
} as const;

/** One step's fields; each shows its character minimum with a live count (docs/product.md#forms). */
export function StrategyStepFields({
  step,
  draft,
  onChange,
}: {
  step: StrategyStep;
  draft: StrategyDraft;
  onChange: (draft: StrategyDraft) => void;
}) {
  const { t } = useTranslation('strategy');
  if (step !== 'maximas') {
    const { field, id, min } = TEXT_STEPS[step];
    return (
      <Field id={id} label={t(`steps.${step}.label`)} hint={t(`steps.${step}.hint`)} count={{ length: counted(draft[field]), min }}>
        <textarea
          id={id}
          rows={4}
          value={draft[field]}
          onChange={(event) => onChange({ ...draft, [field]: event.target.value })}
          aria-describedby={describedBy(id, { hint: true, count: true })}
          className={inputClass}
        />
      </Field>
    );
  }
  const setMaxima = (index: number, value: string) =>
    onChange({ ...draft, maximas: draft.maximas.map((maxima, at) => (at === index ? value : maxima)) });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {t('steps.maximas.hint', { min: MAXIMAS_SUGGESTED.min, max: MAXIMAS_SUGGESTED.max })}
      </p>
      <ol className="flex flex-col gap-3">
        {draft.maximas.map((maxima, index) => (
          // The position is the maxima's identity (tasks link to it by position).
          <li key={index} className="flex items-end gap-2">
            <div className="flex-1">
              <Field
                id={`maxima-${index}`}
                label={t('steps.maximas.label', { number: index + 1 })}
                count={{ length: counted(maxima), min: MAXIMA_MIN }}
              >
                <input
                  id={`maxima-${index}`}
                  value={maxima}
                  onChange={(event) => setMaxima(index, event.target.value)}
                  aria-describedby={describedBy(`maxima-${index}`, { count: true })}
                  className={`${inputClass} h-11`}
                />
              </Field>
            </div>
            <button
              type="button"
              className={buttonClass.ghost}
              disabled={draft.maximas.length <= 1}
              onClick={() => onChange({ ...draft, maximas: draft.maximas.filter((_, at) => at !== index) })}
              aria-label={t('steps.maximas.remove', { number: index + 1 })}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </li>
        ))}
      </ol>
      <div className="flex items-center gap-3">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={draft.maximas.length >= MAXIMAS_MAX_COUNT}
          onClick={() => onChange({ ...draft, maximas: [...draft.maximas, ''] })}
        >
          <Plus aria-hidden="true" className="size-4" />
          {t('steps.maximas.add')}
        </button>
        <span className="text-xs text-muted-foreground" aria-live="polite">
          {t('steps.maximas.count', { count: draft.maximas.length, max: MAXIMAS_MAX_COUNT })}
        </span>
      </div>
    </div>
  );
}
