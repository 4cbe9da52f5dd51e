import { z } from 'zod';
import { TOKEN_SCOPES, type TokenScope } from '../api-tokens/token-schema.ts';
import { safeText, TITLE_MAX } from '../security/validate.ts';

/**
 * OAuth 2.1 for remote MCP clients (docs/api.md, decision 277): what a client registers, what
 * the authorization request and the founder's consent carry. Only the authorization code grant
 * with PKCE (S256) exists; the scopes are the personal tokens' own (`read`, `read write`).
 */

const REDIRECT_URI_MAX = 2000;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'file:', 'vbscript:', 'blob:', 'about:']);

/**
 * A redirect URI a client may register: absolute, no fragment, `https` (plain `http` only back to
 * the founder's own machine, as native clients listen there), or an app's own scheme (`cursor://…`),
 * never one that runs or reads something in the browser.
 */
export function isAcceptableRedirectUri(value: string): boolean {
  if (value.length > REDIRECT_URI_MAX || /\s/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes('#') || UNSAFE_SCHEMES.has(url.protocol)) return false;
  if (url.protocol === 'http:') return LOOPBACK_HOSTS.has(url.hostname);
  return url.protocol === 'https:' || /^[a-z][a-z0-9+.-]*:$/.test(url.protocol);
}

/** RFC 7591's registration request: only what Rumbo uses is read; the rest of a client's metadata is ignored. */
export const ClientRegistration = z.object({
  redirect_uris: z.array(z.string().refine(isAcceptableRedirectUri)).min(1).max(10),
  client_name: safeText(TITLE_MAX).optional(),
  token_endpoint_auth_method: z.enum(['none', 'client_secret_post', 'client_secret_basic']).default('none'),
  grant_types: z.array(z.string()).optional(),
  response_types: z.array(z.string()).optional(),
});
export type ClientRegistration = z.infer<typeof ClientRegistration>;

/** A PKCE challenge or verifier: RFC 7636's characters and lengths. */
const PKCE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

/** The query of GET /oauth/authorize (and of the consent page that shows it). */
export const AuthorizationRequest = z.object({
  response_type: z.literal('code'),
  client_id: z.string().min(1).max(200),
  redirect_uri: z.string().min(1).max(REDIRECT_URI_MAX),
  code_challenge: z.string().regex(PKCE_PATTERN),
  code_challenge_method: z.literal('S256'),
  scope: z.string().max(200).optional(),
  state: z.string().max(1000).optional(),
  resource: z.string().max(REDIRECT_URI_MAX).optional(),
});
export type AuthorizationRequest = z.infer<typeof AuthorizationRequest>;

/** The founder's answer on the consent page: approve with the scopes they chose, or deny. */
export const ConsentDecision = AuthorizationRequest.extend({
  decision: z.enum(['approve', 'deny']),
  scopes: z.union([z.tuple([z.literal('read')]), z.tuple([z.literal('read'), z.literal('write')])]),
});
export type ConsentDecision = z.infer<typeof ConsentDecision>;

export const CodeVerifier = z.string().regex(PKCE_PATTERN);

/** What a client asked for, as one of the two scope sets: `write` brings `read`; anything else is ignored. */
export function requestedScopes(scope: string | undefined): TokenScope[] {
  const asked = new Set((scope ?? '').split(' ').filter((name): name is TokenScope => (TOKEN_SCOPES as readonly string[]).includes(name)));
  return asked.has('write') ? ['read', 'write'] : ['read'];
}
