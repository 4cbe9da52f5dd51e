import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvTarget, EXTRA_TARGETS } from '../../../../core/metrics/csv-columns.ts';
import type { ImportPlan, RowPeriod } from '../../../../core/metrics/csv-import.ts';
import { parseDateCell } from '../../../../core/metrics/csv-periods.ts';
import type { CsvTable } from '../../../../core/metrics/csv-table.ts';
import { WEEK_INPUT_FIELDS } from '../../../../core/metrics/week-record.ts';

/** What a column can be imported as, by what a row stands for: a file of months has MRR, not weekly revenue. */
const TARGETS: Record<RowPeriod, readonly CsvTarget[]> = {
  week: ['date', 'isoWeek', 'year', 'week', ...WEEK_INPUT_FIELDS, ...EXTRA_TARGETS],
  month: ['month', 'date', 'year', ...WEEK_INPUT_FIELDS.filter((field) => field !== 'weeklyRevenue'), ...EXTRA_TARGETS],
};
export const ROW_PERIODS: readonly RowPeriod[] = ['week', 'month'];
const DATE_ORDERS = ['dmy', 'mdy'] as const;
const NOT_IMPORTED = '';

type Props = { table: CsvTable; plan: ImportPlan; onChange: (plan: ImportPlan) => void; locale: string };

/**
 * The mapping step of an import (decision 117): each column of the founder's file, an
 * example cell and what Rumbo reads it as, matched from its header and changed with a
 * select; what a row stands for (a week or a month, with the rule that spreads a month);
 * and, when no cell tells, which way its dates are written.
 */
export function ImportMapping({ table, plan, onChange, locale }: Props) {
  const { t } = useTranslation('metrics');
  const id = useId();
  const targetLabel = (target: CsvTarget) => (plan.period === 'month' ? t(`monthColumns.${target}`, { defaultValue: t(`fields.${target}`) }) : t(`fields.${target}`));
  const example = (column: number) => table.rows.map((row) => (row.cells[column] ?? '').trim()).find(Boolean) ?? '';
  const dateColumn = plan.mapping.findIndex((target) => target === 'date' || target === 'month');
  const sampleDate = dateColumn < 0 ? '' : example(dateColumn);

  function choose(column: number, target: CsvTarget | null) {
    // A target belongs to one column: choosing it elsewhere takes it from where it was.
    const mapping = plan.mapping.map((current, index) => (index === column ? target : current === target ? null : current));
    onChange({ ...plan, mapping });
  }

  function choosePeriod(period: RowPeriod) {
    // Revenue in a file of months is the month's (MRR), and the other way round.
    const [from, to] = period === 'month' ? (['weeklyRevenue', 'monthlyRevenue'] as const) : (['monthlyRevenue', 'weeklyRevenue'] as const);
    const mapping = plan.mapping.includes(to) ? plan.mapping : plan.mapping.map((target) => (target === from ? to : target));
    onChange({ ...plan, period, mapping });
  }

  const readAs = (order: 'dmy' | 'mdy') => {
    const date = parseDateCell(sampleDate, order);
    return date ? new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date) : '—';
  };

  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-labelledby={`${id}-period`} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <span id={`${id}-period`} className="font-medium">
          {t('import.rowPeriod')}
        </span>
        {ROW_PERIODS.map((period) => (
          <label key={period} className="inline-flex items-center gap-1.5">
            <input type="radio" name={`${id}-period`} checked={plan.period === period} onChange={() => choosePeriod(period)} className="size-4 accent-primary" />
            {t(`import.rowIs.${period}`)}
          </label>
        ))}
      </div>
      {plan.period === 'month' && <p className="rounded-md bg-muted/60 p-3 text-sm">{t('import.monthRule')}</p>}

      {dateColumn >= 0 && plan.dateOrderInDoubt && (
        <div role="radiogroup" aria-labelledby={`${id}-order`} className="rounded-md border border-highlight p-3 text-sm">
          <p id={`${id}-order`} className="font-medium">
            {t('import.dateOrder', { example: sampleDate })}
          </p>
          <div className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
            {DATE_ORDERS.map((order) => (
              <label key={order} className="inline-flex items-center gap-1.5">
                <input type="radio" name={`${id}-order`} checked={plan.dateOrder === order} onChange={() => onChange({ ...plan, dateOrder: order })} className="size-4 accent-primary" />
                {t(`import.dateOrders.${order}`, { date: readAs(order) })}
              </label>
            ))}
          </div>
        </div>
      )}

      <div className="overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="mb-1 text-left font-medium">{t('import.mappingCaption')}</caption>
          <thead>
            <tr className="border-b border-border text-left">
              <th scope="col" className="py-1 pr-2">{t('import.fileColumn')}</th>
              <th scope="col" className="px-2 py-1">{t('import.example')}</th>
              <th scope="col" className="py-1 pl-2">{t('import.importedAs')}</th>
            </tr>
          </thead>
          <tbody>
            {table.headers.map((header, column) => {
              const target = plan.mapping[column] ?? null;
              // A column placed as something a row of this period cannot hold keeps it listed until changed.
              const options = !target || TARGETS[plan.period].includes(target) ? TARGETS[plan.period] : [target, ...TARGETS[plan.period]];
              return (
                <tr key={column} className="border-b border-border last:border-0">
                  <th scope="row" className="py-1 pr-2 text-left font-normal">{header || t('import.unnamedColumn', { number: column + 1 })}</th>
                  <td className="max-w-[10rem] truncate px-2 py-1 text-muted-foreground tabular-nums">{example(column)}</td>
                  <td className="py-1 pl-2">
                    <select
                      aria-label={t('import.mapColumn', { column: header || column + 1 })}
                      value={target ?? NOT_IMPORTED}
                      onChange={(event) => choose(column, (event.target.value || null) as CsvTarget | null)}
                      className={`h-9 w-full min-w-[12rem] rounded-md border bg-background px-2 ${target ? 'border-input' : 'border-highlight'}`}
                    >
                      <option value={NOT_IMPORTED}>{t('import.notImported')}</option>
                      {options.map((option) => (
                        <option key={option} value={option}>
                          {targetLabel(option)}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
