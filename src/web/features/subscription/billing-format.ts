import { useTranslation } from 'react-i18next';
import { isValidTimeZone } from '../../../core/gamification/calendar-day.ts';
import type { Plan } from '../../../core/subscription/plans.ts';
import type { SubscriptionView } from './subscription-calls.ts';
import { intlLocale } from '../../lib/format.ts';

/**
 * Dates and prices on the Subscription page: a date is the day it falls on in the founder's
 * time zone (their profile's; the browser's when unset), a price in the plan's currency.
 */
export function useBillingFormat(timeZone: string | null | undefined) {
  const { t, i18n } = useTranslation('subscription');
  const locale = intlLocale(i18n.language);
  const zone = timeZone && isValidTimeZone(timeZone) ? timeZone : undefined;
  const money = (amount: number, currency: string, fractionDigits = 0) =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(amount);
  return {
    date: (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: zone }).format(new Date(iso)),
    /** "$30 a month", "$360 a year". */
    price: (prices: SubscriptionView['prices'], plan: Plan) => t(`price.${plan}`, { amount: money(prices[plan], prices.currency) }),
    /** An invoice's amount, given in the currency's cents. */
    cents: (amount: number, currency: string) => money(amount / 100, currency.toUpperCase(), 2),
  };
}

export type BillingFormat = ReturnType<typeof useBillingFormat>;
