import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './profile.ts';

/**
 * How a founder appears in the community (docs/community.md, decision 190): their chosen
 * visibility and a random pseudonym number, drawn once and unique, so 'Founder #4821'
 * is stable and says nothing about the account behind it. No row means anonymous.
 */
export const communityMembers = pgTable(
  'community_members',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    visibility: text('visibility', { enum: ['public', 'anonymous', 'hidden'] }).notNull().default('anonymous'),
    pseudonym: integer('pseudonym').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('community_members_pseudonym_idx').on(table.pseudonym)],
);

