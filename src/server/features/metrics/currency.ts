import { desc, eq } from 'drizzle-orm';
import { convertWeek, type CurrencyChangeInput } from '../../../core/metrics/currency-change.ts';
import type { WeekRecord } from '../../../core/metrics/week-record.ts';
import type { Database } from '../../db/client.ts';
import { currencyChanges, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { listWeeks, refreshSnapshot, upsertWeeks } from './service.ts';

type CurrencyChangeRow = typeof currencyChanges.$inferSelect;

/** A change as the API answers it (API: POST /api/metrics/currency, GET /api/metrics/currency-changes). */
function toCurrencyChange({ userId: _owner, createdAt, ...change }: CurrencyChangeRow) {
  return { ...change, createdAt: createdAt.toISOString() };
}
export type CurrencyChange = ReturnType<typeof toCurrencyChange>;

const refuse = (field: string, message: string) => new AppError('VALIDATION_FAILED', { details: [{ field, message }] });

/**
 * Changes the founder's currency in one transaction (decision 114): a relabel only changes
 * the label; a conversion rewrites every money field of every week at the rate, refreshes
 * the metrics snapshot, and both record the change. Anything refused (the same currency,
 * an amount the rate would make too large) changes nothing. The profile row is locked
 * first, so two changes sent at once cannot both convert the same weeks.
 */
export async function changeCurrency(db: Database, userId: string, input: CurrencyChangeInput): Promise<CurrencyChange> {
  return db.transaction(async (tx) => {
    const [profile] = await tx.select({ currency: users.currency }).from(users).where(eq(users.id, userId)).for('update');
    if (!profile) throw new AppError('NOT_FOUND');
    if (profile.currency === input.currency) throw refuse('currency', 'validation:currency.same');
    let weeksConverted = 0;
    if (input.mode === 'convert') {
      const weeks = await listWeeks(tx, userId, 'oldest');
      const converted = weeks.map((week) => convertWeek(week, input.rate, input.currency));
      if (converted.includes(null)) throw refuse('rate', 'validation:currency.tooLarge');
      await upsertWeeks(tx, userId, converted as WeekRecord[]);
      await refreshSnapshot(tx, userId);
      weeksConverted = weeks.length;
    }
    await tx.update(users).set({ currency: input.currency, updatedAt: new Date() }).where(eq(users.id, userId));
    const [change] = await tx
      .insert(currencyChanges)
      .values({ userId, fromCurrency: profile.currency, toCurrency: input.currency, mode: input.mode, rate: input.mode === 'convert' ? input.rate : null, weeksConverted })
      .returning();
    return toCurrencyChange(change!);
  });
}

/** The founder's own currency changes, newest first. */
export async function listCurrencyChanges(db: Database, userId: string): Promise<CurrencyChange[]> {
  const rows = await db.select().from(currencyChanges).where(eq(currencyChanges.userId, userId)).orderBy(desc(currencyChanges.createdAt));
  return rows.map(toCurrencyChange);
}
