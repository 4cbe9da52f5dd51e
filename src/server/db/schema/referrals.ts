import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * Referral codes (docs/referrals.md): available until someone signs up with one (pending,
 * `referred_user_id` set), rewarded when that founder completes onboarding. A founder can be
 * referred once: `referred_user_id` is unique.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** available | pending | rewarded (core/referrals/referral-schema.ts). */
    status: text('status').notNull().default('available'),
    referredUserId: text('referred_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('referral_codes_code_idx').on(table.code),
    uniqueIndex('referral_codes_referred_idx').on(table.referredUserId),
    index('referral_codes_owner_idx').on(table.ownerId, table.createdAt.desc()),
  ],
);

/**
 * What each founder is told when a referral is rewarded (docs/decisions/195-referral-reward-notices.md):
 * one row per founder and code, written in the reward's transaction. It is the in-app notice
 * until `dismissed_at`, and the e-mail owed until `emailed_at` (set by the instance that sends it).
 */
export const referralNotices = pgTable(
  'referral_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeId: uuid('code_id')
      .notNull()
      .references(() => referralCodes.id, { onDelete: 'cascade' }),
    /** inviter | invited (core/referrals/referral-schema.ts). */
    role: text('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('referral_notices_once_idx').on(table.codeId, table.role),
    index('referral_notices_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);
