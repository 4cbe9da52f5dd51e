import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { assertUuid } from './ids.ts';

/** A founder's table: rows with a uuid `id` and the `userId` of the founder they belong to. */
type OwnedTable = PgTable & { id: PgColumn; userId: PgColumn };

/**
 * The founder's own row of `table` by its id, or 404: another founder's id, one that does not
 * exist and one that is no uuid at all answer alike (no hint about which ids exist).
 */
export async function ownedRow<Table extends OwnedTable>(db: Executor, table: Table, id: string, userId: string): Promise<Table['$inferSelect']> {
  assertUuid(id);
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row as Table['$inferSelect'];
}
