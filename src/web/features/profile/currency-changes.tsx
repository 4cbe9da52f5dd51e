import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../core/metrics/week-label.ts';
import { inConvention } from '../../../core/numbers/format-number.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { currencyChangesQuery } from '../metrics/index.ts';
import type { NumberStyle } from '../../lib/number-style.ts';

/** The founder's currency changes, so the history's numbers can always be explained (decision 114). */
export function CurrencyChanges({ numbers }: { numbers: NumberStyle }) {
  const { t } = useTranslation('profile');
  const changes = useQuery(currencyChangesQuery).data ?? [];
  if (changes.length === 0) return null;
  const rate = inConvention(new Intl.NumberFormat(numbers.locale, { maximumSignificantDigits: 10 }), numbers.convention);
  return (
    <div>
      <h3 className="text-sm font-medium">{t('currencyChange.history')}</h3>
      <ul className="mt-1 flex flex-col gap-1 text-sm text-muted-foreground" data-testid="currency-changes">
        {changes.map((change) => (
          <li key={change.id}>
            {t(change.mode === 'convert' ? 'currencyChange.converted' : 'currencyChange.relabelled', {
              date: formatDay(new Date(change.createdAt), currentLanguage()),
              from: change.fromCurrency,
              to: change.toCurrency,
              rate: change.rate === null ? '' : rate(change.rate),
              count: change.weeksConverted,
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
