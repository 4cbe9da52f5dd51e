import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFutureWeek } from '../../../../core/metrics/editing-window.ts';
import { isoWeekOf, type WeekKey } from '../../../../core/metrics/iso-week.ts';
import { MIN_YEAR } from '../../../../core/metrics/week-record.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { inputClass } from '../../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { cn } from '../../../lib/cn.ts';
import { useDates } from '../dates.ts';

/** `YYYY-MM-DD` of a day, as a date input reads and writes it. */
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

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
  const id = useId();
  const [day, setDay] = useState('');
  const [error, setError] = useState<string | null>(null);
  const today = new Date();
  const week = /^\d{4}-\d{2}-\d{2}$/.test(day) ? isoWeekOf(new Date(`${day}T00:00:00Z`)) : null;

  function close(next: boolean) {
    if (!next) {
      setDay('');
      setError(null);
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!week || week.year < MIN_YEAR) return setError('pastWeek.chooseDay');
    if (isFutureWeek(week, today)) return setError('validation.futureWeek');
    close(false);
    onPick(week);
  }

  return (
    <Modal open={open} onOpenChange={close} title={t('pastWeek.title')} description={t('pastWeek.body')}>
      <form noValidate onSubmit={submit}>
        <label htmlFor={`${id}-day`} className="text-sm font-medium">
          {t('pastWeek.day')}
        </label>
        <input
          id={`${id}-day`}
          type="date"
          value={day}
          min={`${MIN_YEAR}-01-01`}
          max={isoDay(today)}
          onChange={(event) => {
            setDay(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-week${error ? ` ${id}-error` : ''}`}
          className={cn(inputClass, 'h-11')}
        />
        <p id={`${id}-week`} className="mt-2 text-sm text-muted-foreground" aria-live="polite">
          {week && week.year >= MIN_YEAR ? t('pastWeek.chosen', { week: dates.theWeek(week) }) : t('pastWeek.hint')}
        </p>
        {error && (
          <p id={`${id}-error`} className="mt-1 text-sm text-destructive">
            {t(error)}
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
