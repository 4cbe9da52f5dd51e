import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatWeek, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import type { WeekInputField, WeekRecord, WeekRecordInput } from '../../../../core/metrics/week-record.ts';
import { serverIssues } from '../../../lib/use-schema-form.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { useSaveWeek } from '../metrics-api.ts';
import { useDates } from '../dates.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { useConfirmedSave, useWeekDraft } from '../week-entry.ts';
import {
  type DraftField,
  derivedWeeklyRevenue,
  draftFromPreviousWeek,
  draftFromRecord,
  type FieldErrors,
  formatForField,
  REVENUE_PERIODS,
  type RevenuePeriod,
  revenuePeriodOf,
  withRevenuePeriod,
} from '../week-values.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { NumberField } from './number-field.tsx';
import { PlausibilityDialog } from './plausibility-dialog.tsx';

/** The form's fields in groups a founder thinks in. */
export const FIELD_GROUPS: { key: string; fields: WeekInputField[] }[] = [
  { key: 'customers', fields: ['startingCustomers', 'newCustomers', 'lostCustomers'] },
  { key: 'revenue', fields: ['weeklyRevenue', 'startingRevenue', 'churnedRevenue', 'expansions', 'downgrades'] },
  { key: 'costs', fields: ['weeklyCosts', 'marketingCosts', 'cashBalance', 'grossMarginPct', 'arpu'] },
  { key: 'users', fields: ['weeklyActiveUsers', 'dailyActiveUsers', 'monthlyActiveUsers'] },
];

type Props = {
  week: WeekKey;
  /** The weeks the form can record (this week first). */
  weekChoices: WeekKey[];
  onWeekChange: (week: WeekKey) => void;
  /** Opens the picker for a week before the ones offered. */
  onEarlierWeek: () => void;
  existing: WeekRecord | undefined;
  previous: WeekRecord | undefined;
  /** Every recorded week: the plausibility check compares against the ones before this week. */
  history: WeekRecord[];
  numbers: NumberStyle;
};

/** The current week's entry form: prefilled from last week where that helps, validated like the server does. */
export function WeekForm({ week, weekChoices, onWeekChange, onEarlierWeek, existing, previous, history, numbers }: Props) {
  const { t } = useTranslation('metrics');
  const id = useId();
  const dates = useDates();
  const form = useWeekDraft(() => {
    const draft = existing ? draftFromRecord(existing, numbers) : draftFromPreviousWeek(previous, numbers);
    return withRevenuePeriod(draft, revenuePeriodOf(draft), numbers);
  }, numbers);
  const [revenuePeriod, setRevenuePeriod] = useState<RevenuePeriod>(() => revenuePeriodOf(form.draft));
  const save = useSaveWeek();
  const confirmed = useConfirmedSave(history, persist);
  const questionCount = Object.keys(form.questions).length;

  async function persist(key: WeekKey, input: WeekRecordInput) {
    try {
      await save.mutateAsync({ key, input });
      toast.success(t('form.saved', { week: dates.week(key) }));
    } catch (error) {
      // The server's field details land on the same fields as the form's own messages (decision 228).
      const fromServer = serverIssues(error);
      if (fromServer) form.setErrors(Object.fromEntries(fromServer.map(({ path, message }) => [path, message])) as FieldErrors);
      showErrorToast(error, t('form.saveError'));
    }
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = form.check();
    if (!parsed.input) {
      // A question first: its answer may settle the errors of the fields around it.
      const question = Object.keys(parsed.questions)[0];
      const first = Object.keys(parsed.errors)[0];
      if (question) document.getElementById(`${id}-${question}-choice`)?.focus();
      else if (first) document.getElementById(`${id}-${shownField(first as DraftField)}`)?.focus();
      return;
    }
    await confirmed.request(week, parsed.input);
  }

  /** In monthly mode the revenue input is the monthly one, and the week's revenue errors show under it. */
  function shownField(field: DraftField): DraftField {
    return field === 'weeklyRevenue' && revenuePeriod === 'month' ? 'monthlyRevenue' : field;
  }

  function switchRevenuePeriod(period: RevenuePeriod) {
    setRevenuePeriod(period);
    form.reset(withRevenuePeriod(form.draft, period, numbers));
  }

  function renderField(field: DraftField) {
    const fallbackError = field === 'monthlyRevenue' ? form.errors.weeklyRevenue : undefined;
    return <NumberField idPrefix={id} field={field} form={form} numbers={numbers} fallbackError={fallbackError} />;
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t(existing ? 'form.titleEdit' : 'form.title', { week: dates.weekStart(week) })}
        </h2>
        <label className="flex items-center gap-2 text-sm">
          {t('form.week')}
          <select
            value={formatWeek(week)}
            onChange={(event) => {
              const chosen = weekChoices.find((choice) => formatWeek(choice) === event.target.value);
              if (chosen) onWeekChange(chosen);
            }}
            className="h-9 rounded-md border border-input bg-background px-2"
          >
            {weekChoices.map((choice, index) => (
              <option key={formatWeek(choice)} value={formatWeek(choice)}>
                {index === 0 ? t('form.thisWeek', { date: dates.weekStart(choice) }) : dates.week(choice)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={onEarlierWeek} className={buttonClass.ghost}>
          {t('pastWeek.earlier')}
        </button>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t(previous && !existing ? 'form.prefilled' : 'form.hint')}</p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {FIELD_GROUPS.map((group) => (
          <fieldset key={group.key} className="grid gap-3">
            <legend className="mb-1 text-sm font-semibold text-muted-foreground">{t(`groups.${group.key}`)}</legend>
            {group.fields.map((field) =>
              field === 'weeklyRevenue' ? (
                <div key={field}>
                  <RevenuePeriodSwitch period={revenuePeriod} onChange={switchRevenuePeriod} />
                  {renderField(shownField(field))}
                  {revenuePeriod === 'month' && (
                    <p aria-live="polite" className="mt-1 text-sm tabular-nums">
                      {t('form.derivedWeekly', { value: formatForField('weeklyRevenue', derivedWeeklyRevenue(form.draft, numbers), numbers) || '—' })}
                    </p>
                  )}
                </div>
              ) : (
                <div key={field}>{renderField(field)}</div>
              ),
            )}
          </fieldset>
        ))}
      </div>
      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={save.isPending}
          className={buttonClass.primary}
        >
          {t(save.isPending ? 'form.saving' : 'form.save')}
        </button>
        <p role="status" className="text-sm text-destructive">
          {questionCount > 0 ? t('entry.answerFirst', { count: questionCount }) : ''}
        </p>
      </div>
      <PlausibilityDialog changes={confirmed.pending?.changes ?? null} numbers={numbers} onConfirm={confirmed.confirm} onCancel={confirmed.cancel} />
    </form>
  );
}

/** "Revenue: per week | per month": a founder who thinks in MRR types the month and Rumbo records the week. */
function RevenuePeriodSwitch({ period, onChange }: { period: RevenuePeriod; onChange: (period: RevenuePeriod) => void }) {
  const { t } = useTranslation('metrics');
  const id = useId();
  return (
    <div role="radiogroup" aria-labelledby={id} className="mb-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span id={id} className="text-muted-foreground">
        {t('form.revenuePeriod')}
      </span>
      {REVENUE_PERIODS.map((option) => (
        <label key={option} className="inline-flex items-center gap-1.5">
          <input type="radio" name={`${id}-period`} value={option} checked={period === option} onChange={() => onChange(option)} className="size-4 accent-primary" />
          {t(`form.revenuePer.${option}`)}
        </label>
      ))}
    </div>
  );
}
