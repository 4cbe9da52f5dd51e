import type { Json } from '../../../core/http/json.ts';
import type { ImpersonationEnded, ImpersonationGrant } from '../../../server/features/impersonation/index.ts';
import { apiFetch } from '../../lib/api-client.ts';

/** POST /api/impersonation: view the app as a founder (the password when the admin's sign-in is not recent). */
export function startImpersonation(targetUserId: string, password?: string) {
  return apiFetch<Json<ImpersonationGrant>>('/api/impersonation', {
    method: 'POST',
    body: JSON.stringify(password === undefined ? { targetUserId } : { targetUserId, password }),
  });
}

/** DELETE /api/impersonation: back to the admin's own session. */
export function stopImpersonation() {
  return apiFetch<Json<ImpersonationEnded>>('/api/impersonation', { method: 'DELETE' });
}
