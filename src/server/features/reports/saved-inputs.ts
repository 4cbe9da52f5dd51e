import { eq } from 'drizzle-orm';
import type { ScenarioDraft } from '../../../core/reports/scenario-drafts.ts';
import type { Executor } from '../../db/client.ts';
import { investorLists, runwayScenarios } from '../../db/schema/index.ts';

/**
 * What the founder typed into the reports and should find again on any browser: the runway
 * scenarios (decision 182) and the investor list (decision 185). One row each per founder,
 * always read and written by the signed-in founder's id.
 */

/** The saved scenarios, or null when the founder never saved any (the page then starts from "Today"). */
export async function savedScenarios(db: Executor, userId: string): Promise<ScenarioDraft[] | null> {
  const [row] = await db.select({ drafts: runwayScenarios.drafts }).from(runwayScenarios).where(eq(runwayScenarios.userId, userId)).limit(1);
  return row?.drafts ?? null;
}

export async function saveScenarios(db: Executor, userId: string, drafts: ScenarioDraft[], now = new Date()): Promise<ScenarioDraft[]> {
  await db
    .insert(runwayScenarios)
    .values({ userId, drafts, updatedAt: now })
    .onConflictDoUpdate({ target: runwayScenarios.userId, set: { drafts, updatedAt: now } });
  return drafts;
}

export async function savedInvestorList(db: Executor, userId: string): Promise<string[]> {
  const [row] = await db.select({ recipients: investorLists.recipients }).from(investorLists).where(eq(investorLists.userId, userId)).limit(1);
  return row?.recipients ?? [];
}

/** Kept when an update is sent: the list a founder sends to is the list they will send to next. */
export async function keepInvestorList(db: Executor, userId: string, recipients: readonly string[], now = new Date()): Promise<void> {
  const list = [...recipients];
  await db
    .insert(investorLists)
    .values({ userId, recipients: list, updatedAt: now })
    .onConflictDoUpdate({ target: investorLists.userId, set: { recipients: list, updatedAt: now } });
}
