/**
 * What other features use of billing: account deletion stops billing and ends Premium in its
 * own transaction; the admin reads a founder's subscription; the referral reward grants months.
 */
export { endForDeletion, grantMonths, grantMonthsIn } from './lifecycle.ts';
export { subscriptionForAdmin, subscriptionView, type SubscriptionView } from './service.ts';
export type { BillingProvider } from './provider.ts';
