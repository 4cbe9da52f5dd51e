import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`, the certified implementation) on
 * loopback, for the tests that prove Rumbo's OIDC sign-in end to end. Its built-in
 * development screens accept any login name and password: the login name becomes the
 * account, `ana` signs in as ana@oidc.example.
 */
export type OidcTestProvider = { issuer: string; clientId: string; clientSecret: string; close: () => Promise<void> };

export const OIDC_TEST_CLIENT = { clientId: 'rumbo-test', clientSecret: 'rumbo-test-secret-that-is-long-enough' };

export function oidcTestEmail(login: string): string {
  return login.includes('@') ? login : `${login}@oidc.example`;
}

export async function startOidcTestProvider(options: { appUrl: string; port?: number }): Promise<OidcTestProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://localhost:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_TEST_CLIENT.clientId,
        client_secret: OIDC_TEST_CLIENT.clientSecret,
        redirect_uris: [`${options.appUrl}/api/auth/callback/oidc`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put the requested claims in the ID token too, as Google and most providers do.
    conformIdTokenClaims: false,
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: oidcTestEmail(sub), email_verified: true, name: `OIDC ${sub.split('@')[0]}` }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
  });
  // oidc-provider warns about its development defaults on every start; they are the point here.
  server.on('request', provider.callback());

  return {
    issuer,
    ...OIDC_TEST_CLIENT,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
