import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RoleInput, StatusInput } from '../../../../core/account/account-status.ts';
import type { UserSort } from '../../../../core/admin/admin-users.ts';
import { type ApiAnswer, api } from '../../../lib/api-routes.ts';

/** GET /api/admin/users: the server's answer (`listUsers`). */
export type UsersPage = ApiAnswer<'GET /api/admin/users'>;
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

export function usersQuery(filters: UserFilters, order: UserOrder): Record<string, string> {
  return { ...userFilterParams(filters), sort: order.sort, order: order.order, page: String(order.page) };
}

const usersKey = ['admin', 'users'] as const;

/** A page of accounts matching the filters, in the chosen order. */
export function useAdminUsers(filters: UserFilters, order: UserOrder) {
  const query = usersQuery(filters, order);
  return useQuery({
    queryKey: [...usersKey, 'list', new URLSearchParams(query).toString()],
    queryFn: () => api('GET /api/admin/users', { query }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/users/:userId (`userDetail`). */
export type UserDetail = ApiAnswer<'GET /api/admin/users/:userId'>;

export function useAdminUser(userId: string) {
  return useQuery({ queryKey: [...usersKey, 'one', userId], queryFn: () => api('GET /api/admin/users/:userId', { params: { userId } }) });
}

function useAdminWrite<Input extends { userId: string }, Output>(request: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: usersKey }) });
}

/** PUT /api/admin/users/:userId/status, then the lists read again. */
export function useSetAccountStatus() {
  return useAdminWrite(({ userId, status }: { userId: string } & StatusInput) =>
    api('PUT /api/admin/users/:userId/status', { params: { userId }, json: { status } }),
  );
}

/** PUT /api/admin/users/:userId/role. */
export function useSetRole() {
  return useAdminWrite(({ userId, role }: { userId: string } & RoleInput) =>
    api('PUT /api/admin/users/:userId/role', { params: { userId }, json: { role } }),
  );
}

/** POST /api/admin/users/:userId/resend-confirmation. */
export function useResendConfirmation() {
  return useAdminWrite(({ userId }: { userId: string }) =>
    api('POST /api/admin/users/:userId/resend-confirmation', { params: { userId } }),
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
      api('DELETE /api/admin/users/:userId', { params: { userId }, json: { email, ...(reason.trim() ? { reason: reason.trim() } : {}) } }),
    onSettled: (_data, _error, { userId }) => {
      queryClient.removeQueries({ queryKey: [...usersKey, 'one', userId] });
      return queryClient.invalidateQueries({ queryKey: [...usersKey, 'list'] });
    },
  });
}

/** POST /api/admin/users/:userId/sign-in-link (decision 271): the link to pass on. */
export function useSignInLink() {
  return useAdminWrite(({ userId, sendEmail }: { userId: string; sendEmail: boolean }) =>
    api('POST /api/admin/users/:userId/sign-in-link', { params: { userId }, json: { sendEmail } }),
  );
}
