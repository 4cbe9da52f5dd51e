import { createContext, useContext } from 'react';
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

export type SessionState = ReturnType<typeof authClient.useSession>;
const RenderedSession = createContext<SessionState | null>(null);

/**
 * The session a server render draws with (src/web/entry-server.tsx): the one the request's
 * cookie gave the server. The browser never provides it.
 */
export const RenderedSessionProvider = RenderedSession.Provider;

/** The signed-in founder's session, as Better Auth's client reads it (or as the server render was given it). */
export function useSession(): SessionState {
  const rendered = useContext(RenderedSession);
  // Only a server render has one, and it never changes within that render: the same hooks run every time.
  return rendered ?? authClient.useSession();
}

/** Tells every useSession() to read the session again (after the server set another cookie). */
export function refreshSession() {
  authClient.$store.notify('$sessionSignal');
}
