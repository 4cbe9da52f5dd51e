import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNotNull, max } from 'drizzle-orm';
import { TOKEN_PREFIX, type TokenScope } from '../../../core/api-tokens/token-schema.ts';
import type { AuthorizationRequest } from '../../../core/oauth/oauth-schema.ts';
import { type SessionEventBus, tokenDigest } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { apiTokens, oauthClients, oauthCodes, oauthGrants, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { assertUuid } from '../../platform/ids.ts';
import type { OAuthClient } from './clients.ts';
import { OAuthError } from './oauth-error.ts';

const CODE_TTL_MS = 10 * 60 * 1000;
/** An access token lasts an hour; the client refreshes it. */
export const ACCESS_TOKEN_SECONDS = 60 * 60;
/** A refresh token not used for 90 days ends; each use gives a new one (rotation). */
const REFRESH_TTL_MS = 90 * 24 * 60 * 60 * 1000;
const REFRESH_PREFIX = 'rumbo_refresh_';

const random = () => randomBytes(32).toString('base64url');
const scopeList = (scopes: string) => scopes.split(' ') as TokenScope[];

/** The founder approved: a one-use code bound to the client, its redirect URI and its PKCE challenge. */
export async function issueCode(db: Database, userId: string, client: OAuthClient, request: AuthorizationRequest, scopes: TokenScope[], context: RequestContext, now = new Date()) {
  const code = random();
  await db.insert(oauthCodes).values({
    codeHash: tokenDigest(code),
    clientId: client.id,
    userId,
    redirectUri: request.redirect_uri,
    codeChallenge: request.code_challenge,
    scopes: scopes.join(' '),
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  await recordAuditEvent(db, { action: 'oauth_app_authorized', adminId: userId, targetUserId: userId, context, details: { clientId: client.id, name: client.name, scopes } }, now);
  return code;
}

export type TokenAnswer = { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token: string; scope: string };

/** `authorization_code`: the code once, from its client, with its redirect URI and the verifier of its challenge. */
export async function exchangeCode(db: Database, bus: SessionEventBus, client: OAuthClient, form: { code?: string; redirect_uri?: string; code_verifier?: string }, now = new Date()): Promise<TokenAnswer> {
  if (!form.code || !form.code_verifier) throw new OAuthError('invalid_request', 'code and code_verifier are required.');
  // Deleted as it is read: a code is spent by its first exchange, right or wrong.
  const [code] = await db.delete(oauthCodes).where(eq(oauthCodes.codeHash, tokenDigest(form.code))).returning();
  if (!code || code.expiresAt <= now || code.clientId !== client.id) throw new OAuthError('invalid_grant', 'The code is unknown, used or expired.');
  if (code.redirectUri !== form.redirect_uri) throw new OAuthError('invalid_grant', 'redirect_uri differs from the authorization request.');
  if (createHash('sha256').update(form.code_verifier).digest('base64url') !== code.codeChallenge) throw new OAuthError('invalid_grant', 'The code verifier does not match the code challenge.');
  await assertActive(db, code.userId);
  const refresh = `${REFRESH_PREFIX}${random()}`;
  const [grant] = await db
    .insert(oauthGrants)
    .values({ userId: code.userId, clientId: client.id, scopes: code.scopes, refreshTokenHash: tokenDigest(refresh), refreshExpiresAt: new Date(now.getTime() + REFRESH_TTL_MS), createdAt: now })
    .onConflictDoUpdate({
      target: [oauthGrants.userId, oauthGrants.clientId],
      set: { scopes: code.scopes, refreshTokenHash: tokenDigest(refresh), refreshExpiresAt: new Date(now.getTime() + REFRESH_TTL_MS) },
    })
    .returning({ id: oauthGrants.id });
  return { ...(await replaceAccessToken(db, bus, { grantId: grant!.id, userId: code.userId, name: client.name, scopes: code.scopes }, now)), refresh_token: refresh };
}

/** `refresh_token`: a new access token and a new refresh token; the one presented is spent. */
export async function refreshGrant(db: Database, bus: SessionEventBus, client: OAuthClient, refreshToken: string | undefined, now = new Date()): Promise<TokenAnswer> {
  if (!refreshToken) throw new OAuthError('invalid_request', 'refresh_token is required.');
  const [grant] = await db.select().from(oauthGrants).where(eq(oauthGrants.refreshTokenHash, tokenDigest(refreshToken))).limit(1);
  if (!grant || grant.clientId !== client.id || grant.refreshExpiresAt <= now) throw new OAuthError('invalid_grant', 'The refresh token is unknown, used, revoked or expired.');
  await assertActive(db, grant.userId);
  const refresh = `${REFRESH_PREFIX}${random()}`;
  const rotated = await db
    .update(oauthGrants)
    .set({ refreshTokenHash: tokenDigest(refresh), refreshExpiresAt: new Date(now.getTime() + REFRESH_TTL_MS) })
    .where(and(eq(oauthGrants.id, grant.id), eq(oauthGrants.refreshTokenHash, grant.refreshTokenHash)))
    .returning({ id: oauthGrants.id });
  // Two refreshes racing with one token: only the first wins.
  if (rotated.length === 0) throw new OAuthError('invalid_grant', 'The refresh token is unknown, used, revoked or expired.');
  return { ...(await replaceAccessToken(db, bus, { grantId: grant.id, userId: grant.userId, name: client.name, scopes: grant.scopes }, now)), refresh_token: refresh };
}

async function assertActive(db: Database, userId: string) {
  const [user] = await db.select({ status: users.status }).from(users).where(eq(users.id, userId)).limit(1);
  if (user?.status !== 'active') throw new OAuthError('invalid_grant', 'This account cannot be used.');
}

/**
 * The grant's access token: a row of `api_tokens` (so the token guard, the scopes, the rate
 * limits and the audit treat it as a personal token), replacing the one before, which every
 * instance forgets at once.
 */
async function replaceAccessToken(db: Database, bus: SessionEventBus, grant: { grantId: string; userId: string; name: string; scopes: string }, now: Date) {
  const replaced = await db.delete(apiTokens).where(eq(apiTokens.grantId, grant.grantId)).returning({ tokenHash: apiTokens.tokenHash });
  if (replaced.length > 0) await bus.publish({ type: 'sessions-invalidated', digests: replaced.map((row) => row.tokenHash) });
  const token = `${TOKEN_PREFIX}${random()}`;
  await db.insert(apiTokens).values({
    userId: grant.userId,
    name: grant.name,
    tokenHash: tokenDigest(token),
    hint: token.slice(-4),
    scopes: grant.scopes,
    expiresAt: new Date(now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
    createdAt: now,
    grantId: grant.grantId,
  });
  return { access_token: token, token_type: 'Bearer' as const, expires_in: ACCESS_TOKEN_SECONDS, scope: grant.scopes };
}

/** A connected app as Profile › Connected apps lists it. */
export type ConnectedApp = { id: string; name: string; scopes: TokenScope[]; connectedAt: string; lastUsedAt: string | null };

export async function listConnectedApps(db: Database, userId: string): Promise<ConnectedApp[]> {
  const rows = await db
    .select({ id: oauthGrants.id, name: oauthClients.name, scopes: oauthGrants.scopes, createdAt: oauthGrants.createdAt, lastUsedAt: max(apiTokens.lastUsedAt) })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .leftJoin(apiTokens, eq(apiTokens.grantId, oauthGrants.id))
    .where(eq(oauthGrants.userId, userId))
    .groupBy(oauthGrants.id, oauthClients.name)
    .orderBy(desc(oauthGrants.createdAt));
  return rows.map((row) => ({ id: row.id, name: row.name, scopes: scopeList(row.scopes), connectedAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt ? new Date(row.lastUsedAt).toISOString() : null }));
}

/** Ends a grant: its refresh token at once, its access token on every instance at once. */
async function endGrant(db: Database, bus: SessionEventBus, grantId: string) {
  const tokens = await db.select({ tokenHash: apiTokens.tokenHash }).from(apiTokens).where(eq(apiTokens.grantId, grantId));
  const [ended] = await db.delete(oauthGrants).where(eq(oauthGrants.id, grantId)).returning({ id: oauthGrants.id });
  if (tokens.length > 0) await bus.publish({ type: 'sessions-invalidated', digests: tokens.map((row) => row.tokenHash) });
  return ended !== undefined;
}

/** The founder revokes a connected app (404 for anyone else's). */
export async function revokeConnectedApp(db: Database, bus: SessionEventBus, userId: string, id: string, context: RequestContext) {
  assertUuid(id);
  const [grant] = await db
    .select({ id: oauthGrants.id, clientId: oauthGrants.clientId, name: oauthClients.name })
    .from(oauthGrants)
    .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
    .where(and(eq(oauthGrants.id, id), eq(oauthGrants.userId, userId)))
    .limit(1);
  if (!grant || !(await endGrant(db, bus, grant.id))) throw new AppError('NOT_FOUND');
  await recordAuditEvent(db, { action: 'oauth_app_revoked', adminId: userId, targetUserId: userId, context, details: { clientId: grant.clientId, name: grant.name } });
}

/** RFC 7009: the client gives up a token; a refresh token ends its grant, an access token only itself. Unknown tokens are no error. */
export async function revokeByClient(db: Database, bus: SessionEventBus, client: OAuthClient, token: string | undefined) {
  if (!token) throw new OAuthError('invalid_request', 'token is required.');
  const digest = tokenDigest(token);
  const [grant] = await db.select({ id: oauthGrants.id }).from(oauthGrants).where(and(eq(oauthGrants.refreshTokenHash, digest), eq(oauthGrants.clientId, client.id))).limit(1);
  if (grant) {
    await endGrant(db, bus, grant.id);
    return;
  }
  const [access] = await db
    .select({ id: apiTokens.id })
    .from(apiTokens)
    .innerJoin(oauthGrants, eq(oauthGrants.id, apiTokens.grantId))
    .where(and(eq(apiTokens.tokenHash, digest), isNotNull(apiTokens.grantId), eq(oauthGrants.clientId, client.id)))
    .limit(1);
  if (!access) return;
  await db.delete(apiTokens).where(eq(apiTokens.id, access.id));
  await bus.publish({ type: 'sessions-invalidated', digests: [digest] });
}
