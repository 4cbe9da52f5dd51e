import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gamificationQueryKey } from '../gamification/index.ts';
import { type SubscriptionView, getSubscription, subscriptionCalls } from './subscription-calls.ts';

export const subscriptionQueryKey = ['subscription'] as const;

export const subscriptionQueryOptions = () => queryOptions({ queryKey: subscriptionQueryKey, queryFn: getSubscription });

export function useSubscription(enabled = true) {
  return useQuery({ ...subscriptionQueryOptions(), enabled });
}

export function useInvoices(enabled: boolean) {
  return useQuery({ queryKey: [...subscriptionQueryKey, 'invoices'], queryFn: subscriptionCalls.invoices, enabled });
}

/**
 * After any change: the plan as answered (or read again when the change happened elsewhere,
 * on the pricing page), and what follows from the tier (the profile, points, Premium data).
 */
export function afterSubscriptionChange(queryClient: QueryClient, view?: SubscriptionView) {
  if (view) queryClient.setQueryData(subscriptionQueryKey, view);
  return Promise.all([
    view ? null : queryClient.invalidateQueries({ queryKey: subscriptionQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['me'] }),
    queryClient.invalidateQueries({ queryKey: gamificationQueryKey }),
    queryClient.invalidateQueries({ queryKey: ['metrics'] }),
  ]);
}

/** A change of plan (switch, downgrade, cancel, reactivate, Checkout's return) whose answer is the new plan. */
export function useSubscriptionChange<Input>(call: (input: Input) => Promise<SubscriptionView>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: (view) => afterSubscriptionChange(queryClient, view) });
}
