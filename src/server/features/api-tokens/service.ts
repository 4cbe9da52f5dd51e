import { randomBytes } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import { type CreateTokenInput, MAX_TOKENS_PER_FOUNDER, TOKEN_PREFIX, type TokenScope } from '../../../core/api-tokens/token-schema.ts';
import { type SessionEventBus, tokenDigest } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { apiTokens } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { assertUuid } from '../../platform/ids.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A token as the founder's list shows it: never the token itself. */
export type ApiTokenView = {
  id: string;
  name: string;
  scopes: TokenScope[];
  /** The token's last four characters (`rumbo_…abcd`). */
  hint: string;
  createdAt: string;
  expiresAt: string | null;
  expired: boolean;
  lastUsedAt: string | null;
  lastUsedAddress: string | null;
};

/** POST /api/tokens: the only answer that ever holds the token. */
export type CreatedApiToken = { id: string; token: string; name: string; scopes: TokenScope[]; expiresAt: string | null };

export async function createApiToken(db: Database, userId: string, input: CreateTokenInput, context: RequestContext, now = new Date()): Promise<CreatedApiToken> {
  const [live] = await db.select({ total: count() }).from(apiTokens).where(eq(apiTokens.userId, userId));
  if ((live?.total ?? 0) >= MAX_TOKENS_PER_FOUNDER) throw new AppError('API_TOKEN_LIMIT');
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = input.expiresInDays === undefined ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const scopes = [...input.scopes];
  const [row] = await db
    .insert(apiTokens)
    .values({ userId, name: input.name, tokenHash: tokenDigest(token), hint: token.slice(-4), scopes: scopes.join(' '), expiresAt, createdAt: now })
    .returning({ id: apiTokens.id });
  await recordAuditEvent(db, { action: 'api_token_created', adminId: userId, targetUserId: userId, context, details: { tokenId: row!.id, name: input.name, scopes } }, now);
  return { id: row!.id, token, name: input.name, scopes, expiresAt: expiresAt?.toISOString() ?? null };
}

export async function listApiTokens(db: Database, userId: string, now = new Date()): Promise<ApiTokenView[]> {
  const rows = await db.select().from(apiTokens).where(eq(apiTokens.userId, userId)).orderBy(desc(apiTokens.createdAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: row.scopes.split(' ') as TokenScope[],
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt <= now,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: row.lastUsedAddress,
  }));
}

/** Deletes the founder's token and tells every instance to forget it at once (the sign-out message). */
export async function revokeApiToken(db: Database, bus: SessionEventBus, userId: string, id: string, context: RequestContext): Promise<void> {
  assertUuid(id);
  const [row] = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ tokenHash: apiTokens.tokenHash, name: apiTokens.name });
  if (!row) throw new AppError('NOT_FOUND');
  await bus.publish({ type: 'sessions-invalidated', digests: [row.tokenHash] });
  await recordAuditEvent(db, { action: 'api_token_revoked', adminId: userId, targetUserId: userId, context, details: { tokenId: id, name: row.name } });
}
