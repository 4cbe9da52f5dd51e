import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * OAuth 2.1 for remote MCP clients (docs/api.md, decision 277). A client registers itself
 * (dynamic client registration) with the redirect URIs it may use; a founder's consent makes a
 * grant, whose access tokens are rows of `api_tokens` (so every check a personal token passes
 * applies to them) and whose refresh token is kept here as a digest only.
 */
export const oauthClients = pgTable('oauth_clients', {
  /** The public `client_id`. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Space-free absolute URIs, compared to the letter. */
  redirectUris: text('redirect_uris').array().notNull(),
  /** Confidential clients only: the digest of their `client_secret`. */
  secretHash: text('secret_hash'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Authorization codes: ten minutes, one use, bound to their client, redirect URI and PKCE challenge. */
export const oauthCodes = pgTable('oauth_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id')
    .notNull()
    .references(() => oauthClients.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  scopes: text('scopes').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A founder's consent to one client: what Profile › Connected apps lists and revokes. */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.id, { onDelete: 'cascade' }),
    /** `read`, or `read write`. */
    scopes: text('scopes').notNull(),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('oauth_grants_user_client_idx').on(table.userId, table.clientId), uniqueIndex('oauth_grants_refresh_idx').on(table.refreshTokenHash), index('oauth_grants_client_idx').on(table.clientId)],
);
