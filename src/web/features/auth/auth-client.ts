import { createAuthClient } from 'better-auth/react';

/** Better Auth's browser client, on our own origin (`/api/auth`). */
export const authClient = createAuthClient({
  baseURL: typeof window === 'undefined' ? 'http://localhost' : window.location.origin,
  basePath: '/api/auth',
});

export const { useSession } = authClient;
