import { and, desc, eq } from 'drizzle-orm';
import type { StrategyInput, StrategyVersion } from '../../../core/strategy/strategy-schema.ts';
import type { Database } from '../../db/client.ts';
import { strategyVersions, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { awardPoints, recordActivity } from '../gamification/service.ts';

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

/** The one award for saving a strategy (spec §9: 20 points with the Strategy Master badge). */
const STRATEGY_AWARD_SOURCE = 'first-strategy';
/** Two saves racing for the same version number: the loser takes the next one. */
const SAVE_ATTEMPTS = 3;

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

function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Saves the strategy as a new version, mirrors the core problem to the profile, awards points. */
export async function saveStrategy(db: Database, userId: string, input: StrategyInput, restoredFrom: number | null = null) {
  const at = new Date();
  let saved: VersionRow | undefined;
  for (let attempt = 1; !saved; attempt++) {
    const next = ((await latestRow(db, userId))?.version ?? 0) + 1;
    try {
      [saved] = await db
        .insert(strategyVersions)
        .values({ userId, version: next, ...input, restoredFrom, createdAt: at })
        .returning();
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SAVE_ATTEMPTS) throw error;
    }
  }
  await db.update(users).set({ coreProblemStatement: input.coreProblem, updatedAt: at }).where(eq(users.id, userId));
  await awardPoints(db, { userId, event: 'strategy-saved', sourceId: STRATEGY_AWARD_SOURCE, at });
  await recordActivity(db, userId, at);
  return toVersion(saved);
}

/** Restoring an old version saves its content again as a new version (SPEC §10). */
export async function restoreVersion(db: Database, userId: string, version: number) {
  const [row] = await db
    .select()
    .from(strategyVersions)
    .where(and(eq(strategyVersions.userId, userId), eq(strategyVersions.version, version)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return saveStrategy(db, userId, { coreProblem: row.coreProblem, maximas: row.maximas, statement: row.statement }, version);
}
