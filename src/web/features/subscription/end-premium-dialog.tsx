import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { buttonClass } from '../../components/form/buttons.ts';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { useSubscriptionChange } from './subscription-api.ts';
import { type EndWhen, type SubscriptionView, subscriptionCalls } from './subscription-calls.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import type { BillingFormat } from './billing-format.ts';

export type EndKind = 'downgrade' | 'cancel';

/**
 * Downgrading to Free or cancelling: the founder chooses when Premium ends, with what each
 * choice means in plain words. At the end of the period is the default: nothing paid for is lost.
 */
export function EndPremiumDialog({
  kind,
  view,
  format,
  onClose,
}: {
  kind: EndKind;
  view: SubscriptionView;
  format: BillingFormat;
  onClose: () => void;
}) {
  const { t } = useTranslation('subscription');
  const [when, setWhen] = useState<EndWhen>(view.cancelAtPeriodEnd ? 'now' : 'period-end');
  const end = useSubscriptionChange((choice: EndWhen) => subscriptionCalls[kind](choice));
  const periodEnd = view.periodEnd ? format.date(view.periodEnd) : '';
  const name = useId();

  // Awaited, not mutate's callbacks: ending Premium now swaps this section for the upgrade
  // one, and the callbacks of an unmounted component never run.
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const next = await end.mutateAsync(when);
      onClose();
      if (next.phase === 'premium' && next.periodEnd) toast.success(t(`end.${kind}.scheduled`), { description: t('end.scheduledBody', { date: format.date(next.periodEnd) }) });
      else toast.success(t(`end.${kind}.done`), { description: t('end.doneBody') });
    } catch (error) {
      showErrorToast(error, t(`end.${kind}.failed`));
    }
  }

  const options: { value: EndWhen; label: string; hint: string }[] = [
    { value: 'period-end', label: t('end.periodEnd.label', { date: periodEnd }), hint: t('end.periodEnd.hint') },
    { value: 'now', label: t('end.now.label'), hint: t('end.now.hint') },
  ];
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t(`end.${kind}.title`)} description={t('end.body')}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{t('end.when')}</legend>
          {options.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-input p-3 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={when === option.value}
                onChange={() => setWhen(option.value)}
                aria-describedby={`${name}-${option.value}-hint`}
                className="mt-1 size-4 accent-[var(--primary)]"
              />
              <span className="flex flex-col gap-1">
                <span className="text-sm font-medium">{option.label}</span>
                <span id={`${name}-${option.value}-hint`} className="text-sm text-muted-foreground">
                  {option.hint}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <ModalActions cancel={t('end.keep')} onCancel={onClose}>
          <button type="submit" className={buttonClass.destructive} disabled={end.isPending}>
            {end.isPending ? t('end.pending') : t(`end.${kind}.confirm`)}
          </button>
        </ModalActions>
      </form>
    </Modal>
  );
}
