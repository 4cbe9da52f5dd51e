import { genericOAuth } from 'better-auth/plugins';
import type { Env } from '../env.ts';

/** The generic OIDC provider's id: its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc';

export type AuthProviders = Pick<Env, 'google' | 'oidc'>;

/** What the sign-in page may offer; secrets never leave the server. */
export function publicAuthProviders(providers: AuthProviders) {
  return {
    google: providers.google !== undefined,
    oidc: providers.oidc ? { id: OIDC_PROVIDER_ID, name: providers.oidc.name } : null,
  };
}
export type PublicAuthProviders = ReturnType<typeof publicAuthProviders>;

/** Google through Better Auth's social provider, only when its credentials are set. */
export function socialProviders({ google }: AuthProviders) {
  return google ? { google: { clientId: google.clientId, clientSecret: google.clientSecret, prompt: 'select_account' as const } } : {};
}

/**
 * Any OpenID Connect provider through Better Auth's generic OAuth plugin, configured
 * from its discovery document; PKCE on, as every current provider supports it.
 */
export function oidcPlugins({ oidc }: AuthProviders) {
  if (!oidc) return [];
  return [
    genericOAuth({
      config: [
        {
          providerId: OIDC_PROVIDER_ID,
          name: oidc.name,
          discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
          scopes: ['openid', 'email', 'profile'],
          pkce: true,
        },
      ],
    }),
  ];
}
