import { randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ClientRegistration } from '../../../core/oauth/oauth-schema.ts';
import { tokenDigest } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { oauthClients } from '../../db/schema/index.ts';
import { OAuthError } from './oauth-error.ts';

export type OAuthClient = typeof oauthClients.$inferSelect;

/** The name a client that gave none is listed under. */
const UNNAMED_CLIENT = 'MCP client';

/** RFC 7591: a client registers itself; a confidential one gets its secret in this answer only. */
export async function registerClient(db: Database, input: ClientRegistration, now = new Date()) {
  const id = `rumbo_client_${randomBytes(16).toString('base64url')}`;
  const secret = input.token_endpoint_auth_method === 'none' ? undefined : `rumbo_secret_${randomBytes(32).toString('base64url')}`;
  const name = input.client_name?.trim() || UNNAMED_CLIENT;
  await db.insert(oauthClients).values({ id, name, redirectUris: input.redirect_uris, secretHash: secret ? tokenDigest(secret) : null, createdAt: now });
  return {
    client_id: id,
    ...(secret ? { client_secret: secret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: Math.floor(now.getTime() / 1000),
    client_name: name,
    redirect_uris: input.redirect_uris,
    token_endpoint_auth_method: input.token_endpoint_auth_method,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
  };
}

export async function findClient(db: Database, id: string): Promise<OAuthClient | undefined> {
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  return client;
}

/**
 * The client a request authorises itself as: `client_secret_basic` (the Authorization header),
 * `client_secret_post`, or a public client naming its `client_id` (PKCE is then its proof).
 */
export async function authenticateClient(db: Database, authorization: string | undefined, form: Record<string, string>): Promise<OAuthClient> {
  let id = form.client_id;
  let secret = form.client_secret;
  const basic = /^Basic\s+(.+)$/i.exec(authorization ?? '');
  if (basic) {
    const [user, password] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
    id = decodeURIComponent(user ?? '');
    secret = decodeURIComponent(password ?? '');
  }
  const client = id ? await findClient(db, id) : undefined;
  if (!client) throw new OAuthError('invalid_client', 'Unknown client.', 401);
  if (client.secretHash && !(secret && timingSafeEqual(Buffer.from(tokenDigest(secret)), Buffer.from(client.secretHash)))) {
    throw new OAuthError('invalid_client', 'The client secret is missing or wrong.', 401);
  }
  return client;
}

/** The registered client and redirect URI of an authorization request, or the refusal: never a redirect to an address the client did not register. */
export async function clientForRedirect(db: Database, clientId: string, redirectUri: string): Promise<OAuthClient> {
  const client = await findClient(db, clientId);
  if (!client) throw new OAuthError('invalid_client', 'Unknown client.');
  if (!client.redirectUris.includes(redirectUri)) throw new OAuthError('invalid_redirect_uri', 'This redirect URI is not registered for this client.');
  return client;
}
