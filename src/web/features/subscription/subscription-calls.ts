import type { Plan } from '../../../core/subscription/plans.ts';
import { apiFetch } from '../../lib/api-client.ts';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';

/** GET /api/subscription: the server's answer (`subscriptionView`). */
export type SubscriptionView = ApiAnswer<'GET /api/subscription'>;
/** One change in the subscription's recent history. */
export type HistoryEntry = SubscriptionView['history'][number];
/** One invoice as the Subscription page lists it (Stripe only). */
export type Invoice = ApiAnswer<'GET /api/subscription/invoices'>['invoices'][number];

/**
 * The subscription calls as plain functions: the public pricing page uses them without
 * TanStack Query (which only the signed-in area loads); the hooks wrap them.
 */
export const getSubscription = () => api('GET /api/subscription');

/** The founder's subscription when someone is signed in, else null (the pricing page asks). */
export async function subscriptionIfSignedIn(): Promise<SubscriptionView | null> {
  // The session is Better Auth's route, outside the app's route table: only whether someone is signed in is read.
  const session = await apiFetch<{ user: unknown } | null>('/api/auth/get-session');
  return session ? getSubscription() : null;
}

/**
 * Starts Premium: with the local provider it has begun when this answers; with Stripe the
 * founder is sent to Checkout, which returns to `returnPath` on this site.
 */
export async function upgrade(plan: Plan, returnPath = '/subscription') {
  const answer = await api('POST /api/subscription/upgrade', { json: { plan, returnUrl: returnPath } });
  if (answer.redirectUrl) window.location.assign(answer.redirectUrl);
  return answer;
}

export type EndWhen = 'now' | 'period-end';

export const subscriptionCalls = {
  switchPlan: (plan: Plan) => api('POST /api/subscription/plan', { json: { plan } }),
  downgrade: (when: EndWhen) => api('POST /api/subscription/downgrade', { json: { when } }),
  cancel: (when: EndWhen) => api('POST /api/subscription/cancel', { json: { when } }),
  reactivate: () => api('POST /api/subscription/reactivate'),
  confirmCheckout: (sessionId: string) => api('POST /api/subscription/checkout/:sessionId', { params: { sessionId } }),
  portal: () => api('POST /api/subscription/portal', { json: { returnUrl: '/subscription' } }),
  invoices: () => api('GET /api/subscription/invoices'),
};
