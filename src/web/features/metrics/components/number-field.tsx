import { useTranslation } from 'react-i18next';
import { OPTIONAL_FIELDS } from '../../../../core/metrics/week-record.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import type { useWeekDraft } from '../week-entry.ts';
import type { DraftField } from '../week-values.ts';
import { NumberQuestion } from '../../../components/number-question.tsx';
import { useValidationTexts } from '../../../i18n/validation-texts.ts';

const optional = new Set<string>(OPTIONAL_FIELDS);

type Props = {
  /** The form's id prefix: the input is `${idPrefix}-${field}`, its first choice `${idPrefix}-${field}-choice`. */
  idPrefix: string;
  field: DraftField;
  form: ReturnType<typeof useWeekDraft>;
  numbers: NumberStyle;
  /** An error to show when the field has none of its own (the weekly revenue's, under the monthly input). */
  fallbackError?: string;
};

/**
 * One number of a week as the founder types it: label, input, help, the error, and the
 * question when the text reads two ways (decision 110).
 */
export function NumberField({ idPrefix, field, form, numbers, fallbackError }: Props) {
  const { t } = useTranslation('metrics');
  useValidationTexts();
  const id = `${idPrefix}-${field}`;
  const error = form.errors[field] ?? fallbackError;
  const question = form.questions[field];
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {t(`fields.${field}`)}
        {optional.has(field) && <span className="ml-1 font-normal text-muted-foreground">{t('form.optional')}</span>}
      </label>
      <input
        id={id}
        name={field}
        inputMode="decimal"
        autoComplete="off"
        value={form.draft[field]}
        onChange={(event) => form.change(field, event.target.value)}
        onBlur={() => form.blur(field)}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        className="mt-1 block h-10 w-full rounded-md border border-input bg-background px-3 text-base tabular-nums"
      />
      <p id={`${id}-help`} className="mt-1 text-xs text-muted-foreground">
        {t(`help.${field}`)}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
          {t(error)}
        </p>
      )}
      <div aria-live="polite">
        {question && <NumberQuestion typed={form.draft[field]} readings={question} numbers={numbers} onAnswer={(value) => form.answer(field, value)} firstChoiceId={`${id}-choice`} />}
      </div>
    </>
  );
}
