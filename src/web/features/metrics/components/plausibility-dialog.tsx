import { useTranslation } from 'react-i18next';
import type { ImplausibleChange } from '../../../../core/metrics/plausibility.ts';
import { inConvention } from '../../../../core/numbers/format-number.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { Modal, ModalActions } from '../../../components/modal.tsx';
import { moneyFormatter } from '../../../lib/metric-format.ts';
import type { NumberStyle } from '../../../lib/number-style.ts';

type Props = {
  changes: ImplausibleChange[] | null;
  numbers: NumberStyle;
  onConfirm: () => void;
  onCancel: () => void;
};

/** "Are you sure?" with each implausible figure before and after (decision 111); saving stays the founder's call. */
export function PlausibilityDialog({ changes, numbers, onConfirm, onCancel }: Props) {
  const { t } = useTranslation('metrics');
  const number = (options: Intl.NumberFormatOptions) => inConvention(new Intl.NumberFormat(numbers.locale, options), numbers.convention);
  // To the cent: a misplaced separator must show (USD 198,90, not USD 199).
  const money = moneyFormatter(numbers);
  const customers = number({ maximumFractionDigits: 0 });
  // Three significant digits: a collapsed runway reads 0,0497 weeks, not 0.
  const weeks = number({ maximumSignificantDigits: 3 });
  const show = (change: ImplausibleChange, value: number) => {
    if (change.figure === 'customers') return customers(value);
    if (change.figure === 'runwayWeeks') return t('plausibility.weeks', { count: value, value: weeks(value) });
    return money(value);
  };
  return (
    <Modal open={changes !== null} onOpenChange={(open) => !open && onCancel()} title={t('plausibility.title')} description={t('plausibility.body')}>
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-border text-left">
            <th scope="col" className="py-1 pr-2 font-medium">
              <span className="sr-only">{t('plausibility.figure')}</span>
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              {t('plausibility.before')}
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-medium">
              {t('plausibility.after')}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes?.map((change) => (
            <tr key={change.figure} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-2 text-left font-medium">
                {t(`plausibility.figures.${change.figure}`)}
              </th>
              <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">{show(change, change.before)}</td>
              <td className="py-2 pl-2 text-right font-semibold whitespace-nowrap tabular-nums">{show(change, change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-5">
        <ModalActions cancel={t('plausibility.review')} onCancel={onCancel}>
          <button type="button" className={buttonClass.primary} onClick={onConfirm}>
            {t('plausibility.confirm')}
          </button>
        </ModalActions>
      </div>
    </Modal>
  );
}
