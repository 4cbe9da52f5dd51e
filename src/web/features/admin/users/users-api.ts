import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountStatus } from '../../../../core/account/account-status.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** One row of GET /api/admin/users. */
export type AdminUser = { id: string; email: string; fullName: string | null; role: 'user' | 'admin'; status: AccountStatus; createdAt: string };

const usersKey = ['admin', 'users'] as const;

/** Accounts whose e-mail contains `search` (all, newest first, when empty). */
export function useAdminUsers(search: string) {
  return useQuery({
    queryKey: [...usersKey, search],
    queryFn: () => apiFetch<{ users: AdminUser[] }>(`/api/admin/users?${new URLSearchParams(search ? { search } : {})}`),
    placeholderData: keepPreviousData,
  });
}

/** PUT /api/admin/users/:userId/status, then the list reads again. */
export function useSetAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, status }: { userId: string; status: 'active' | 'suspended' }) =>
      apiFetch<{ userId: string; status: string; changed: boolean }>(`/api/admin/users/${encodeURIComponent(userId)}/status`, {
        method: 'PUT',
        body: JSON.stringify({ status }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }),
  });
}
