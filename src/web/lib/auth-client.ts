import { createAuthClient } from 'better-auth/react';
import { inferAdditionalFields, magicLinkClient, twoFactorClient } from 'better-auth/client/plugins';

/** Better Auth's browser client, on our own origin (`/api/auth`). */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  // The two-factor challenge is a step of the /auth page, not a redirect.
  plugins: [
    magicLinkClient(),
    twoFactorClient(),
    // An admin's "view as" session says whose it is (decision 023).
    inferAdditionalFields({ session: { impersonatedBy: { type: 'string', required: false } } }),
  ],
});

export const { useSession } = authClient;

/** Tells every useSession() to read the session again (after the server set another cookie). */
export function refreshSession() {
  authClient.$store.notify('$sessionSignal');
}
