import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Json } from '../../../core/http/json.ts';
import type { ReferralCodes, ReferralCodeView, ReferralNotices, ReferralNoticeView } from '../../../server/features/referrals/index.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** One of the founder's codes, with who used it as their visibility allows: the server's `ReferralCodeView`, as JSON. */
export type ReferralCode = Json<ReferralCodeView>;
/** An in-app notice of a rewarded referral: the server's `ReferralNoticeView`, as JSON. */
export type ReferralNotice = Json<ReferralNoticeView>;

const REFERRALS_KEY = ['referrals'] as const;

export function useReferralCodes() {
  return useQuery({ queryKey: REFERRALS_KEY, queryFn: async () => (await apiFetch<Json<ReferralCodes>>('/api/referrals')).codes });
}

/** A new code (+5 points): the list and the points are stale after. */
export function useCreateReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ReferralCode>('/api/referrals', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

const NOTICES_KEY = ['referrals', 'notices'] as const;

export const referralNoticesQueryOptions = () =>
  queryOptions({ queryKey: NOTICES_KEY, queryFn: async () => (await apiFetch<Json<ReferralNotices>>('/api/referrals/notices')).notices });

/** Rewarded referrals the founder has not dismissed yet (Overview and /referral show them). */
export function useReferralNotices() {
  return useQuery(referralNoticesQueryOptions());
}

/** Dismisses a notice: it leaves the list at once, and the server keeps it dismissed. */
export function useDismissReferralNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(`/api/referrals/notices/${id}/dismiss`, { method: 'POST' }),
    onMutate: (id) => queryClient.setQueryData<ReferralNotice[]>(NOTICES_KEY, (notices) => notices?.filter((notice) => notice.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
