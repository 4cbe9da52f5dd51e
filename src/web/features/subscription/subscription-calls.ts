import type { Json } from '../../../core/http/json.ts';
import type { Plan } from '../../../core/subscription/plans.ts';
import type { Invoice as ServerInvoice, Invoices, SubscriptionView as ServerSubscriptionView } from '../../../server/features/subscription/index.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** GET /api/subscription: the server's answer (`subscriptionView`), as JSON. */
export type SubscriptionView = Json<ServerSubscriptionView>;
/** One change in the subscription's recent history. */
export type HistoryEntry = SubscriptionView['history'][number];
/** One invoice as the Subscription page lists it (Stripe only). */
export type Invoice = Json<ServerInvoice>;

/**
 * The subscription calls as plain functions: the public pricing page uses them without
 * TanStack Query (which only the signed-in area loads); the hooks wrap them.
 */
export const getSubscription = () => apiFetch<SubscriptionView>('/api/subscription');

/** The founder's subscription when someone is signed in, else null (the pricing page asks). */
export async function subscriptionIfSignedIn(): Promise<SubscriptionView | null> {
  const session = await apiFetch<{ user: unknown } | null>('/api/auth/get-session');
  return session ? getSubscription() : null;
}

const post = <T>(path: string, body?: unknown) =>
  apiFetch<T>(`/api/subscription/${path}`, { method: 'POST', ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/**
 * Starts Premium: with the local provider it has begun when this answers; with Stripe the
 * founder is sent to Checkout, which returns to `returnPath` on this site.
 */
export async function upgrade(plan: Plan, returnPath = '/subscription') {
  const answer = await post<{ redirectUrl: string | null; subscription: SubscriptionView }>('upgrade', { plan, returnUrl: returnPath });
  if (answer.redirectUrl) window.location.assign(answer.redirectUrl);
  return answer;
}

export type EndWhen = 'now' | 'period-end';

export const subscriptionCalls = {
  switchPlan: (plan: Plan) => post<SubscriptionView>('plan', { plan }),
  downgrade: (when: EndWhen) => post<SubscriptionView>('downgrade', { when }),
  cancel: (when: EndWhen) => post<SubscriptionView>('cancel', { when }),
  reactivate: () => post<SubscriptionView>('reactivate'),
  confirmCheckout: (sessionId: string) => post<SubscriptionView>(`checkout/${encodeURIComponent(sessionId)}`),
  portal: () => post<{ url: string }>('portal', { returnUrl: '/subscription' }),
  invoices: () => apiFetch<Json<Invoices>>('/api/subscription/invoices'),
};
