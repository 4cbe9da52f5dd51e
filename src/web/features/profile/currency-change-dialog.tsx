import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyChangeInput } from '../../../core/metrics/currency-change.ts';
import { formatUnambiguous } from '../../../core/numbers/format-number.ts';
import { readField } from '../../../core/numbers/read-number.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { ChoiceField, inputClass } from '../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { type CurrencyChange, useChangeCurrency } from '../../lib/api/metrics-api.ts';
import { NumberQuestion } from '../../components/number-question.tsx';
import type { NumberStyle } from '../../lib/number-style.ts';
import { translateFieldMessage } from '../../lib/profile-options.ts';

type Mode = 'relabel' | 'convert';
const RATE = { unit: 'rate' } as const;

type Props = {
  /** The currency the recorded weeks are in, and the one chosen; null while closed. */
  change: { from: string; to: string } | null;
  numbers: NumberStyle;
  onCancel: () => void;
  onChanged: (change: CurrencyChange) => void;
};

/**
 * Asked when a founder with recorded weeks changes their currency (decision 114): were the
 * numbers already in the new currency (relabel), or must they be converted at a rate the
 * founder enters? Nothing changes until they answer; a rate of 0 or below is refused here
 * and by the server, and the server converts every week in one transaction.
 */
export function CurrencyChangeDialog({ change, numbers, onCancel, onChanged }: Props) {
  const { t } = useTranslation(['profile', 'metrics']);
  const id = useId();
  const save = useChangeCurrency();
  const [mode, setMode] = useState<Mode | ''>('');
  const [rateText, setRateText] = useState('');
  /** The founder's answer when the rate they typed reads two ways (`4.000`). */
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const [asked, setAsked] = useState<[number, number] | null>(null);
  const [errors, setErrors] = useState<{ mode?: string; rate?: string }>({});

  function close() {
    setMode('');
    setRateText('');
    setChosenRate(null);
    setAsked(null);
    setErrors({});
    onCancel();
  }

  /** The rate typed, a question about it, or why it is not a rate. */
  function readRate(): number | null {
    if (chosenRate !== null) return chosenRate;
    const read = readField(rateText, RATE, numbers.convention);
    if (read.status === 'value') return read.value;
    if (read.status === 'ambiguous') setAsked(read.readings);
    else setErrors({ rate: read.status === 'invalid' && read.reason === 'exponent' ? 'validation:metrics.exponent' : 'validation:currency.rateNumber' });
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!change) return;
    if (!mode) return setErrors({ mode: 'validation:currency.mode' });
    const rate = mode === 'convert' ? readRate() : undefined;
    if (rate === null) return;
    const parsed = CurrencyChangeInput.safeParse({ mode, currency: change.to, ...(mode === 'convert' ? { rate } : {}) });
    if (!parsed.success) return setErrors({ rate: parsed.error.issues[0]?.message });
    try {
      onChanged(await save.mutateAsync(parsed.data));
      close();
    } catch (error) {
      const detail = error instanceof ApiError && Array.isArray(error.details) ? (error.details[0] as { message?: string } | undefined) : undefined;
      setErrors({ rate: detail?.message ?? 'toast.genericError' });
    }
  }

  const message = (key: string) => (key.includes('.') || key.includes(':') ? t(key) : translateFieldMessage(t, key));
  const rateLabel = change ? t('currencyChange.rate', { from: change.from, to: change.to }) : '';
  return (
    <Modal
      open={change !== null}
      onOpenChange={(open) => !open && close()}
      title={change ? t('currencyChange.title', { from: change.from, to: change.to }) : ''}
      description={change ? t('currencyChange.body', { from: change.from }) : undefined}
    >
      {change && (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <ChoiceField
            name="currencyChangeMode"
            label={t('currencyChange.question', { to: change.to })}
            value={mode}
            onChange={(value) => {
              setMode(value as Mode);
              setErrors({});
            }}
            options={[
              { value: 'relabel', label: t('currencyChange.relabel', { to: change.to }) },
              { value: 'convert', label: t('currencyChange.convert', { to: change.to }) },
            ]}
            error={errors.mode ? t(errors.mode) : undefined}
          />
          {mode === 'convert' && (
            <div>
              <label htmlFor={`${id}-rate`} className="text-sm font-medium">
                {rateLabel}
              </label>
              <input
                id={`${id}-rate`}
                inputMode="decimal"
                autoComplete="off"
                value={rateText}
                onChange={(event) => {
                  setRateText(event.target.value);
                  setChosenRate(null);
                  setAsked(null);
                  setErrors({});
                }}
                aria-invalid={errors.rate ? true : undefined}
                aria-describedby={`${id}-rate-hint${errors.rate ? ` ${id}-rate-error` : ''}`}
                className={cn(inputClass, 'h-11 tabular-nums')}
              />
              <p id={`${id}-rate-hint`} className="mt-1 text-sm text-muted-foreground">
                {t('currencyChange.rateHint', { from: change.from, to: change.to })}
              </p>
              <div aria-live="polite">
                {asked && chosenRate === null && (
                  <NumberQuestion
                    typed={rateText}
                    readings={asked}
                    numbers={numbers}
                    onAnswer={(value) => {
                      setChosenRate(value);
                      setRateText(formatUnambiguous(value, numbers.convention));
                    }}
                  />
                )}
              </div>
            </div>
          )}
          {errors.rate && (
            <p id={`${id}-rate-error`} role="alert" className="text-sm text-destructive">
              {message(errors.rate)}
            </p>
          )}
          <ModalActions cancel={t('currencyChange.cancel', { from: change.from })} onCancel={close}>
            <button type="submit" disabled={save.isPending} className={buttonClass.primary}>
              {t('currencyChange.submit', { to: change.to })}
            </button>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
