import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoleInput, StatusInput } from '../../../../core/account/account-status.ts';
import type { UserSort } from '../../../../core/admin/admin-users.ts';
import type { Json } from '../../../../core/http/json.ts';
import type {
  ConfirmationResent,
  SignInLinkMade,
  RoleChanged,
  StatusChanged,
  UserDetail as ServerUserDetail,
  UsersPage as ServerUsersPage,
} from '../../../../server/features/admin/index.ts';
import { apiFetch } from '../../../lib/api-client.ts';

/** GET /api/admin/users: the server's answer (`listUsers`), as JSON. */
export type UsersPage = Json<ServerUsersPage>;
/** One row of the list. */
export type AdminUser = UsersPage['users'][number];
/** What an action on an account needs: a row of the list and the user page's profile both have it. */
export type AccountRef = Pick<AdminUser, 'id' | 'email' | 'status'>;

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

/** The filters as the query string carries them (and the shared query checks them): blanks left out. */
export function userFilterParams(filters: UserFilters): Record<string, string> {
  const { activity, ...rest } = filters;
  const params: Record<string, string> = activityParam(activity);
  for (const [key, value] of Object.entries(rest)) if (value.trim()) params[key] = value.trim();
  return params;
}

export function usersQueryString(filters: UserFilters, order: UserOrder): string {
  return new URLSearchParams({ ...userFilterParams(filters), sort: order.sort, order: order.order, page: String(order.page) }).toString();
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

/** GET /api/admin/users/:userId (`userDetail`), as JSON. */
export type UserDetail = Json<ServerUserDetail>;

export function useAdminUser(userId: string) {
  return useQuery({ queryKey: [...usersKey, 'one', userId], queryFn: () => apiFetch<UserDetail>(`/api/admin/users/${encodeURIComponent(userId)}`) });
}

function useAdminWrite<Input extends { userId: string }, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

/** PUT /api/admin/users/:userId/status, then the lists read again. */
export function useSetAccountStatus() {
  return useAdminWrite(({ userId, status }: { userId: string } & StatusInput) =>
    apiFetch<Json<StatusChanged>>(`/api/admin/users/${encodeURIComponent(userId)}/status`, { method: 'PUT', body: JSON.stringify({ status }) }),
  );
}

/** PUT /api/admin/users/:userId/role. */
export function useSetRole() {
  return useAdminWrite(({ userId, role }: { userId: string } & RoleInput) =>
    apiFetch<Json<RoleChanged>>(`/api/admin/users/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: JSON.stringify({ role }) }),
  );
}

/** POST /api/admin/users/:userId/resend-confirmation. */
export function useResendConfirmation() {
  return useAdminWrite(({ userId }: { userId: string }) =>
    apiFetch<Json<ConfirmationResent>>(`/api/admin/users/${encodeURIComponent(userId)}/resend-confirmation`, { method: 'POST' }),
  );
}

/**
 * DELETE /api/admin/users/:userId with the typed address and the reason (decision 270). The
 * caller leaves the account's page first; then its query is dropped (it would answer 404) and the lists read again.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, email, reason }: { userId: string; email: string; reason: string }) =>
      apiFetch<null>(`/api/admin/users/${encodeURIComponent(userId)}`, { method: 'DELETE', body: JSON.stringify({ email, ...(reason.trim() ? { reason: reason.trim() } : {}) }) }),
    onSettled: (_data, _error, { userId }) => {
      queryClient.removeQueries({ queryKey: [...usersKey, 'one', userId] });
      return queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] });
    },
  });
}

/** POST /api/admin/users/:userId/sign-in-link (decision 271): the link to pass on. */
export function useSignInLink() {
  return useAdminWrite(({ userId, sendEmail }: { userId: string; sendEmail: boolean }) =>
    apiFetch<Json<SignInLinkMade>>(`/api/admin/users/${encodeURIComponent(userId)}/sign-in-link`, { method: 'POST', body: JSON.stringify({ sendEmail }) }),
  );
}
