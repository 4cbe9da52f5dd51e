import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReferralCodeView } from '../../../core/referrals/referral-schema.ts';
import { apiFetch } from '../api-client.ts';

const REFERRALS_KEY = ['referrals'] as const;

export function useReferralCodes() {
  return useQuery({ queryKey: REFERRALS_KEY, queryFn: async () => (await apiFetch<{ codes: ReferralCodeView[] }>('/api/referrals')).codes });
}

/** A new code (+5 points): the list and the points are stale after. */
export function useCreateReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ReferralCodeView>('/api/referrals', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
