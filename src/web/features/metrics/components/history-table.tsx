import { cn } from '../../../lib/cn.ts';
import { CalendarPlus, Lock, Pencil, Trash2 } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { formatWeek, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import { MONEY_FIELDS, type WeekInputField, type WeekRecord, type WeekRecordInput } from '../../../../core/metrics/week-record.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { showErrorToast } from '../../../lib/error-toast.ts';
import { useDeleteWeek, useSaveWeek } from '../metrics-api.ts';
import { useDates } from '../dates.ts';
import { moneyFormatter } from '../../../lib/metric-format.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { useConfirmedSave, useWeekDraft } from '../week-entry.ts';
import { draftFromRecord, emptyDraft, formatForField } from '../week-values.ts';
import { NumberQuestion } from '../../../components/number-question.tsx';
import { PlausibilityDialog } from './plausibility-dialog.tsx';
import { useValidationTexts } from '../../../i18n/validation-texts.ts';

type Props = {
  weeks: WeekRecord[];
  numbers: NumberStyle;
  /** Weeks older than the last 4 need tier 2; a tier-1 founder is offered the upgrade instead. */
  isLocked: (key: WeekKey) => boolean;
  onLocked: () => void;
  /** "Add a past week": opens the week picker. */
  onAddPastWeek: () => void;
};

/**
 * The columns in the order a founder reads a week: its revenue, its customers, its cash
 * and costs, then where revenue moved, the users, margin and ARPU (decision 113).
 */
export const HISTORY_COLUMNS = [
  'weeklyRevenue',
  'startingCustomers',
  'newCustomers',
  'lostCustomers',
  'cashBalance',
  'weeklyCosts',
  'marketingCosts',
  'startingRevenue',
  'expansions',
  'downgrades',
  'churnedRevenue',
  'weeklyActiveUsers',
  'dailyActiveUsers',
  'monthlyActiveUsers',
  'grossMarginPct',
  'arpu',
] as const satisfies readonly WeekInputField[];
const money = new Set<WeekInputField>(MONEY_FIELDS);

/** A quarter of weeks at first; ten years of rows wait behind "Show all". */
const RECENT_ROWS = 13;

const sameWeek = (a: WeekKey, b: WeekKey | null) => b !== null && a.year === b.year && a.week === b.week;

/** Every recorded week, newest first; a row turns into inputs to edit it in place. */
export function HistoryTable({ weeks, numbers, isLocked, onLocked, onAddPastWeek }: Props) {
  const { t } = useTranslation('metrics');
  useValidationTexts();
  const dates = useDates();
  const formatMoney = moneyFormatter(numbers);
  const cell = (record: WeekRecord, field: WeekInputField) =>
    money.has(field) ? formatMoney(record[field]) : formatForField(field, record[field], numbers);
  const [editing, setEditing] = useState<WeekKey | null>(null);
  const row = useWeekDraft(emptyDraft, numbers);
  const [deleting, setDeleting] = useState<WeekKey | null>(null);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? weeks : weeks.slice(0, RECENT_ROWS);
  const save = useSaveWeek();
  const remove = useDeleteWeek();
  const confirmed = useConfirmedSave(weeks, persist);

  function startEditing(record: WeekRecord) {
    if (isLocked(record)) return onLocked();
    setEditing({ year: record.year, week: record.week });
    row.reset(draftFromRecord(record, numbers));
  }

  async function persist(key: WeekKey, input: WeekRecordInput) {
    try {
      await save.mutateAsync({ key, input });
      toast.success(t('form.saved', { week: dates.week(key) }));
      setEditing(null);
    } catch (error) {
      showErrorToast(error, t('form.saveError'));
    }
  }

  async function saveRow() {
    if (!editing) return;
    const parsed = row.check();
    if (parsed.input) await confirmed.request(editing, parsed.input);
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting);
      toast.success(t('history.deleted', { week: dates.week(deleting) }));
    } catch (error) {
      showErrorToast(error, t('history.deleteError'));
    } finally {
      setDeleting(null);
    }
  }

  return (
    <section aria-labelledby="history-title" className="rounded-xl border border-border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="history-title" className="text-lg font-semibold">
          {t('history.title')}
        </h2>
        <button type="button" onClick={onAddPastWeek} className={buttonClass.secondary}>
          <CalendarPlus aria-hidden="true" className="size-4" />
          {t('pastWeek.action')}
        </button>
      </div>
      <p className="mt-1 text-sm text-muted-foreground">{t('history.hint')}</p>
      <div className="relative mt-4 overflow-x-auto" tabIndex={0} role="region" aria-label={t('history.scroll')}>
        <table className="w-full min-w-max border-collapse text-sm">
          <caption className="sr-only">{t('history.caption')}</caption>
          <thead>
            <tr className="border-b border-border text-left">
              <th scope="col" className="sticky left-0 bg-card py-2 pr-3 font-medium">
                {t('history.week')}
              </th>
              {HISTORY_COLUMNS.map((field) => (
                <th key={field} scope="col" className="px-2 py-2 text-right font-medium">
                  {t(`fields.${field}`)}
                </th>
              ))}
              <th scope="col" className="px-2 py-2 text-right font-medium">
                <span className="sr-only">{t('history.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((record) => {
              const key = formatWeek(record);
              const label = dates.week(record);
              const isEditing = sameWeek(record, editing);
              const locked = isLocked(record);
              return (
                <Fragment key={key}>
                  <tr className="border-b border-border last:border-0" data-week={key}>
                    <th scope="row" className="sticky left-0 bg-card py-2 pr-3 text-left font-medium whitespace-nowrap tabular-nums">
                      {dates.weekStart(record)}
                    </th>
                    {HISTORY_COLUMNS.map((field) => (
                      <td key={field} className="px-2 py-1 text-right tabular-nums">
                        {isEditing ? (
                          <input
                            aria-label={t('history.cellLabel', { field: t(`fields.${field}`), week: label })}
                            aria-invalid={Boolean(row.errors[field] ?? row.questions[field])}
                            inputMode="decimal"
                            value={row.draft[field]}
                            onChange={(event) => row.change(field, event.target.value)}
                            onBlur={() => row.blur(field)}
                            className="h-8 w-28 rounded border border-input bg-background px-2 text-right"
                          />
                        ) : (
                          cell(record, field)
                        )}
                      </td>
                    ))}
                    <td className="px-2 py-1 text-right whitespace-nowrap">
                      {isEditing ? (
                        <span className="inline-flex gap-2">
                          <button type="button" onClick={saveRow} disabled={save.isPending} className={cn(buttonClass.primary, 'h-8 px-3')}>
                            {t('history.save')}
                          </button>
                          <button type="button" onClick={() => setEditing(null)} className={cn(buttonClass.compact, 'h-8')}>
                            {t('history.cancel')}
                          </button>
                        </span>
                      ) : (
                        <span className="inline-flex gap-1">
                          <button
                            type="button"
                            onClick={() => startEditing(record)}
                            aria-label={t(locked ? 'history.editLocked' : 'history.edit', { week: dates.theWeek(record) })}
                            className={cn(buttonClass.icon, 'size-8')}
                          >
                            {locked ? <Lock aria-hidden="true" className="size-4" /> : <Pencil aria-hidden="true" className="size-4" />}
                          </button>
                          <button
                            type="button"
                            onClick={() => (locked ? onLocked() : setDeleting({ year: record.year, week: record.week }))}
                            aria-label={t('history.delete', { week: dates.theWeek(record) })}
                            className={cn(buttonClass.icon, 'size-8 hover:text-destructive')}
                          >
                            <Trash2 aria-hidden="true" className="size-4" />
                          </button>
                        </span>
                      )}
                    </td>
                  </tr>
                  {isEditing && (
                    <tr>
                      <td colSpan={HISTORY_COLUMNS.length + 2} className="p-0">
                        {/* Sticky so a question stays in view however far the row scrolls sideways. */}
                        <div aria-live="polite" className="sticky left-0 w-[calc(100vw-5rem)] max-w-xl">
                          {Object.entries(row.questions).map(([field, readings]) => (
                            <div key={field} className="pb-2">
                              <p className="text-sm font-medium">{t(`fields.${field}`)}</p>
                              <NumberQuestion typed={row.draft[field as WeekInputField]} readings={readings} numbers={numbers} onAnswer={(value) => row.answer(field as WeekInputField, value)} />
                            </div>
                          ))}
                          {Object.keys(row.errors).length > 0 && (
                            <p className="pb-2 text-destructive" role="alert">
                              {Object.entries(row.errors).map(([field, message]) => (
                                <span key={field} className="mr-4 inline-block">
                                  {t('history.fieldError', { field: t(`fields.${field}`), message: t(message) })}
                                </span>
                              ))}
                            </p>
                          )}
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {weeks.length > RECENT_ROWS && (
        <button type="button" onClick={() => setShowAll(!showAll)} aria-expanded={showAll} className={cn(buttonClass.compact, 'mt-3')}>
          {t(showAll ? 'history.showRecent' : 'history.showAll', { count: weeks.length })}
        </button>
      )}
      <Dialog.Root open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-card p-6 shadow-lg">
            <Dialog.Title className="text-lg font-semibold">{t('history.confirmTitle', { week: deleting ? dates.theWeek(deleting) : '' })}</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-muted-foreground">{t('history.confirmBody')}</Dialog.Description>
            <div className="mt-6 flex justify-end gap-2">
              <Dialog.Close className="rounded-md border border-border px-4 py-2">{t('history.cancel')}</Dialog.Close>
              <button type="button" onClick={confirmDelete} disabled={remove.isPending} className={buttonClass.destructive}>
                {t('history.confirmDelete')}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <PlausibilityDialog changes={confirmed.pending?.changes ?? null} numbers={numbers} onConfirm={confirmed.confirm} onCancel={confirmed.cancel} />
    </section>
  );
}
