import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileUpdateInput } from '../../core/profile/profile-settings.ts';
import { sanitizeDeep } from '../../core/security/sanitize.ts';
import { apiFetch } from './api-client.ts';
import { useSession } from './auth-client.ts';
import { type Me, meQueryKey } from './get-me.ts';

/** What the form sends: the schema's input (strings as typed; the server sanitises again). */
export type ProfileChanges = { [K in keyof ProfileUpdateInput]?: ProfileUpdateInput[K] | string | boolean | null };

/** PATCH /api/me. The typed text is sanitised here first (docs/product.md#sanitising). */
export function patchMe(changes: ProfileChanges) {
  return apiFetch<Me>('/api/me', { method: 'PATCH', body: JSON.stringify(sanitizeDeep(changes)) });
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
    mutationFn: (granted: boolean) => apiFetch<unknown>('/api/ai/consent', { method: 'POST', body: JSON.stringify({ granted }) }),
    // The consent route's answer is its own; the profile is read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey(userId) }),
  });
}

/** POST /api/onboarding/reset: an admin walks through onboarding again (docs/product.md#roles). */
export function useResetOnboarding() {
  const queryClient = useQueryClient();
  const userId = useSession().data?.user.id;
  return useMutation({
    mutationFn: () => apiFetch<Me>('/api/onboarding/reset', { method: 'POST' }),
    onSuccess: (me) => queryClient.setQueryData(meQueryKey(userId), me),
  });
}
