import { createAuthClient } from 'better-auth/react';
import { magicLinkClient, twoFactorClient } from 'better-auth/client/plugins';

/** Better Auth's browser client, on our own origin (`/api/auth`). */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
  // The two-factor challenge is a step of the /auth page, not a redirect.
  plugins: [magicLinkClient(), twoFactorClient()],
});

export const { useSession } = authClient;
