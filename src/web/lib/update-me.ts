import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '../../core/profile/profile-settings.ts';
import { sanitizeDeep } from '../../core/security/sanitize.ts';
import { api } from './api-routes.ts';
import { useSession } from './auth-client.ts';
import { meQueryKey } from './get-me.ts';

/** What the form sends: the schema's input (strings as typed; the server sanitises again). */
export type ProfileChanges = { [K in keyof ProfileUpdateInput]?: ProfileUpdateInput[K] | string | boolean | null };

/** PATCH /api/me. The typed text is sanitised here first (docs/product.md#sanitising). */
export function patchMe(changes: ProfileChanges) {
  // The changes are strings as typed, not yet the schema's parsed body: sent as text, the server checks them.
  return api('PATCH /api/me', { init: { body: JSON.stringify(sanitizeDeep(changes)) } });
}

/** A mutation that puts the answered profile straight into the cache. */
export function useUpdateMe() {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user.id;
  return useMutation({
    mutationFn: patchMe,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey(userId), me),
  });
}

/** POST /api/ai/consent `{ granted }` (docs/product.md#ai-consent). */
export function useAiConsent() {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user.id;
  return useMutation({
    mutationFn: (granted: boolean) => api('POST /api/ai/consent', { json: { granted } }),
    // The consent route's answer is its own; the profile is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey(userId) }),
  });
}

/** POST /api/onboarding/reset: an admin walks through onboarding again (docs/product.md#roles). */
export function useResetOnboarding() {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user.id;
  return useMutation({
    mutationFn: () => api('POST /api/onboarding/reset'),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey(userId), me),
  });
}
