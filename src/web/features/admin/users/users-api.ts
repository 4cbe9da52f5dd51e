import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountStatus } from '../../../../core/account/account-status.ts';
import type { UserSort } from '../../../../core/admin/admin-users.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import type { AuditEntry } from '../audit/audit-table.tsx';

/** One row of GET /api/admin/users. */
export type AdminUser = {
  id: string;
  email: string;
  fullName: string | null;
  role: 'user' | 'admin';
  status: AccountStatus;
  userTier: number;
  onboardingCompleted: boolean;
  lastActiveAt: string | null;
  createdAt: string;
};
export type UsersPage = { users: AdminUser[]; total: number; page: number; limit: number };

/** What the list's form sends: every value as the query string takes it ('' = any). */
export type UserFilters = {
  search: string;
  tier: string;
  role: string;
  status: string;
  onboarded: string;
  activity: string;
  signedUpFrom: string;
  signedUpTo: string;
};
export const NO_FILTERS: UserFilters = { search: '', tier: '', role: '', status: '', onboarded: '', activity: '', signedUpFrom: '', signedUpTo: '' };
export type UserOrder = { sort: UserSort; order: 'asc' | 'desc'; page: number };

/** `active7` → activeWithinDays=7, `inactive30` → inactiveForDays=30. */
function activityParam(activity: string): Record<string, string> {
  const match = /^(active|inactive)(\d+)$/.exec(activity);
  if (!match) return {};
  return { [match[1] === 'active' ? 'activeWithinDays' : 'inactiveForDays']: match[2]! };
}

export function usersQueryString(filters: UserFilters, order: UserOrder): string {
  const { activity, ...rest } = filters;
  const params: Record<string, string> = { ...activityParam(activity), sort: order.sort, order: order.order, page: String(order.page) };
  for (const [key, value] of Object.entries(rest)) if (value.trim()) params[key] = value.trim();
  return new URLSearchParams(params).toString();
}

const usersKey = ['admin', 'users'] as const;

/** A page of accounts matching the filters, in the chosen order. */
export function useAdminUsers(filters: UserFilters, order: UserOrder) {
  const query = usersQueryString(filters, order);
  return useQuery({
    queryKey: [...usersKey, 'list', query],
    queryFn: () => apiFetch<UsersPage>(`/api/admin/users?${query}`),
    placeholderData: keepPreviousData,
  });
}

export type UserDetail = {
  profile: AdminUser & {
    nickname: string | null;
    startupName: string | null;
    industry: string | null;
    startupPhase: string | null;
    teamSize: string | null;
    country: string | null;
    preferredLanguage: string | null;
    emailVerified: boolean;
    twoFactorEnabled: boolean;
  };
  activity: Record<'metricWeeks' | 'tasksCreated' | 'tasksDone' | 'strategySaves' | 'mentorConversations' | 'mentorQuestions' | 'contextEntries' | 'activeDays', number> & {
    lastActiveDay: string | null;
  };
  /** Who referred the founder (their address) and how many founders they referred (docs/referrals.md). */
  referrals: { referredBy: string | null; referredCount: number };
  signIns: { at: string; lastSeenAt: string; userAgent: string | null }[];
  audit: AuditEntry[];
};

export function useAdminUser(userId: string) {
  return useQuery({ queryKey: [...usersKey, 'one', userId], queryFn: () => apiFetch<UserDetail>(`/api/admin/users/${encodeURIComponent(userId)}`) });
}

function useAdminWrite<Input extends { userId: string }>(request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

/** PUT /api/admin/users/:userId/status, then the lists read again. */
export function useSetAccountStatus() {
  return useAdminWrite(({ userId, status }: { userId: string; status: 'active' | 'suspended' }) =>
    apiFetch<{ changed: boolean }>(`/api/admin/users/${encodeURIComponent(userId)}/status`, { method: 'PUT', body: JSON.stringify({ status }) }),
  );
}

/** PUT /api/admin/users/:userId/role. */
export function useSetRole() {
  return useAdminWrite(({ userId, role }: { userId: string; role: 'user' | 'admin' }) =>
    apiFetch<{ changed: boolean }>(`/api/admin/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: JSON.stringify({ role }) }),
  );
}

/** POST /api/admin/users/:userId/resend-confirmation. */
export function useResendConfirmation() {
  return useAdminWrite(({ userId }: { userId: string }) =>
    apiFetch<{ sent: boolean }>(`/api/admin/users/${encodeURIComponent(userId)}/resend-confirmation`, { method: 'POST' }),
  );
}
