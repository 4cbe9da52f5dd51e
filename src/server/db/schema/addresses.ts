import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every address that ever had an account, as a SHA-256 digest of the lower-cased address
 * (platform/known-addresses.ts), never deleted: not even when the account and its rows are.
 * A new account whose address is here is not its first, so it gets no trial and cannot be
 * referred (decision 241). No foreign key: it outlives the account on purpose.
 */
export const knownAddresses = pgTable('known_addresses', {
  emailHash: text('email_hash').primaryKey(),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
});
