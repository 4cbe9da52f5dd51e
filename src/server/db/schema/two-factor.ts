import { index, integer, pgTable, primaryKey, text, timestamp, boolean } from 'drizzle-orm/pg-core';
import { authUsers } from './auth.ts';

/**
 * Better Auth's two-factor plugin state: the encrypted TOTP secret and the encrypted
 * backup codes (each works once), one row per enrolled account.
 */
export const authTwoFactors = pgTable(
  'auth_two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    /** False between "enable" and the first correct code (enrolment not finished). */
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [index('auth_two_factors_user_id_idx').on(table.userId), index('auth_two_factors_secret_idx').on(table.secret)],
);

/**
 * TOTP codes already accepted, so a code seen once (shoulder-surfed, phished, replayed
 * from a log) cannot open a second session while it is still inside its time window.
 * Rows older than the window are useless and are deleted as new codes arrive.
 */
export const twoFactorUsedCodes = pgTable(
  'two_factor_used_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.code] })],
);

/**
 * Browsers a founder chose to trust for 30 days at the two-step check ("Trust this
 * browser"). The trust itself is Better Auth's verification row `trust-device-…`, renewed
 * under a new identifier at each sign-in; this keeps what the security page shows of it
 * (which browser, since when), keyed by that identifier (src/server/auth/trusted-devices.ts).
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    identifier: text('identifier').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUsers.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent'),
    /** When the founder first trusted this browser (kept across renewals). */
    trustedAt: timestamp('trusted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('trusted_devices_user_id_idx').on(table.userId)],
);
