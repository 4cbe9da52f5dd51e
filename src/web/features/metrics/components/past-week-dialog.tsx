import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { isFutureWeek } from '../../../../core/metrics/editing-window.ts';
import { isoWeekOf, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import { MIN_YEAR } from '../../../../core/metrics/week-record.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDates } from '../dates.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

/** `YYYY-MM-DD` of a day, as a date input reads and writes it. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const CHOOSE_DAY = 'metrics:pastWeek.chooseDay';
/** The week of the day named, if a founder may record it (decision 041). */
const pastWeekInput = (today: Date) =>
  z.object({
    day: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, CHOOSE_DAY)
      .transform((day) => isoWeekOf(new Date(`${day}T00:00:00Z`)))
      .refine((week) => week.year >= MIN_YEAR, CHOOSE_DAY)
      .refine((week) => !isFutureWeek(week, today), 'validation:metrics.futureWeek'),
  });

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The week chosen; the page opens the week form on it (or the upgrade prompt when it is locked). */
  onPick: (week: WeekKey) => void;
};

/**
 * "Add a past week": the founder names any day of the week they want to record, and the
 * week form opens on that week, pre-filled from the week before it. Which weeks a
 * founder may record is decision 041's rule, unchanged.
 */
export function PastWeekDialog({ open, onOpenChange, onPick }: Props) {
  const { t } = useTranslation('metrics');
  const dates = useDates();
  const today = new Date();
  const form = useSchemaForm(pastWeekInput(today), { day: '' }, {
    onSubmit: ({ day: week }) => {
      close(false);
      onPick(week);
    },
  });
  const { day } = form.values;
  const week = /^\d{4}-\d{2}-\d{2}$/.test(day) ? isoWeekOf(new Date(`${day}T00:00:00Z`)) : null;
  const chosen = `${form.id('day')}-week`;

  function close(next: boolean) {
    if (!next) form.reset();
    onOpenChange(next);
  }

  return (
    <Modal open={open} onOpenChange={close} title={t('pastWeek.title')} description={t('pastWeek.body')}>
      <form noValidate onSubmit={form.handleSubmit}>
        <label htmlFor={form.id('day')} className="text-sm font-medium">
          {t('pastWeek.day')}
        </label>
        <input {...form.field('day', [chosen])} type="date" min={`${MIN_YEAR}-01-01`} max={isoDay(today)} className={cn(inputClass, 'h-11')} />
        <p id={chosen} className="mt-2 text-sm text-muted-foreground" aria-live="polite">
          {week && week.year >= MIN_YEAR ? t('pastWeek.chosen', { week: dates.theWeek(week) }) : t('pastWeek.hint')}
        </p>
        {form.errors.day && (
          <p id={form.errorId('day')} className="mt-1 text-sm text-destructive">
            {form.errors.day}
          </p>
        )}
        <div className="mt-5">
          <ModalActions cancel={t('history.cancel')} onCancel={() => close(false)}>
            <button type="submit" className={buttonClass.primary}>
              {t('pastWeek.open')}
            </button>
          </ModalActions>
        </div>
      </form>
    </Modal>
  );
}
