import { eq } from 'drizzle-orm';
import { TOKEN_PATTERN, type TokenScope } from '../../core/api-tokens/token-schema.ts';
import { type SessionEventBus, tokenDigest } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { apiTokenAddresses, apiTokens, users } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import type { SessionUser } from '../platform/session-user.ts';

/**
 * The check a request with `Authorization: Bearer rumbo_…` makes, as fast as the session
 * check beside it (session-guard.ts, decision 020): what the database said about a token is
 * kept for a few seconds keyed by its digest, so most requests cost a hash and a Map lookup.
 * Expiry is judged on every request; revocation (`sessions-invalidated` with the token's
 * digest, the same message a sign-out sends) and any change to the founder (suspension,
 * deletion: `user-invalidated`) drop the entry on every instance at once; the TTL is only
 * the backstop for a lost message (decision 275).
 */
export type TokenCheck = {
  tokenId: string;
  user: SessionUser;
  scopes: TokenScope[];
  createdAt: Date;
  expiresAt: Date | null;
};

export type TokenGuard = {
  /** The token's check, or undefined for a missing, malformed, unknown, expired or revoked one, or an inactive founder's. */
  check: (token: string, address: string | null) => Promise<TokenCheck | undefined>;
  cachedCount: () => number;
};

type Entry = TokenCheck & {
  digest: string;
  loadedAt: number;
  /** When last_used_at was last written from this instance. */
  persistedUseAt: number;
  /** Addresses this instance already knows the token came from. */
  addresses: Set<string>;
};

export type TokenGuardOptions = {
  db: Database;
  bus: SessionEventBus;
  logger: Logger;
  /** Called once per token and new address (the audit row). */
  onNewAddress: (token: TokenCheck, address: string) => Promise<void>;
  cacheTtlMs?: number;
  now?: () => number;
};

const DEFAULT_CACHE_TTL_MS = 30_000;
/** `last_used_at` is written at most once a minute per token and instance: the list says "used 5 minutes ago", not the second. */
const USE_WRITE_MS = 60_000;
const MAX_ENTRIES = 50_000;

export function createTokenGuard(options: TokenGuardOptions): TokenGuard {
  const { db, bus, logger } = options;
  const ttl = options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS;
  const now = options.now ?? Date.now;
  const byDigest = new Map<string, Entry>();
  const loading = new Map<string, Promise<Entry | undefined>>();
  let generation = 0;

  bus.subscribe((event) => {
    if (event.type === 'chat-changed' || event.type === 'settings-changed') return;
    generation += 1;
    if (event.type === 'sessions-invalidated') {
      for (const digest of event.digests) byDigest.delete(digest);
    } else if (event.type === 'resync') {
      // The bus missed messages while it was down: nothing cached can be trusted.
      byDigest.clear();
    } else {
      for (const [digest, entry] of byDigest) if (entry.user.id === event.userId) byDigest.delete(digest);
    }
  });

  async function load(digest: string): Promise<Entry | undefined> {
    const startedAt = generation;
    const [row] = await db
      .select({
        id: apiTokens.id,
        userId: apiTokens.userId,
        scopes: apiTokens.scopes,
        createdAt: apiTokens.createdAt,
        expiresAt: apiTokens.expiresAt,
        lastUsedAt: apiTokens.lastUsedAt,
        email: users.email,
        name: users.fullName,
        status: users.status,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, digest))
      .limit(1);
    // A suspended or deleted founder's tokens stop at once (and start again on reactivation).
    if (!row || row.status !== 'active') return undefined;
    const entry: Entry = {
      tokenId: row.id,
      user: { id: row.userId, email: row.email, name: row.name ?? '' },
      scopes: row.scopes.split(' ') as TokenScope[],
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      digest,
      loadedAt: now(),
      persistedUseAt: row.lastUsedAt?.getTime() ?? 0,
      addresses: byDigest.get(digest)?.addresses ?? new Set(),
    };
    if (startedAt === generation) {
      if (byDigest.size >= MAX_ENTRIES) byDigest.delete(byDigest.keys().next().value!);
      byDigest.set(digest, entry);
    }
    return entry;
  }

  async function find(digest: string): Promise<Entry | undefined> {
    const cached = byDigest.get(digest);
    if (cached && now() - cached.loadedAt < ttl) return cached;
    let pending = loading.get(digest);
    if (!pending) {
      pending = load(digest).finally(() => loading.delete(digest));
      loading.set(digest, pending);
    }
    return pending;
  }

  /** Remembers the address, auditing it when no instance had seen it for this token. */
  async function noteAddress(entry: Entry, address: string) {
    if (entry.addresses.has(address)) return;
    const inserted = await db
      .insert(apiTokenAddresses)
      .values({ tokenId: entry.tokenId, address })
      .onConflictDoNothing()
      .returning({ address: apiTokenAddresses.address });
    entry.addresses.add(address);
    if (inserted.length > 0) await options.onNewAddress(entry, address);
  }

  function noteUse(entry: Entry, at: number, address: string | null) {
    if (at - entry.persistedUseAt < USE_WRITE_MS) return;
    entry.persistedUseAt = at;
    db.update(apiTokens)
      .set({ lastUsedAt: new Date(at), lastUsedAddress: address })
      .where(eq(apiTokens.id, entry.tokenId))
      .catch((error: unknown) => logger.error({ err: error }, 'token use write failed'));
  }

  return {
    cachedCount: () => byDigest.size,
    check: async (token, address) => {
      if (!TOKEN_PATTERN.test(token)) return undefined;
      const entry = await find(tokenDigest(token));
      if (!entry) return undefined;
      const at = now();
      if (entry.expiresAt && entry.expiresAt.getTime() <= at) return undefined;
      if (address) await noteAddress(entry, address);
      noteUse(entry, at, address);
      return { tokenId: entry.tokenId, user: entry.user, scopes: entry.scopes, createdAt: entry.createdAt, expiresAt: entry.expiresAt };
    },
  };
}
