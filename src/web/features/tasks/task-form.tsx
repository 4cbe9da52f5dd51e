import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanText } from '../../../core/security/sanitize.ts';
import { formatIceTotal, iceTotal } from '../../../core/tasks/ice.ts';
import { CreateTaskInput, HYPOTHESIS_MIN, WHY_RELEVANT_MIN } from '../../../core/tasks/task-schema.ts';
import { isTaskMetricKey, TASK_METRIC_KEYS } from '../../../core/tasks/task-metrics.ts';
import { readTarget, targetText } from '../../../core/tasks/task-target.ts';
import { NumberInput, numberTextError, type NumberTextReading } from '../../components/number-input.tsx';
import type { NumberStyle } from '../../lib/number-style.ts';
import { useNumberStyle } from '../../lib/use-number-style.ts';
import { Field, inputClass } from '../../components/form/form-controls.tsx';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { buttonClass } from '../../components/form/buttons.ts';

export type TaskFormValues = {
  hypothesis: string;
  whyRelevant: string;
  /** The target as typed, in the metric's unit (a share for a churn, or `3 %`): `targetFieldText` writes a stored one. */
  targetValue: string;
  metric: string;
  impact: number;
  confidence: number;
  ease: number;
  maximaIndex: string;
  /** YYYY-MM-DD from the date input; '' for none. */
  dueDate: string;
};

export const EMPTY_TASK_FORM: TaskFormValues = {
  hypothesis: '',
  whyRelevant: '',
  targetValue: '',
  metric: '',
  impact: 5,
  confidence: 5,
  ease: 5,
  maximaIndex: '',
  dueDate: '',
};

const ICE_FIELDS = ['impact', 'confidence', 'ease'] as const;
const TEXT_FIELDS = [
  { field: 'hypothesis', min: HYPOTHESIS_MIN, rows: 3 },
  { field: 'whyRelevant', min: WHY_RELEVANT_MIN, rows: 2 },
] as const;

/** A stored target (or none) as the target field shows it, in the founder's convention and the metric's unit. */
export function targetFieldText(value: number | null, metric: string, style: NumberStyle): string {
  if (value === null) return '';
  return isTaskMetricKey(metric) ? targetText(value, metric, style.currency, style.convention) : String(value);
}

/** How the target text reads for the chosen metric (a plain quantity until one is chosen). */
function readTargetText(text: string, metric: string, style: NumberStyle): NumberTextReading {
  return readTarget(text, isTaskMetricKey(metric) ? metric : 'runwayWeeks', style.currency, style.convention, style.answers);
}

/** What the server's own rules parse, from the form (the clean, sanitised values are what is sent). */
function toInput(values: TaskFormValues, style: NumberStyle) {
  const read = readTargetText(values.targetValue, values.metric, style);
  return {
    hypothesis: values.hypothesis,
    whyRelevant: values.whyRelevant,
    targetValue: read.status === 'value' ? read.value : undefined,
    metric: values.metric === '' ? undefined : values.metric,
    impact: values.impact,
    confidence: values.confidence,
    ease: values.ease,
    maximaIndex: values.maximaIndex === '' ? null : Number(values.maximaIndex),
    dueDate: values.dueDate === '' ? null : values.dueDate,
  };
}

/** The fields in the order the form shows them: the first that needs fixing takes the keyboard. */
const ORDER = ['hypothesis', 'whyRelevant', 'metric', 'targetValue', 'maximaIndex', 'dueDate', ...ICE_FIELDS] as const;

/**
 * The task form of the Create tab and the edit dialog (docs/product.md#forms): hypothesis,
 * why it matters, the metric and its target, the maxima it serves, and ICE sliders with a
 * live total.
 */
export function TaskForm({
  initial,
  maximas,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onError,
}: {
  initial: TaskFormValues;
  maximas: string[];
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Saves the task; a refusal with field details shows them on the fields. */
  onSubmit: (input: CreateTaskInput) => Promise<void>;
  /** Any other failure of `onSubmit` (the caller's toast). */
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation('tasks');
  const style = useNumberStyle();
  const [askTarget, setAskTarget] = useState(false);
  const form = useSchemaForm(CreateTaskInput, initial, {
    toInput: (values) => toInput(values, style),
    // A target that is no number says why; one that reads two ways asks under the field (decision 252).
    check: (values) => {
      const message = numberTextError(readTargetText(values.targetValue, values.metric, style));
      if (message) setAskTarget(true);
      return message ? [{ path: 'targetValue', message }] : [];
    },
    order: ORDER,
    onSubmit,
    onError: (error, onFields) => onFields || onError(error),
  });
  const { values, errors } = form;
  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => form.setValue(key, value);
  const id = form.id;

  const textField = (field: 'hypothesis' | 'whyRelevant', min: number, rows: number) => (
    <Field
      key={field}
      id={id(field)}
      label={t(`form.${field}.label`)}
      hint={t(`form.${field}.hint`)}
      error={errors[field]}
      count={{ length: cleanText(values[field]).length, min }}
    >
      <textarea {...form.field(field, [`${id(field)}-hint`, `${id(field)}-count`])} rows={rows} className={inputClass} />
    </Field>
  );

  const total = iceTotal({ impact: values.impact, confidence: values.confidence, ease: values.ease });
  return (
    <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-5">
      {TEXT_FIELDS.map(({ field, min, rows }) => textField(field, min, rows))}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('metric')} label={t('form.metric.label')} error={errors.metric}>
          <select {...form.field('metric')} className={`${inputClass} h-11`}>
            <option value="">{t('form.metric.placeholder')}</option>
            {TASK_METRIC_KEYS.map((key) => (
              <option key={key} value={key}>
                {t(`metrics.${key}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          id={id('targetValue')}
          label={t('form.targetValue.label')}
          hint={t('form.targetValue.hint')}
          error={errors.targetValue}
        >
          <NumberInput
            {...form.field('targetValue', [`${id('targetValue')}-hint`])}
            onChange={(text) => {
              setAskTarget(false);
              set('targetValue', text);
            }}
            read={(text) => readTargetText(text, values.metric, style)}
            textOf={(value) => (isTaskMetricKey(values.metric) ? targetText(value, values.metric, style.currency, style.convention) : String(value))}
            numbers={style}
            ask={askTarget}
            className={`${inputClass} h-11`}
          />
        </Field>
      </div>
      <Field id={id('maximaIndex')} label={t('form.maxima.label')} hint={maximas.length === 0 ? t('form.maxima.none') : undefined}>
        <select
          {...form.field('maximaIndex', maximas.length === 0 ? [`${id('maximaIndex')}-hint`] : [])}
          disabled={maximas.length === 0}
          className={`${inputClass} h-11`}
        >
          <option value="">{t('form.maxima.unlinked')}</option>
          {maximas.map((maxima, index) => (
            <option key={index} value={String(index)}>
              {maxima}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={id('dueDate')}
        label={t('form.dueDate.label')}
        hint={t('form.dueDate.hint')}
        error={errors.dueDate}
      >
        <input {...form.field('dueDate', [`${id('dueDate')}-hint`])} type="date" className={`${inputClass} h-11 sm:max-w-56`} />
      </Field>
      <fieldset className="rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-medium">{t('form.ice.legend')}</legend>
        <div className="flex flex-col gap-4">
          {ICE_FIELDS.map((field) => (
            <div key={field}>
              <div className="flex items-baseline justify-between">
                <label htmlFor={id(field)} className="text-sm font-medium">
                  {t(`form.ice.${field}.label`)}
                </label>
                <output htmlFor={id(field)} className="text-sm font-semibold tabular-nums">
                  {values[field]}
                </output>
              </div>
              <p id={`${id(field)}-hint`} className="text-xs text-muted-foreground">
                {t(`form.ice.${field}.hint`)}
              </p>
              <input
                id={id(field)}
                type="range"
                min={1}
                max={10}
                step={1}
                value={values[field]}
                onChange={(event) => set(field, Number(event.target.value))}
                aria-describedby={`${id(field)}-hint`}
                className="mt-1 w-full accent-primary"
              />
              {errors[field] && <p className="text-sm text-destructive">{errors[field]}</p>}
            </div>
          ))}
        </div>
        <p className="mt-4 flex items-baseline justify-between border-t border-border pt-3" aria-live="polite">
          <span className="text-sm">{t('form.ice.total')}</span>
          <span className="text-2xl font-semibold tabular-nums" data-testid="ice-total">
            {formatIceTotal(total, style.convention)}
          </span>
        </p>
      </fieldset>
      <div>
        <button type="submit" disabled={pending} className={buttonClass.primary}>
          {pending ? pendingLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
