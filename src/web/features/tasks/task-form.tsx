import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanText } from '../../../core/security/sanitize.ts';
import { formatIceTotal, iceTotal } from '../../../core/tasks/ice.ts';
import { CreateTaskInput, HYPOTHESIS_MIN, WHY_RELEVANT_MIN } from '../../../core/tasks/task-schema.ts';
import { TASK_METRIC_KEYS } from '../../../core/tasks/task-metrics.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Field, describedBy, inputClass } from '../../components/form/form-controls.tsx';
import { fieldErrorKeys, validationKey } from './validation-message.ts';
import { intlLocale } from '../../lib/format.ts';
import { buttonClass } from '../../components/form/buttons.ts';

export type TaskFormValues = {
  hypothesis: string;
  whyRelevant: string;
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

/** Parses the form with the server's own rules; the clean (sanitised) values are what is sent. */
function parseForm(values: TaskFormValues) {
  const target = values.targetValue.trim() === '' ? Number.NaN : Number(values.targetValue);
  return CreateTaskInput.safeParse({
    hypothesis: values.hypothesis,
    whyRelevant: values.whyRelevant,
    targetValue: Number.isFinite(target) ? target : undefined,
    metric: values.metric === '' ? undefined : values.metric,
    impact: values.impact,
    confidence: values.confidence,
    ease: values.ease,
    maximaIndex: values.maximaIndex === '' ? null : Number(values.maximaIndex),
    dueDate: values.dueDate === '' ? null : values.dueDate,
  });
}

/** Server-side field errors (400 VALIDATION_FAILED) as translation keys. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED' || !Array.isArray(error.details)) return null;
  const errors: Record<string, string> = {};
  for (const detail of error.details as { field: string; message: string }[]) errors[detail.field] ??= validationKey(detail.message);
  return errors;
}

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
}: {
  initial: TaskFormValues;
  maximas: string[];
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (input: CreateTaskInput) => Promise<Record<string, string> | null | void>;
}) {
  const { t, i18n } = useTranslation('tasks');
  const prefix = useId();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submit, take the keyboard to the first field that needs fixing.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (attempt > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);
  const set = <K extends keyof TaskFormValues>(key: K, value: TaskFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const id = (field: string) => `${prefix}-${field}`;

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const parsed = parseForm(values);
    if (!parsed.success) {
      setErrors(fieldErrorKeys(parsed.error.issues));
      setAttempt((count) => count + 1);
      return;
    }
    setErrors({});
    const serverErrors = await onSubmit(parsed.data);
    if (serverErrors) {
      setErrors(serverErrors);
      setAttempt((count) => count + 1);
    }
  }

  const textField = (field: 'hypothesis' | 'whyRelevant', min: number, rows: number) => (
    <Field
      key={field}
      id={id(field)}
      label={t(`form.${field}.label`)}
      hint={t(`form.${field}.hint`)}
      error={errors[field] ? t(errors[field], { min }) : undefined}
      count={{ length: cleanText(values[field]).length, min }}
    >
      <textarea
        id={id(field)}
        rows={rows}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
        aria-invalid={Boolean(errors[field])}
        aria-describedby={describedBy(id(field), { hint: true, count: true, error: Boolean(errors[field]) })}
        className={inputClass}
      />
    </Field>
  );

  const total = iceTotal({ impact: values.impact, confidence: values.confidence, ease: values.ease });
  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-5">
      {TEXT_FIELDS.map(({ field, min, rows }) => textField(field, min, rows))}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={id('metric')} label={t('form.metric.label')} error={errors.metric ? t(errors.metric) : undefined}>
          <select
            id={id('metric')}
            value={values.metric}
            onChange={(event) => set('metric', event.target.value)}
            aria-invalid={Boolean(errors.metric)}
            aria-describedby={describedBy(id('metric'), { error: Boolean(errors.metric) })}
            className={`${inputClass} h-11`}
          >
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
          error={errors.targetValue ? t(errors.targetValue) : undefined}
        >
          <input
            id={id('targetValue')}
            type="number"
            inputMode="decimal"
            step="any"
            value={values.targetValue}
            onChange={(event) => set('targetValue', event.target.value)}
            aria-invalid={Boolean(errors.targetValue)}
            aria-describedby={describedBy(id('targetValue'), { hint: true, error: Boolean(errors.targetValue) })}
            className={`${inputClass} h-11`}
          />
        </Field>
      </div>
      <Field id={id('maximaIndex')} label={t('form.maxima.label')} hint={maximas.length === 0 ? t('form.maxima.none') : undefined}>
        <select
          id={id('maximaIndex')}
          value={values.maximaIndex}
          onChange={(event) => set('maximaIndex', event.target.value)}
          disabled={maximas.length === 0}
          aria-describedby={describedBy(id('maximaIndex'), { hint: maximas.length === 0 })}
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
        error={errors.dueDate ? t(errors.dueDate) : undefined}
      >
        <input
          id={id('dueDate')}
          type="date"
          value={values.dueDate}
          onChange={(event) => set('dueDate', event.target.value)}
          aria-invalid={Boolean(errors.dueDate)}
          aria-describedby={describedBy(id('dueDate'), { hint: true, error: Boolean(errors.dueDate) })}
          className={`${inputClass} h-11 sm:max-w-56`}
        />
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
              {errors[field] && <p className="text-sm text-destructive">{t(errors[field])}</p>}
            </div>
          ))}
        </div>
        <p className="mt-4 flex items-baseline justify-between border-t border-border pt-3" aria-live="polite">
          <span className="text-sm">{t('form.ice.total')}</span>
          <span className="text-2xl font-semibold tabular-nums" data-testid="ice-total">
            {formatIceTotal(total, intlLocale(i18n.language))}
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
