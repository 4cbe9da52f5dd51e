import { authClient } from './auth-client.ts';
import { CHAT_SESSION_FLAGS } from './chat-session-flags.ts';
import { clearLegacyLocalDrafts } from './onboarding-draft.ts';
import { clearStrategyDrafts } from './strategy-draft.ts';

/** Forgets what this tab kept for the signed-in founder. */
function clearSessionFlags() {
  for (const flag of CHAT_SESSION_FLAGS) sessionStorage.removeItem(flag);
}

let signedOutHere = false;

/**
 * True from the founder's own sign-out until a session exists again: the protected area's
 * guard then sends them to the landing page, not to /auth?redirect=… (docs/product.md#sessions).
 */
export function wasSignedOutHere(): boolean {
  return signedOutHere;
}

/** Called by the guard once a session exists again. */
export function forgetSignOut() {
  signedOutHere = false;
}

/**
 * Signs out on the server (best effort when the session already ended), clears the flags,
 * and drops any onboarding draft an older version left in local storage: it holds personal
 * answers, and on a shared computer the next person should not find them.
 */
export async function signOutAndClear({ byFounder = false }: { byFounder?: boolean } = {}): Promise<{ error: unknown }> {
  // Only the founder's own "Sign out" leads to the landing page; an ended session or a
  // deleted account keeps its own destination (/auth with a notice).
  signedOutHere = byFounder;
  const { error } = await authClient.signOut();
  if (error) signedOutHere = false;
  clearSessionFlags();
  clearLegacyLocalDrafts();
  clearStrategyDrafts();
  return { error };
}
