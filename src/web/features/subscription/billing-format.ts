import { useTranslation } from 'react-i18next';
import { founderDate } from '../../../core/i18n/founder-date.ts';
import type { Plan } from '../../../core/subscription/plans.ts';
import type { SubscriptionView } from './subscription-calls.ts';
import { intlLocale } from '../../lib/format.ts';

/**
 * Dates and prices on the Subscription page: a date is written by `founderDate` (the day in
 * the founder's profile time zone, as the account menu and the e-mails write it), a price in
 * the plan's currency.
 */
export function useBillingFormat(timeZone: string | null | undefined) {
  const { t, i18n } = useTranslation('subscription');
  const locale = intlLocale(i18n.language);
  const money = (amount: number, currency: string, fractionDigits = 0) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(amount);
  return {
    date: (iso: string) => founderDate(iso, { language: i18n.language, timeZone }),
    /** "$30 a month", "$360 a year". */
    price: (prices: SubscriptionView['prices'], plan: Plan) => t(`price.${plan}`, { amount: money(prices[plan], prices.currency) }),
    /** An invoice's amount, given in the currency's cents. */
    cents: (amount: number, currency: string) => money(amount / 100, currency.toUpperCase(), 2),
  };
}

export type BillingFormat = ReturnType<typeof useBillingFormat>;
