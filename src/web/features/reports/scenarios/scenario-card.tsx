import { cn } from '../../../lib/cn.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { ListPlus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isoWeekStart, weekFromIndex, weekIndex, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import { cashOutDate } from '../../../../core/metrics/cash-out.ts';
import { formatDay } from '../../../../core/metrics/week-label.ts';
import { PROJECTION_WEEKS, type Projection } from '../../../../core/reports/runway-projection.ts';
import { SCENARIO_CHANGE_KINDS, type FieldError, type ScenarioChangeKind } from '../../../../core/reports/scenario-schema.ts';
import { TextField } from '../../../components/form/form-parts.tsx';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { toast } from 'sonner';
import { newIdempotencyKey, useCreateTask } from '../../tasks/index.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import type { Formatter } from '../../../lib/metric-format.ts';
import { CHANGE_FIELDS, type ChangeDraft, type ScenarioDraft } from '../../../../core/reports/scenario-drafts.ts';
import { changeFieldKind, newChange, readChangeField } from './scenario-drafts.ts';
import { formatField } from '../../../../core/numbers/format-number.ts';
import { NumberInput, numberTextError } from '../../../components/number-input.tsx';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { useValidationTexts } from '../../../i18n/validation-texts.ts';
import { useSession } from '../../../lib/auth-client.ts';
import { useMe } from '../../../lib/get-me.ts';
import { useMetricText } from '../../../lib/metric-text.ts';
import { numberStyleOf } from '../../../lib/number-style.ts';

const CashChart = lazy(async () => ({ default: (await import('./cash-chart.tsx')).CashChart }));

type Props = {
  draft: ScenarioDraft;
  latest: WeekKey;
  projection: Projection | null;
  errors: readonly FieldError[];
  /** The revenue growth a month this scenario assumes (0: flat, the dashboard's). */
  monthlyGrowth: number;
  /** The dashboard's growth over the last 8 weeks, offered as the assumption; null when not measurable. */
  measuredMonthlyGrowth: number | null;
  money: Formatter;
  /** Compact money for the chart's axis. */
  axisMoney: Formatter;
  /** The founder's marks, currency and remembered answers: how the numbers are read and written back. */
  numbers: NumberStyle;
  onChange: (draft: ScenarioDraft) => void;
  onRemove: (() => void) | null;
};

/** One scenario: its name, its changes with their field errors, and what they do to the cash. */
export function ScenarioCard({ draft, latest, projection, errors, monthlyGrowth, measuredMonthlyGrowth, money, axisMoney, numbers, onChange, onRemove }: Props) {
  const { t } = useTranslation('reports');
  useValidationTexts();
  const metricText = useMetricText(numberStyleOf(useMe(useSession().data?.user.id).data));
  const id = useId();
  const errorOf = (field: string) => {
    const message = errors.find((error) => error.field === field)?.message;
    return message ? t(message) : undefined;
  };
  const listError = errorOf('changes');
  const setChange = (index: number, change: ChangeDraft) => onChange({ ...draft, changes: draft.changes.map((c, i) => (i === index ? change : c)) });
  const addChange = (kind: ScenarioChangeKind) => onChange({ ...draft, changes: [...draft.changes, newChange(kind, latest)] });
  const removeChange = (index: number) => onChange({ ...draft, changes: draft.changes.filter((_, i) => i !== index) });
  const createTask = useCreateTask();
  const [creating, setCreating] = useState(false);
  const dayOfDate = (date: string) => formatDay(new Date(`${date}T00:00:00Z`), currentLanguage());
  /** Each change becomes an active task aimed at the scenario's runway (ICE 5 each, for the founder to rescore). */
  const turnIntoTasks = async (projection: Projection) => {
    setCreating(true);
    let created = 0;
    try {
      for (const change of draft.changes) {
        const values = Object.fromEntries(
          Object.entries(change.values).map(([field, text]) => {
            const read = readChangeField(field, text, numbers);
            const value = read.status === 'value' ? read.value : Number.NaN;
            return [field, changeFieldKind(field, numbers.currency).unit === 'money' ? money(value) : formatField(value, changeFieldKind(field, numbers.currency), numbers.convention)];
          }),
        );
        await createTask.mutateAsync({
          input: {
            hypothesis: t(`scenarios.tasks.hypothesis.${change.kind}`, { ...values, date: dayOfDate(change.from) }),
            whyRelevant: t('scenarios.tasks.why', { name: draft.name }),
            metric: 'runwayWeeks',
            targetValue: Math.round((projection.runwayWeeks ?? PROJECTION_WEEKS) * 10) / 10,
            impact: 5,
            confidence: 5,
            ease: 5,
          },
          idempotencyKey: newIdempotencyKey(),
        });
        created += 1;
      }
      toast.success(t('scenarios.tasks.created', { count: created }));
    } catch (error) {
      showErrorToast(error, t('scenarios.tasks.error', { count: created }));
    } finally {
      setCreating(false);
    }
  };
  const dayOfWeek = (week: number) => formatDay(isoWeekStart(weekFromIndex(weekIndex(latest) + week)), currentLanguage());
  // The same cash-out day as the Overview's for the same runway (src/core/metrics/cash-out.ts).
  const cashOut = projection?.runwayWeeks == null ? null : cashOutDate(latest, projection.runwayWeeks);
  // Written as the Overview writes runway: one decimal, with its unit.
  const runwayShown = projection?.runwayWeeks == null ? t('scenarios.results.beyond') : metricText('runwayWeeks', projection.runwayWeeks);
  const percent = (fraction: number) => metricText('revenueGrowth', fraction);
  const measuredPercent = measuredMonthlyGrowth === null ? null : String(Math.round(measuredMonthlyGrowth * 1000) / 10);

  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-card p-4" data-testid="scenario">
      <div className="flex items-end gap-2">
        <h2 id={`${id}-title`} className="sr-only">
          {draft.name || t('scenarios.unnamed')}
        </h2>
        <TextField className="flex-1" label={t('scenarios.name')} value={draft.name} maxLength={60} error={errorOf('name')} onChange={(event) => onChange({ ...draft, name: event.target.value })} />
        {onRemove && (
          <button type="button" onClick={onRemove} className={cn(buttonClass.icon, 'mb-1')} aria-label={t('scenarios.remove', { name: draft.name })}>
            <Trash2 aria-hidden="true" className="size-5" />
          </button>
        )}
      </div>

      {/* Growth is an assumption the founder states, never today's growth projected in silence (decision 256). */}
      <div className="flex flex-col gap-2 rounded-lg border border-dashed border-border p-3">
        <TextField
          inputMode="decimal"
          label={t('scenarios.assumption.label')}
          hint={measuredMonthlyGrowth === null ? t('scenarios.assumption.hint') : t('scenarios.assumption.hintMeasured', { growth: percent(measuredMonthlyGrowth) })}
          placeholder="0"
          value={draft.growth ?? ''}
          error={errorOf('monthlyGrowthPercent')}
          onChange={(event) => onChange({ ...draft, growth: event.target.value })}
        />
        {measuredPercent !== null && draft.growth !== measuredPercent && (
          <button type="button" className={cn(buttonClass.secondary, 'self-start')} onClick={() => onChange({ ...draft, growth: measuredPercent })}>
            {t('scenarios.assumption.useMeasured', { growth: percent(measuredMonthlyGrowth!) })}
          </button>
        )}
      </div>

      <ul className="flex flex-col gap-3">
        {draft.changes.map((change, index) => (
          <li key={index} className="flex flex-col gap-2 rounded-lg border border-border p-3">
            <div className="flex items-center justify-between gap-2">
              <h3 className="font-medium">{t(`scenarios.kinds.${change.kind}`)}</h3>
              <button type="button" onClick={() => removeChange(index)} className={cn(buttonClass.icon, 'size-8')} aria-label={t('scenarios.removeChange', { kind: t(`scenarios.kinds.${change.kind}`) })}>
                <Trash2 aria-hidden="true" className="size-4" />
              </button>
            </div>
            <TextField
              type="date"
              label={t(`scenarios.fields.from.${change.kind === 'fundraise' ? 'fundraise' : 'other'}`)}
              value={change.from}
              error={errorOf(`changes.${index}.from`)}
              onChange={(event) => setChange(index, { ...change, from: event.target.value })}
            />
            {CHANGE_FIELDS[change.kind].map((field) => {
              const fieldId = `${id}-${index}-${field}`;
              const text = change.values[field] ?? '';
              const read = readChangeField(field, text, numbers);
              // The reader's own reason first (letters, 1e6); a question open is asked under the field, not refused.
              const own = numberTextError(read);
              const error = read.status === 'ambiguous' ? undefined : own ? t(own) : errorOf(`changes.${index}.${field}`);
              const kind = changeFieldKind(field, numbers.currency);
              return (
                <div key={field} className="flex flex-col gap-1">
                  <label htmlFor={fieldId} className="text-sm font-medium">
                    {t(`scenarios.fields.${change.kind}.${field}`)}
                  </label>
                  <NumberInput
                    id={fieldId}
                    name={field}
                    value={text}
                    read={(typed) => readChangeField(field, typed, numbers)}
                    textOf={(value) => formatField(value, kind, numbers.convention)}
                    numbers={numbers}
                    ask={read.status === 'ambiguous' && text.length > 0}
                    aria-invalid={Boolean(error)}
                    aria-describedby={error ? `${fieldId}-error` : undefined}
                    className="block h-11 w-full rounded-md border border-input bg-background px-3 text-base"
                    onChange={(typed) => setChange(index, { ...change, values: { ...change.values, [field]: typed } })}
                  />
                  {error && (
                    <p id={`${fieldId}-error`} className="text-sm text-destructive">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
          </li>
        ))}
      </ul>
      {listError && <p className="text-sm text-destructive">{listError}</p>}

      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('scenarios.addChange')}
        <select
          className="h-11 rounded-md border border-input bg-background px-3 text-base font-normal"
          value=""
          onChange={(event) => event.target.value && addChange(event.target.value as ScenarioChangeKind)}
        >
          <option value="">{t('scenarios.chooseChange')}</option>
          {SCENARIO_CHANGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`scenarios.kinds.${kind}`)}
            </option>
          ))}
        </select>
      </label>

      {projection ? (
        <>
          <dl className="grid grid-cols-2 gap-3 text-sm" aria-live="polite">
            <div>
              <dt className="text-muted-foreground">{t('scenarios.results.runway')}</dt>
              <dd className="text-lg font-semibold" data-testid="runway">
                {runwayShown}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('scenarios.results.cashOut')}</dt>
              <dd className="font-semibold" data-testid="cash-out">{cashOut === null ? t('scenarios.results.never') : formatDay(cashOut.date, currentLanguage())}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('scenarios.results.breakEven')}</dt>
              <dd className="font-semibold">{projection.breakEvenWeek === null ? t('scenarios.results.notInHorizon') : dayOfWeek(projection.breakEvenWeek)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">{t('scenarios.results.verdict')}</dt>
              <dd className={projection.defaultAlive ? 'font-semibold text-primary' : 'font-semibold text-destructive'} data-testid="verdict">
                {projection.defaultAlive ? t('scenarios.results.alive') : t('scenarios.results.dead')}
              </dd>
              {/* The verdict holds under the stated assumption only: say which. */}
              <dd className="text-xs text-muted-foreground" data-testid="assumed">
                {monthlyGrowth === 0 ? t('scenarios.results.assumedFlat') : t('scenarios.results.assumedGrowth', { growth: percent(monthlyGrowth) })}
              </dd>
            </div>
          </dl>
          <Suspense fallback={<div className="h-48 animate-pulse rounded-md bg-muted" />}>
            <CashChart weeks={projection.weeks} money={money} axisMoney={axisMoney} title={t('scenarios.chart.title', { name: draft.name })} />
          </Suspense>
          {draft.changes.length > 0 && (
            <button
              type="button"
              disabled={creating}
              aria-busy={creating || undefined}
              onClick={() => void turnIntoTasks(projection)}
              className={buttonClass.secondary}
            >
              <ListPlus aria-hidden="true" className="size-4" />
              {t('scenarios.tasks.button')}
            </button>
          )}
        </>
      ) : (
        <p role="status" className="text-sm text-destructive">
          {t('scenarios.fixFields')}
        </p>
      )}
    </section>
  );
}
