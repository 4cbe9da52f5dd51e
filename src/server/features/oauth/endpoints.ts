import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { TOKEN_SCOPES } from '../../../core/api-tokens/token-schema.ts';
import { AuthorizationRequest, ClientRegistration } from '../../../core/oauth/oauth-schema.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { authenticateClient, clientForRedirect, registerClient } from './clients.ts';
import { exchangeCode, refreshGrant, revokeByClient } from './grants.ts';
import { OAuthError } from './oauth-error.ts';

/** Where the founder approves or denies (the web page src/web/features/oauth/consent-page.tsx). */
export const CONSENT_PATH = '/oauth/consent';
export const MCP_PATH = '/mcp';
export const PROTECTED_RESOURCE_METADATA_PATH = `/.well-known/oauth-protected-resource${MCP_PATH}`;

/** RFC 8414: what a client discovers before it registers. */
export function authorizationServerMetadata(appUrl: string) {
  return {
    issuer: appUrl,
    authorization_endpoint: `${appUrl}/oauth/authorize`,
    token_endpoint: `${appUrl}/oauth/token`,
    registration_endpoint: `${appUrl}/oauth/register`,
    revocation_endpoint: `${appUrl}/oauth/revoke`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_post', 'client_secret_basic'],
    scopes_supported: [...TOKEN_SCOPES],
    authorization_response_iss_parameter_supported: true,
    service_documentation: `${appUrl}/docs/api.md`,
  };
}

/** RFC 9728: /mcp names its authorization server; a 401 from /mcp points here. */
export function protectedResourceMetadata(appUrl: string) {
  return {
    resource: `${appUrl}${MCP_PATH}`,
    authorization_servers: [appUrl],
    scopes_supported: [...TOKEN_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Rumbo',
    resource_documentation: `${appUrl}/docs/api.md`,
  };
}

/** What a 401 from /mcp says, so a client finds how to get a token. */
export const mcpChallenge = (appUrl: string) => `Bearer resource_metadata="${appUrl}${PROTECTED_RESOURCE_METADATA_PATH}"`;

/** A form body's fields as text (RFC 6749 endpoints take `application/x-www-form-urlencoded`). */
async function formOf(request: Request): Promise<Record<string, string>> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    throw new OAuthError('invalid_request', 'Send the request as application/x-www-form-urlencoded.');
  }
  return Object.fromEntries(new URLSearchParams(await request.text()));
}

const limited = async (c: Parameters<typeof enforceRateLimit>[0]) => enforceRateLimit(c, 'oauthClient', `ip:${clientAddress(c) ?? 'unknown'}`);

/**
 * OAuth 2.1 for remote MCP clients (decision 277): discovery, dynamic client registration, the
 * authorization request (sent on to the consent page), the token endpoint (authorization code
 * with PKCE S256, refresh) and revocation. Clients call these from anywhere, so they answer CORS
 * and carry no cookie: the founder's consent happens on /api/oauth, in their signed-in browser.
 */
export const oauthEndpoints = new Hono<AppBindings>()
  .use('/.well-known/*', cors())
  .use('/oauth/register', cors())
  .use('/oauth/token', cors())
  .use('/oauth/revoke', cors())
  .get('/.well-known/oauth-authorization-server', (c) => c.json(authorizationServerMetadata(c.get('deps').env.appUrl)))
  .get('/.well-known/oauth-protected-resource', (c) => c.json(protectedResourceMetadata(c.get('deps').env.appUrl)))
  .get(PROTECTED_RESOURCE_METADATA_PATH, (c) => c.json(protectedResourceMetadata(c.get('deps').env.appUrl)))
  .post('/oauth/register', async (c) => {
    await limited(c);
    const parsed = ClientRegistration.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const badRedirect = parsed.error.issues.some((issue) => issue.path[0] === 'redirect_uris');
      throw new OAuthError(badRedirect ? 'invalid_redirect_uri' : 'invalid_client_metadata', badRedirect ? 'redirect_uris must be https, http on localhost, or an app scheme, with no fragment.' : 'The client metadata is not valid.');
    }
    return c.json(await registerClient(c.get('deps').db, parsed.data), 201);
  })
  .get('/oauth/authorize', async (c) => {
    const query = c.req.query();
    // Never a redirect to an address the client did not register: that refusal is answered here.
    await clientForRedirect(c.get('deps').db, query.client_id ?? '', query.redirect_uri ?? '');
    const parsed = AuthorizationRequest.safeParse(query);
    if (!parsed.success) {
      const back = new URL(query.redirect_uri!);
      back.searchParams.set('error', 'invalid_request');
      back.searchParams.set('error_description', `Invalid or missing: ${[...new Set(parsed.error.issues.map((issue) => issue.path.join('.')))].join(', ')} (PKCE with S256 is required).`);
      if (query.state) back.searchParams.set('state', query.state);
      return c.redirect(back.toString(), 302);
    }
    return c.redirect(`${CONSENT_PATH}?${new URLSearchParams(parsed.data).toString()}`, 302);
  })
  .post('/oauth/token', async (c) => {
    await limited(c);
    const { db, bus } = c.get('deps');
    const form = await formOf(c.req.raw);
    const client = await authenticateClient(db, c.req.header('authorization'), form);
    c.header('Cache-Control', 'no-store');
    if (form.grant_type === 'authorization_code') return c.json(await exchangeCode(db, bus, client, form));
    if (form.grant_type === 'refresh_token') return c.json(await refreshGrant(db, bus, client, form.refresh_token));
    throw new OAuthError('unsupported_grant_type', 'Only authorization_code and refresh_token.');
  })
  .post('/oauth/revoke', async (c) => {
    await limited(c);
    const { db, bus } = c.get('deps');
    const form = await formOf(c.req.raw);
    await revokeByClient(db, bus, await authenticateClient(db, c.req.header('authorization'), form), form.token);
    return c.body(null, 200);
  });
