import { useTranslation } from 'react-i18next';
import { formatWeek, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import type { WeekInputField } from '../../../../core/metrics/week-record.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';
import { formatForField } from '../week-values.ts';

type Props<Week extends WeekKey & Partial<Record<WeekInputField, number | null>>> = {
  /** Newest first. */
  weeks: readonly Week[];
  fields: readonly WeekInputField[];
  numbers: NumberStyle;
  caption: string;
  /** A word after a week's label (Stripe's "(recorded)"). */
  noteOf?: (week: Week) => string | null;
};

/** Weeks about to be imported (from a file or from Stripe), a few figures each, in the founder's convention. */
export function WeeksPreview<Week extends WeekKey & Partial<Record<WeekInputField, number | null>>>({ weeks, fields, numbers, caption, noteOf }: Props<Week>) {
  const { t } = useTranslation('metrics');
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sticky top-0 bg-card">
        <tr className="border-b border-border text-left">
          <th scope="col" className="px-2 py-1">{t('history.week')}</th>
          {fields.map((field) => (
            <th key={field} scope="col" className="px-2 py-1 text-right">{t(`fields.${field}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => {
          const note = noteOf?.(week);
          return (
            <tr key={formatWeek(week)} className="border-b border-border last:border-0">
              <th scope="row" className="px-2 py-1 text-left font-normal whitespace-nowrap tabular-nums">
                {formatWeek(week)}
                {note && <span className="ml-1 text-xs text-muted-foreground">{note}</span>}
              </th>
              {fields.map((field) => (
                <td key={field} className="px-2 py-1 text-right tabular-nums">{formatForField(field, week[field] ?? null, numbers)}</td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
