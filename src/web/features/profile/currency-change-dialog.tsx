import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CurrencyChangeInput } from '../../../core/metrics/currency-change.ts';
import { formatUnambiguous } from '../../../core/numbers/format-number.ts';
import { readField } from '../../../core/numbers/read-number.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { ChoiceField, inputClass } from '../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { cn } from '../../lib/cn.ts';
import { type CurrencyChange, useChangeCurrency } from '../metrics/index.ts';
import { NumberQuestion } from '../../components/number-question.tsx';
import type { NumberStyle } from '../../lib/number-style.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

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
  const save = useChangeCurrency();
  /** The founder's answer when the rate they typed reads two ways (`4.000`). */
  const [chosenRate, setChosenRate] = useState<number | null>(null);
  const [asked, setAsked] = useState<[number, number] | null>(null);
  const [failed, setFailed] = useState(false);
  const readRate = (text: string) => (chosenRate !== null ? ({ status: 'value', value: chosenRate } as const) : readField(text, RATE, numbers.convention, numbers.answers));
  const form = useSchemaForm(CurrencyChangeInput, { mode: '' as Mode | '', rate: '' }, {
    toInput: ({ mode, rate }) => {
      const read = readRate(rate);
      return { mode: mode || undefined, currency: change?.to, ...(mode === 'convert' ? { rate: read.status === 'value' ? read.value : undefined } : {}) };
    },
    // A rate written with an exponent is told so, rather than only "a number".
    check: ({ mode, rate }) => {
      const read = readRate(rate);
      return mode === 'convert' && read.status === 'invalid' && read.reason === 'exponent' ? [{ path: 'rate', message: 'validation:metrics.exponent' }] : [];
    },
    // Every refusal but the missing choice shows under the rate, as the server's `currency` one (already your currency) does.
    fieldOf: (path) => (path === 'mode' ? 'mode' : 'rate'),
    translate: ({ message, params }) => t(message, params),
    onSubmit: async (input) => {
      onChanged(await save.mutateAsync(input));
      close();
    },
    // Any other failure is said where the rate's problems are, as before.
    onError: (_error, onFields) => setFailed(!onFields),
  });
  const { mode } = form.values;

  function close() {
    form.reset();
    setFailed(false);
    setChosenRate(null);
    setAsked(null);
    onCancel();
  }

  /** A rate that reads two ways is asked about first; anything else is checked and sent. */
  function submit(event: FormEvent<HTMLFormElement>) {
    setFailed(false);
    const read = mode === 'convert' ? readRate(form.values.rate) : null;
    if (read?.status === 'ambiguous') {
      event.preventDefault();
      setAsked(read.readings);
      return;
    }
    return form.handleSubmit(event);
  }

  const rateLabel = change ? t('currencyChange.rate', { from: change.from, to: change.to }) : '';
  const hint = `${form.id('rate')}-hint`;
  const rateError = form.errors.rate ?? (failed ? t('toast.genericError') : undefined);
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
              form.setValue('mode', value as Mode);
              form.clearError('rate');
              setFailed(false);
            }}
            options={[
              { value: 'relabel', label: t('currencyChange.relabel', { to: change.to }) },
              { value: 'convert', label: t('currencyChange.convert', { to: change.to }) },
            ]}
            error={form.errors.mode}
          />
          {mode === 'convert' && (
            <div>
              <label htmlFor={form.id('rate')} className="text-sm font-medium">
                {rateLabel}
              </label>
              <input
                {...form.field('rate', failed ? [hint, form.errorId('rate')] : [hint])}
                onChange={(event) => {
                  form.setValue('rate', event.target.value);
                  form.clearError('mode');
                  setFailed(false);
                  setChosenRate(null);
                  setAsked(null);
                }}
                inputMode="decimal"
                autoComplete="off"
                className={cn(inputClass, 'h-11 tabular-nums')}
              />
              <p id={hint} className="mt-1 text-sm text-muted-foreground">
                {t('currencyChange.rateHint', { from: change.from, to: change.to })}
              </p>
              <div aria-live="polite">
                {asked && chosenRate === null && (
                  <NumberQuestion
                    typed={form.values.rate}
                    readings={asked}
                    numbers={numbers}
                    onAnswer={(value) => {
                      setChosenRate(value);
                      form.setValue('rate', formatUnambiguous(value, numbers.convention));
                    }}
                  />
                )}
              </div>
            </div>
          )}
          {rateError && (
            <p id={form.errorId('rate')} role="alert" className="text-sm text-destructive">
              {rateError}
            </p>
          )}
          <ModalActions cancel={t('currencyChange.cancel', { from: change.from })} onCancel={close}>
            <button type="submit" disabled={form.submitting} className={buttonClass.primary}>
              {t('currencyChange.submit', { to: change.to })}
            </button>
          </ModalActions>
        </form>
      )}
    </Modal>
  );
}
