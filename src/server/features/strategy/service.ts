import { and, desc, eq } from 'drizzle-orm';
import type { StrategyInput } from '../../../core/strategy/strategy-schema.ts';
import type { Database } from '../../db/client.ts';
import { strategyVersions, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { awardPoints, recordActivity } from '../gamification/index.ts';

/** A saved version as the API answers it; version 0 means nothing saved yet. */
export type StrategyVersion = {
  version: number;
  coreProblem: string;
  maximas: string[];
  statement: string;
  /** The version this one restored, when it was made by restoring. */
  restoredFrom: number | null;
  savedAt: string | null;
};

type VersionRow = typeof strategyVersions.$inferSelect;

function toVersion(row: VersionRow): StrategyVersion {
  return {
    version: row.version,
    coreProblem: row.coreProblem,
    maximas: row.maximas,
    statement: row.statement,
    restoredFrom: row.restoredFrom,
    savedAt: row.createdAt.toISOString(),
  };
}

/** The one award for saving a strategy (20 points with the Strategy Master badge: docs/product.md#points). */
const STRATEGY_AWARD_SOURCE = 'first-strategy';

async function latestRow(db: Database, userId: string) {
  const [row] = await db
    .select()
    .from(strategyVersions)
    .where(eq(strategyVersions.userId, userId))
    .orderBy(desc(strategyVersions.version))
    .limit(1);
  return row;
}

/**
 * The current strategy. Before the first save it is version 0, with the core problem
 * prefilled from the profile's core_problem_statement (onboarding may have set it).
 */
export async function getStrategy(db: Database, userId: string): Promise<StrategyVersion> {
  const row = await latestRow(db, userId);
  if (row) return toVersion(row);
  const [profile] = await db.select({ coreProblem: users.coreProblemStatement }).from(users).where(eq(users.id, userId)).limit(1);
  return { version: 0, coreProblem: profile?.coreProblem ?? '', maximas: [], statement: '', restoredFrom: null, savedAt: null };
}

export async function listVersions(db: Database, userId: string): Promise<StrategyVersion[]> {
  const rows = await db
    .select()
    .from(strategyVersions)
    .where(eq(strategyVersions.userId, userId))
    .orderBy(desc(strategyVersions.version));
  return rows.map(toVersion);
}

/**
 * Saves the strategy as a new version, mirrors the core problem to the profile, awards points.
 * A founder's saves take turns: each locks the founder's profile row first, so it reads the
 * version the save before it committed and takes the next number, however many race (on
 * PGlite a transaction runs alone anyway). The unique key on (user, version) stays as the
 * last guard.
 */
export async function saveStrategy(db: Database, userId: string, input: StrategyInput, restoredFrom: number | null = null) {
  const at = new Date();
  const saved = await db.transaction(async (tx) => {
    const [founder] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!founder) throw new AppError('NOT_FOUND');
    const next = ((await latestRow(tx as unknown as Database, userId))?.version ?? 0) + 1;
    const [row] = await tx
      .insert(strategyVersions)
      .values({ userId, version: next, ...input, restoredFrom, createdAt: at })
      .returning();
    await tx.update(users).set({ coreProblemStatement: input.coreProblem, updatedAt: at }).where(eq(users.id, userId));
    return row!;
  });
  await awardPoints(db, { userId, event: 'strategy-saved', sourceId: STRATEGY_AWARD_SOURCE, at });
  await recordActivity(db, userId, at);
  return toVersion(saved);
}

/** Restoring an old version saves its content again as a new version (docs/product.md#strategy-builder). */
export async function restoreVersion(db: Database, userId: string, version: number) {
  const [row] = await db
    .select()
    .from(strategyVersions)
    .where(and(eq(strategyVersions.userId, userId), eq(strategyVersions.version, version)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return saveStrategy(db, userId, { coreProblem: row.coreProblem, maximas: row.maximas, statement: row.statement }, version);
}
