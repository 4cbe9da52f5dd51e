import { api } from '../../lib/api-routes.ts';

/** POST /api/impersonation: view the app as a founder (the password when the admin's sign-in is not recent). */
export function startImpersonation(targetUserId: string, password?: string) {
  return api('POST /api/impersonation', { json: password === undefined ? { targetUserId } : { targetUserId, password } });
}

/** DELETE /api/impersonation: back to the admin's own session. */
export function stopImpersonation() {
  return api('DELETE /api/impersonation');
}
