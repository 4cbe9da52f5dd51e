import { weekIndex } from '../../../core/metrics/iso-week.ts';
import type { Sections } from '../../../core/reports/investor-update.ts';
import { flagUnknownNumbers, type PolishFlag, updateKnownNumbers } from '../../../core/reports/polish-check.ts';
import type { MentorModel } from '../../ai/provider.ts';
import { polishSections } from '../../ai/update-polish.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import { requirePremium } from '../../platform/premium.ts';
import { listWeeks } from '../metrics/index.ts';
import { getUpdate, type InvestorUpdate, saveUpdate, weekKey } from './service.ts';

/** What the founder reviews: the polished sections, which version they came from, and the numbers to fix. */
export type PolishProposal = { basedOn: number; sections: Sections; flags: PolishFlag[]; model: string };

/**
 * Polishing the update's wording with the configured model (decision 215): the model's text
 * is a proposal, never saved by itself; each of its numbers is checked against the update
 * and its records, and a proposal becomes a version only once none is left unverified.
 */

/** The numbers the update may state: its own text and KPIs, and the founder's inputs for the weeks it compares. */
async function knownNumbersOf(db: Database, userId: string, update: InvestorUpdate) {
  const to = weekIndex(weekKey(update.toWeek));
  const from = weekIndex(weekKey(update.fromWeek));
  const records = (await listWeeks(db, userId, 'oldest')).filter((record) => weekIndex(record) >= from - (to - from + 1) && weekIndex(record) <= to);
  return updateKnownNumbers(update.sections, update.kpis, records);
}

/** The founder's update at the version they are looking at; an older one means someone saved since. */
async function updateAt(db: Database, userId: string, id: string, version: number) {
  const update = await getUpdate(db, userId, id);
  if (update.version !== version) {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'version', message: 'validation:reports.staleVersion' }] });
  }
  return update;
}

/** The model's polished wording of the update's latest version, with the numbers it could not trace. Nothing is saved. */
export async function polishUpdate(
  db: Database,
  userId: string,
  id: string,
  input: { version: number; model: MentorModel | null; trialDays: number },
): Promise<PolishProposal> {
  // Reports are tier 2, like drafting the update itself.
  await requirePremium(db, userId, input.trialDays);
  const update = await updateAt(db, userId, id, input.version);
  if (!input.model) throw new AppError('AI_MODEL_OFF');
  const [sections, known] = await Promise.all([polishSections(input.model, update.sections, update.language), knownNumbersOf(db, userId, update)]);
  return { basedOn: update.version, sections, flags: flagUnknownNumbers(sections, known), model: input.model.label };
}

/**
 * Saves an accepted proposal as the next version, checked again on the server: a section
 * that still states a number the update cannot account for is refused, so an invented
 * figure never reaches a version, the PDF or an investor's inbox unnoticed.
 */
export async function acceptPolish(db: Database, userId: string, id: string, input: { basedOn: number; sections: Sections }): Promise<InvestorUpdate> {
  const update = await updateAt(db, userId, id, input.basedOn);
  const flags = flagUnknownNumbers(input.sections, await knownNumbersOf(db, userId, update));
  if (flags.length > 0) {
    const sections = [...new Set(flags.map((flag) => flag.section))];
    throw new AppError('VALIDATION_FAILED', { details: sections.map((section) => ({ field: `sections.${section}`, message: 'validation:reports.unverifiedNumber' })) });
  }
  return saveUpdate(db, userId, id, input.sections);
}
