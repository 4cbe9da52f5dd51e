import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oauthGrants } from './oauth.ts';
import { users } from './profile.ts';

/**
 * Personal API tokens (docs/api.md, decision 275). Only the SHA-256 of a token is kept
 * (base64url, the same digest the session bus names sessions by), so the table lets nobody
 * act as a founder; `hint` is the token's last four characters, for the founder to tell
 * tokens apart. A revoked token's row is deleted (the audit log keeps its story).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    hint: text('hint').notNull(),
    /** `read`, or `read write` (core/api-tokens/token-schema.ts). */
    scopes: text('scopes').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set for an access token an OAuth client holds (decision 277): it goes with its grant. */
    grantId: uuid('grant_id').references(() => oauthGrants.id, { onDelete: 'cascade' }),
  },
  (table) => [uniqueIndex('api_tokens_hash_idx').on(table.tokenHash), index('api_tokens_user_idx').on(table.userId, table.createdAt.desc())],
);

/** The addresses each token was used from: a new one is audited once, whichever instance sees it first. */
export const apiTokenAddresses = pgTable(
  'api_token_addresses',
  {
    tokenId: uuid('token_id')
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    address: text('address').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tokenId, table.address] })],
);
