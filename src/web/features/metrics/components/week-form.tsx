import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatWeek, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import { OPTIONAL_FIELDS, type WeekInputField, type WeekRecord } from '../../../../core/metrics/week-record.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { useSaveWeek } from '../api/metrics-api.ts';
import { draftFromPreviousWeek, draftFromRecord, parseDraft, type WeekDraft } from '../week-values.ts';
import { buttonClass } from '../../../components/form/buttons.ts';

/** The form's fields in groups a founder thinks in. */
export const FIELD_GROUPS: { key: string; fields: WeekInputField[] }[] = [
  { key: 'customers', fields: ['startingCustomers', 'newCustomers', 'lostCustomers'] },
  { key: 'revenue', fields: ['weeklyRevenue', 'startingRevenue', 'churnedRevenue', 'expansions', 'downgrades'] },
  { key: 'costs', fields: ['weeklyCosts', 'marketingCosts', 'cashBalance', 'grossMarginPct', 'arpu'] },
  { key: 'users', fields: ['weeklyActiveUsers', 'dailyActiveUsers', 'monthlyActiveUsers'] },
];
const optional = new Set<string>(OPTIONAL_FIELDS);

type Props = {
  week: WeekKey;
  /** The weeks the form can record (this week first). */
  weekChoices: WeekKey[];
  onWeekChange: (week: WeekKey) => void;
  existing: WeekRecord | undefined;
  previous: WeekRecord | undefined;
  decimalComma: boolean;
};

/** The current week's entry form: prefilled from last week where that helps, validated like the server does. */
export function WeekForm({ week, weekChoices, onWeekChange, existing, previous, decimalComma }: Props) {
  const { t } = useTranslation('metrics');
  const id = useId();
  // Typed-in text is what the founder sees; grouping separators would fight their typing.
  const asTyped = (value: number | null) => (value === null ? '' : decimalComma ? String(value).replace('.', ',') : String(value));
  const [draft, setDraft] = useState<WeekDraft>(() => (existing ? draftFromRecord(existing, asTyped) : draftFromPreviousWeek(previous, asTyped)));
  const [errors, setErrors] = useState<Partial<Record<WeekInputField, string>>>({});
  const save = useSaveWeek();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseDraft(draft, decimalComma);
    setErrors(parsed.errors);
    if (!parsed.input) {
      const first = Object.keys(parsed.errors)[0];
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    try {
      await save.mutateAsync({ key: week, input: parsed.input });
      toast.success(t('form.saved', { week: formatWeek(week) }));
    } catch (error) {
      if (error instanceof ApiError && Array.isArray(error.details)) {
        const fromServer: Partial<Record<WeekInputField, string>> = {};
        for (const detail of error.details as { field: string; message: string }[]) fromServer[detail.field as WeekInputField] = detail.message;
        setErrors(fromServer);
      }
      showErrorToast(error, t('form.saveError'));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {t(existing ? 'form.titleEdit' : 'form.title', { week: week.week, year: week.year })}
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
                {t(index === 0 ? 'form.thisWeek' : 'form.weekOption', { week: choice.week, year: choice.year })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t(previous && !existing ? 'form.prefilled' : 'form.hint')}</p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        {FIELD_GROUPS.map((group) => (
          <fieldset key={group.key} className="grid gap-3">
            <legend className="mb-1 text-sm font-semibold text-muted-foreground">{t(`groups.${group.key}`)}</legend>
            {group.fields.map((field) => {
              const error = errors[field];
              return (
                <div key={field}>
                  <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
                    {t(`fields.${field}`)}
                    {optional.has(field) && <span className="ml-1 font-normal text-muted-foreground">{t('form.optional')}</span>}
                  </label>
                  <input
                    id={`${id}-${field}`}
                    name={field}
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft[field]}
                    onChange={(event) => setDraft((current) => ({ ...current, [field]: event.target.value }))}
                    aria-invalid={Boolean(error)}
                    aria-describedby={`${id}-${field}-help${error ? ` ${id}-${field}-error` : ''}`}
                    className="mt-1 block h-10 w-full rounded-md border border-input bg-background px-3 text-base tabular-nums"
                  />
                  <p id={`${id}-${field}-help`} className="mt-1 text-xs text-muted-foreground">
                    {t(`help.${field}`)}
                  </p>
                  {error && (
                    <p id={`${id}-${field}-error`} className="mt-1 text-sm text-destructive">
                      {t(error)}
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
      <div className="mt-6 flex items-center gap-3">
        <button
          type="submit"
          disabled={save.isPending}
          className={buttonClass.primary}
        >
          {t(save.isPending ? 'form.saving' : 'form.save')}
        </button>
      </div>
    </form>
  );
}
