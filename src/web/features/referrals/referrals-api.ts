import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';

/** One of the founder's codes, with who used it as their visibility allows: as POST /api/referrals answers it. */
export type ReferralCode = ApiAnswer<'POST /api/referrals'>;
/** An in-app notice of a rewarded referral: as GET /api/referrals/notices lists it. */
export type ReferralNotice = ApiAnswer<'GET /api/referrals/notices'>['notices'][number];

const REFERRALS_KEY = ['referrals'] as const;

export function useReferralCodes() {
  return useQuery({ queryKey: REFERRALS_KEY, queryFn: async () => (await api('GET /api/referrals')).codes });
}

/** A new code (+5 points): the list and the points are stale after. */
export function useCreateReferralCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /api/referrals'),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

const NOTICES_KEY = ['referrals', 'notices'] as const;

export const referralNoticesQueryOptions = () =>
  queryOptions({ queryKey: NOTICES_KEY, queryFn: async () => (await api('GET /api/referrals/notices')).notices });

/** Rewarded referrals the founder has not dismissed yet (Overview and /referral show them). */
export function useReferralNotices() {
  return useQuery(referralNoticesQueryOptions());
}

/** Dismisses a notice: it leaves the list at once, and the server keeps it dismissed. */
export function useDismissReferralNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api('POST /api/referrals/notices/:id/dismiss', { params: { id } }),
    onMutate: (id) => queryClient.setQueryData<ReferralNotice[]>(NOTICES_KEY, (notices) => notices?.filter((notice) => notice.id !== id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTICES_KEY }),
  });
}
