import { authClient } from '../auth/auth-client.ts';
import { clearAllDrafts } from '../onboarding/onboarding-draft.ts';

/** Session-storage flags of the mentor chat, cleared on sign-out (spec §4). */
const CHAT_SESSION_FLAGS = ['rumbo_chat_welcomed', 'rumbo_chat_page_visited'];

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
