import { authClient } from './auth-client.ts';
import { CHAT_SESSION_FLAGS } from './chat-flags.ts';
import { clearAllDrafts } from './onboarding-draft.ts';

/** Forgets what this tab kept for the signed-in founder. */
function clearSessionFlags() {
  for (const flag of CHAT_SESSION_FLAGS) sessionStorage.removeItem(flag);
}

/**
 * Signs out on the server (best effort when the session already ended), clears the flags,
 * and drops any onboarding draft: it holds personal answers, and on a shared computer the
 * next person should not find them in local storage.
 */
export async function signOutAndClear(): Promise<{ error: unknown }> {
  const { error } = await authClient.signOut();
  clearSessionFlags();
  clearAllDrafts();
  return { error };
}
