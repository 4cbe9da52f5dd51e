import { Hono } from 'hono';
import { AuthorizationRequest, ConsentDecision, requestedScopes } from '../../../core/oauth/oauth-schema.ts';
import type { TokenScope } from '../../../core/api-tokens/token-schema.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { documented, jsonBody, queryOf } from '../../http/route-doc.ts';
import { requestContext } from '../../platform/audit.ts';
import { clientForRedirect } from './clients.ts';
import { type ConnectedApp, issueCode, listConnectedApps, revokeConnectedApp } from './grants.ts';
import { OAuthError } from './oauth-error.ts';

/** GET /api/oauth/authorization: what the consent page shows. */
export type ConsentRequest = { client: { name: string }; scopes: TokenScope[]; redirectOrigin: string };
/** POST /api/oauth/authorization: where the browser goes next (the client's redirect URI). */
export type ConsentAnswer = { redirectTo: string };
/** GET /api/oauth/apps. */
export type ConnectedAppList = { apps: ConnectedApp[] };

/** The authorization request's client, or the refusal in the app's own words: nothing goes to an unregistered address. */
async function consentClient(db: Database, request: AuthorizationRequest) {
  try {
    return await clientForRedirect(db, request.client_id, request.redirect_uri);
  } catch (error) {
    if (!(error instanceof OAuthError)) throw error;
    const field = error.error === 'invalid_client' ? 'client_id' : 'redirect_uri';
    throw new AppError('VALIDATION_FAILED', { message: error.description, details: [{ field, message: error.description }] });
  }
}

function redirectWith(redirectUri: string, params: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * /api/oauth: the founder's side of OAuth (decision 277), from their signed-in browser only (a
 * token gets 403, core/api-tokens/token-access.ts): the consent page's request and answer, and
 * Profile › Connected apps.
 */
export const oauthRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/authorization', documented({ summary: 'The app asking for access and the scopes it asks (the consent page)', tag: 'api-tokens' }), queryOf(AuthorizationRequest), async (c) => {
    const request = c.req.valid('query');
    const client = await consentClient(c.get('deps').db, request);
    return c.json({ client: { name: client.name }, scopes: requestedScopes(request.scope), redirectOrigin: new URL(request.redirect_uri).origin } satisfies ConsentRequest);
  })
  .post('/authorization', documented({ summary: 'Approve (with read or read+write) or deny an app; answers where the browser goes next', tag: 'api-tokens' }), jsonBody(ConsentDecision), async (c) => {
    const { decision, scopes, ...request } = c.req.valid('json');
    const { db, env } = c.get('deps');
    const client = await consentClient(db, request);
    if (decision === 'deny') return c.json({ redirectTo: redirectWith(request.redirect_uri, { error: 'access_denied', state: request.state, iss: env.appUrl }) } satisfies ConsentAnswer);
    const code = await issueCode(db, c.get('user').id, client, request, [...scopes], requestContext(c.req.raw, clientAddress(c)));
    return c.json({ redirectTo: redirectWith(request.redirect_uri, { code, state: request.state, iss: env.appUrl }) } satisfies ConsentAnswer);
  })
  .get('/apps', documented({ summary: 'Your connected apps (MCP clients you authorised), with their scopes and last use', tag: 'api-tokens' }), async (c) =>
    c.json({ apps: await listConnectedApps(c.get('deps').db, c.get('user').id) } satisfies ConnectedAppList),
  )
  .delete('/apps/:id', documented({ summary: 'Revoke a connected app: its tokens stop at once, on every instance', tag: 'api-tokens' }), async (c) => {
    const { db, bus } = c.get('deps');
    await revokeConnectedApp(db, bus, c.get('user').id, c.req.param('id'), requestContext(c.req.raw, clientAddress(c)));
    return c.body(null, 204);
  });
