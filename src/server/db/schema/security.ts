import { bigint, integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every instance when the server runs on PostgreSQL
 * without Redis (src/server/rate-limit/). The shape is the one `rate-limiter-flexible`'s
 * PostgreSQL store reads and writes; we create it by migration, not at run time.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  /** Epoch milliseconds when the window ends; null never expires. */
  expire: bigint('expire', { mode: 'number' }),
});
