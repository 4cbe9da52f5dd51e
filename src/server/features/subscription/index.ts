/**
 * What other features use of billing: account deletion stops billing (BillingProvider.stopBilling); the admin reads a founder's subscription; the referral reward grants months.
 * The browser takes its answers' types from here (docs/decisions/136-one-typed-contract.md).
 */
export { grantMonthsIn } from './lifecycle.ts';
export { type AdminSubscription, subscriptionForAdmin, subscriptionView, type SubscriptionView } from './service.ts';
export type { BillingProvider, Invoice, Invoices } from './provider.ts';
