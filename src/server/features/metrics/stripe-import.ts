import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import { isHistoricalWeek } from '../../../core/metrics/editing-window.ts';
import { compareWeeks, isoWeekOf, previousWeek, type WeekKey } from '../../../core/metrics/iso-week.ts';
import { isLiveKey, mergeStripeWeeks, type StripeApplyInput, stripeKeyHint } from '../../../core/metrics/stripe-import.ts';
import { type StripeInvoice, type StripeSubscription, type StripeWeek, stripeWeeks } from '../../../core/metrics/stripe-weeks.ts';
import { WeekRecordInput } from '../../../core/metrics/week-record.ts';
import { PREMIUM_TIER } from '../../../core/subscription/trial.ts';
import { KEYED } from '../../../core/validation/issues.ts';
import type { SessionEventBus } from '../../cluster/shared-state.ts';
import type { Database } from '../../db/client.ts';
import { stripeConnections, users } from '../../db/schema/index.ts';
import type { StripeImportConfig } from '../../env.ts';
import { AppError } from '../../platform/app-error.ts';
import { fieldErrors } from '../../http/validate.ts';
import type { Logger } from '../../logger.ts';
import { effectiveTier, requirePremium } from '../../platform/premium.ts';
import { listWeeks, recordWeeks, type WeeksImported } from './service.ts';
import { type StripeFailure, StripeReadError, stripeReader } from './stripe-client.ts';
import { openKey, sealKey } from './stripe-key-box.ts';

/**
 * The import from Stripe (decision 118). Connecting checks the restricted key against
 * Stripe, stores it sealed and starts reading the account in the background; the founder
 * follows the progress, reviews the weeks found and saves them; every week after, the
 * sync job reads the account again and records the weeks that have ended since. Always
 * the signed-in founder's own connection: there is one per founder and no id to guess.
 */
export type StripeDeps = { db: Database; stripe: StripeImportConfig | undefined; logger: Logger; trialDays: number };

/** A reading that has not finished after this long died with its server: said so, and retried by the next sync. */
const STALE_READING_MS = 15 * 60_000;
const PROGRESS_EVERY_MS = 250;

type Progress = { subscriptions: number; invoices: number };
type Preview = { weeks: StripeWeek[]; otherCurrency: number };

export type StripeConnectionStatus = {
  keyHint: string;
  livemode: boolean;
  status: 'reading' | 'ready' | 'synced' | 'failed';
  progress: Progress;
  error: string | null;
  preview: (Preview & { weeks: (StripeWeek & { recorded: boolean })[]; needsBaseline: boolean }) | null;
  lastSyncedAt: string | null;
  syncedThrough: WeekKey | null;
};
export type StripeStatus = { available: boolean; connection: StripeConnectionStatus | null };

function requireStripe(deps: StripeDeps): StripeImportConfig {
  if (!deps.stripe) throw new AppError('STRIPE_IMPORT_OFF');
  return deps.stripe;
}

const connectionOf = async (db: Database, userId: string) =>
  (await db.select().from(stripeConnections).where(eq(stripeConnections.userId, userId)).limit(1))[0];

const syncedThroughOf = (row: { syncedThroughYear: number | null; syncedThroughWeek: number | null }): WeekKey | null =>
  row.syncedThroughYear === null || row.syncedThroughWeek === null ? null : { year: row.syncedThroughYear, week: row.syncedThroughWeek };

/** The founder's connection as the page shows it; a reading whose server died is reported as failed. */
export async function stripeStatus(deps: StripeDeps, userId: string, now = new Date()): Promise<StripeStatus> {
  if (!deps.stripe) return { available: false, connection: null };
  const row = await connectionOf(deps.db, userId);
  if (!row) return { available: true, connection: null };
  const syncedThrough = syncedThroughOf(row);
  const stale = row.status === 'reading' && row.readStartedAt !== null && now.getTime() - row.readStartedAt.getTime() > STALE_READING_MS;
  const status = stale ? (syncedThrough ? 'synced' : 'failed') : row.status;
  let preview: StripeConnectionStatus['preview'] = null;
  if (status === 'ready' && row.preview) {
    const found = row.preview as Preview;
    const recorded = await listWeeks(deps.db, userId, 'oldest');
    const isRecorded = (week: WeekKey) => recorded.some((record) => compareWeeks(record, week) === 0);
    preview = { ...found, weeks: found.weeks.map((week) => ({ ...week, recorded: isRecorded(week) })), needsBaseline: recorded.length === 0 };
  }
  return {
    available: true,
    connection: {
      keyHint: row.keyHint,
      livemode: row.livemode,
      status,
      progress: row.progress,
      error: stale ? 'stripe.interrupted' : row.error,
      preview,
      lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
      syncedThrough,
    },
  };
}

/** Everything the account holds that the weeks need, with the progress told as it goes. */
async function readAccount(config: StripeImportConfig, key: string, onProgress: (progress: Progress) => Promise<void>) {
  const reader = stripeReader(config.apiUrl, key);
  let lastReport = 0;
  const report = async (progress: Progress, force = false) => {
    if (!force && Date.now() - lastReport < PROGRESS_EVERY_MS) return;
    lastReport = Date.now();
    await onProgress(progress);
  };
  const subscriptions = await reader.list<StripeSubscription>('/v1/subscriptions', { status: 'all' }, (read) => report({ subscriptions: read, invoices: 0 }));
  const invoices = await reader.list<StripeInvoice>('/v1/invoices', { status: 'paid' }, (read) => report({ subscriptions: subscriptions.length, invoices: read }));
  const progress = { subscriptions: subscriptions.length, invoices: invoices.length };
  await report(progress, true);
  return { subscriptions, invoices, progress };
}

/** The weeks the account describes, through the last completed week, in the founder's currency. */
async function weeksOfAccount(deps: StripeDeps, config: StripeImportConfig, userId: string, key: string, reading: Date, now: Date) {
  const [profile] = await deps.db.select({ currency: users.currency }).from(users).where(eq(users.id, userId)).limit(1);
  const account = await readAccount(config, key, (progress) => setProgress(deps.db, userId, reading, progress));
  const found = stripeWeeks(account.subscriptions, account.invoices, profile?.currency ?? 'USD', previousWeek(isoWeekOf(now)));
  return { ...found, progress: account.progress };
}

/** Only the reading that started at `reading` may write its results: a newer one (a new key) wins. */
const ownReading = (userId: string, reading: Date) => and(eq(stripeConnections.userId, userId), eq(stripeConnections.readStartedAt, reading));

async function setProgress(db: Database, userId: string, reading: Date, progress: Progress) {
  await db.update(stripeConnections).set({ progress, updatedAt: new Date() }).where(ownReading(userId, reading));
}

const failureOf = (error: unknown): StripeFailure | 'stripe.failed' => (error instanceof StripeReadError ? error.reason : 'stripe.failed');

/** The first reading after connecting: its weeks wait for the founder's review. */
async function readForReview(deps: StripeDeps, config: StripeImportConfig, userId: string, key: string, reading: Date) {
  try {
    const { weeks, otherCurrency, progress } = await weeksOfAccount(deps, config, userId, key, reading, new Date());
    await deps.db
      .update(stripeConnections)
      .set({ status: 'ready', preview: { weeks, otherCurrency } satisfies Preview, progress, error: null, readStartedAt: null, updatedAt: new Date() })
      .where(ownReading(userId, reading));
  } catch (error) {
    deps.logger.warn({ err: error, userId }, 'reading a Stripe account failed');
    await deps.db
      .update(stripeConnections)
      .set({ status: 'failed', error: failureOf(error), readStartedAt: null, updatedAt: new Date() })
      .where(ownReading(userId, reading));
  }
}

/**
 * Connects the founder's Stripe account with a restricted key: Stripe must accept it for
 * reading subscriptions and invoices before anything is stored (a refused key leaves no
 * row). The reading then runs in the background; GET /api/metrics/stripe follows it.
 */
export async function connectStripe(deps: StripeDeps, userId: string, key: string, now = new Date()): Promise<StripeStatus> {
  const config = requireStripe(deps);
  await requirePremium(deps.db, userId, deps.trialDays, now);
  try {
    await stripeReader(config.apiUrl, key).probe();
  } catch (error) {
    const reason = failureOf(error);
    if (reason === 'stripe.unreachable' || reason === 'stripe.failed') throw new AppError('STRIPE_UNREACHABLE');
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'key', message: `validation:${reason}` }] });
  }
  const row = {
    encryptedKey: sealKey(key, config.encryptionKey, userId),
    keyHint: stripeKeyHint(key),
    livemode: isLiveKey(key),
    status: 'reading' as const,
    progress: { subscriptions: 0, invoices: 0 },
    preview: null,
    error: null,
    readStartedAt: now,
    lastSyncedAt: null,
    syncedThroughYear: null,
    syncedThroughWeek: null,
    updatedAt: now,
  };
  await deps.db.insert(stripeConnections).values({ userId, ...row }).onConflictDoUpdate({ target: stripeConnections.userId, set: row });
  // Its own failures are stored on the connection; this catches only a database gone away (shutdown).
  readForReview(deps, config, userId, key, now).catch((error: unknown) => deps.logger.error({ err: error, userId }, 'Stripe reading could not be recorded'));
  // As stored: the reading may already be further along by the time this is sent.
  const { keyHint, livemode, status, progress } = row;
  return { available: true, connection: { keyHint, livemode, status, progress, error: null, preview: null, lastSyncedAt: null, syncedThrough: null } };
}

/**
 * Saves the weeks the reading found (tier 2, as any import): Stripe's figures replace the
 * founder's in weeks they recorded; weeks they did not take the rest from their closest
 * recorded week, or from the baseline when they have none. Later weeks come by the sync.
 */
export async function applyStripeWeeks(deps: StripeDeps, userId: string, input: StripeApplyInput, now = new Date()): Promise<WeeksImported> {
  requireStripe(deps);
  await requirePremium(deps.db, userId, deps.trialDays, now);
  const row = await connectionOf(deps.db, userId);
  if (!row) throw new AppError('NOT_FOUND');
  const preview = row.preview as Preview | null;
  if (row.status !== 'ready' || !preview) throw new AppError('VALIDATION_FAILED', { details: [{ field: '', message: 'validation:stripe.nothingToSave' }] });
  const merged = mergeStripeWeeks(preview.weeks, await listWeeks(deps.db, userId, 'oldest'), input.baseline);
  if (!merged) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'baseline', message: 'validation:stripe.baselineRequired' }] });
  const invalid = merged.flatMap((record) => {
    const { year, week, ...inputs } = record;
    const checked = WeekRecordInput.safeParse(inputs, KEYED);
    return checked.success ? [] : fieldErrors(checked.error).map((detail) => ({ ...detail, field: `${year}-W${week}.${detail.field}` }));
  });
  if (invalid.length > 0) throw new AppError('VALIDATION_FAILED', { details: invalid });
  await recordWeeks(deps.db, userId, merged);
  const last = preview.weeks.at(-1);
  await deps.db
    .update(stripeConnections)
    .set({ status: 'synced', preview: null, lastSyncedAt: now, syncedThroughYear: last?.year ?? null, syncedThroughWeek: last?.week ?? null, updatedAt: now })
    .where(eq(stripeConnections.userId, userId));
  return { imported: merged.length };
}

/** Forgets the key and whatever the readings found; the weeks already saved stay. */
export async function disconnectStripe(db: Database, userId: string) {
  const deleted = await db.delete(stripeConnections).where(eq(stripeConnections.userId, userId)).returning({ userId: stripeConnections.userId });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
}

/**
 * The weekly sync: reads every synced account again and records the weeks that have ended
 * since it last did (a founder past their trial gets the recent ones only, as anyone can
 * edit them). Each account is claimed first, so two instances never read the same one;
 * a failure is kept on the connection for the founder to see, and retried next week.
 */
export async function syncStripeAccounts(deps: StripeDeps & { bus: SessionEventBus }, now = new Date()): Promise<{ synced: number; weeks: number }> {
  const config = deps.stripe;
  if (!config) return { synced: 0, weeks: 0 };
  // Synced accounts, and those whose last sync died with its server.
  const staleBefore = new Date(now.getTime() - STALE_READING_MS);
  const dueForSync = and(
    isNotNull(stripeConnections.syncedThroughYear),
    or(eq(stripeConnections.status, 'synced'), and(eq(stripeConnections.status, 'reading'), lt(stripeConnections.readStartedAt, staleBefore))),
  );
  // Founders who closed their account or were suspended keep their data, not their sync.
  const due = await deps.db
    .select({ userId: stripeConnections.userId })
    .from(stripeConnections)
    .innerJoin(users, eq(users.id, stripeConnections.userId))
    .where(and(dueForSync, eq(users.status, 'active')));
  let synced = 0;
  let written = 0;
  for (const { userId } of due) {
    const [claimed] = await deps.db
      .update(stripeConnections)
      .set({ status: 'reading', readStartedAt: now, progress: { subscriptions: 0, invoices: 0 }, updatedAt: now })
      .where(and(eq(stripeConnections.userId, userId), dueForSync))
      .returning();
    const since = claimed && syncedThroughOf(claimed);
    if (!claimed || !since) continue;
    const done = (changes: Partial<typeof stripeConnections.$inferInsert>) =>
      deps.db.update(stripeConnections).set({ status: 'synced', readStartedAt: null, updatedAt: new Date(), ...changes }).where(ownReading(userId, now));
    const key = openKey(claimed.encryptedKey, config.encryptionKey, userId);
    if (!key) {
      await done({ error: 'stripe.keyUnreadable' });
      continue;
    }
    try {
      const found = await weeksOfAccount(deps, config, userId, key, now, now);
      const premium = (await effectiveTier(deps.db, userId, deps.trialDays, now)) >= PREMIUM_TIER;
      const fresh = found.weeks.filter((week) => compareWeeks(week, since) > 0 && (premium || !isHistoricalWeek(week, now)));
      const merged = fresh.length > 0 ? mergeStripeWeeks(fresh, await listWeeks(deps.db, userId, 'oldest')) : [];
      if (merged && merged.length > 0) {
        await recordWeeks(deps.db, userId, merged);
        await deps.bus.publish({ type: 'user-invalidated', userId });
      }
      const through = found.weeks.at(-1) ?? since;
      await done({ error: null, progress: found.progress, lastSyncedAt: now, syncedThroughYear: through.year, syncedThroughWeek: through.week });
      synced += 1;
      written += merged?.length ?? 0;
    } catch (error) {
      deps.logger.warn({ err: error, userId }, 'Stripe weekly sync failed');
      await done({ error: failureOf(error) });
    }
  }
  return { synced, weeks: written };
}
