import { authClient } from '../auth/auth-client.ts';

/** Session-storage flags of the mentor chat, cleared on sign-out (spec §4). */
const CHAT_SESSION_FLAGS = ['rumbo_chat_welcomed', 'rumbo_chat_page_visited'];

/** Forgets what this tab kept for the signed-in founder. */
function clearSessionFlags() {
  for (const flag of CHAT_SESSION_FLAGS) sessionStorage.removeItem(flag);
}

/** Signs out on the server (best effort when the session already ended) and clears the flags. */
export async function signOutAndClear(): Promise<{ error: unknown }> {
  const { error } = await authClient.signOut();
  clearSessionFlags();
  return { error };
}
