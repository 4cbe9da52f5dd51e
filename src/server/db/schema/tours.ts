import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * The guided tours each founder has seen or skipped (src/core/tours/tour-ids.ts), kept on
 * the server so another browser or device does not show them again.
 */
export const tourViews = pgTable(
  'tour_views',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tour: text('tour').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.tour] })],
);
