import { z } from 'zod';
import { inputNumbers, targetNumbers } from '../mentor/context-numbers.ts';
import { checkNumbers, type KnownNumber, numbersIn } from '../mentor/number-check.ts';
import { METRIC_UNITS } from '../metrics/metric-units.ts';
import type { WeekRecord } from '../metrics/week-record.ts';
import { type Kpi, SECTION_KEYS, type SectionKey, type Sections, SectionsInput } from './investor-update.ts';

/**
 * Polishing the investor update's wording with the mentor's model (decision 215): every
 * number of the polished text must be one the update already holds, traced with the
 * mentor's own number check (docs/mentor.md "Every number traceable"), so `$1,234.50`,
 * `US$1.234,5`, `3 %` and `40 semanas` are each found however the model wrote them.
 */

/** The version the founder is looking at: the model polishes exactly that text. */
export const PolishInput = z.object({ version: z.number({ error: 'validation:reports.version' }).int('validation:reports.version').positive('validation:reports.version') }).strict();

/** A proposal the founder accepts: the sections as they now read, and the version they polish. */
export const AcceptPolishInput = SectionsInput.extend({ basedOn: PolishInput.shape.version }).strict();

/** A number of the polished text found nowhere in the update or its records. */
export type PolishFlag = { section: SectionKey; start: number; end: number; raw: string };

/**
 * The numbers a polished update may state: the ones its current text states (drafted from
 * the records, or typed by the founder), its KPIs and their previous values in their units
 * (so a percentage or weeks written another way still match), what the founder typed for
 * the weeks it compares, and the targets the KPIs are judged against.
 */
export function updateKnownNumbers(sections: Sections, kpis: readonly Kpi[], records: readonly WeekRecord[]): KnownNumber[] {
  const fromText = SECTION_KEYS.flatMap((key) => numbersIn(sections[key], 'note', key));
  const fromKpis = kpis.flatMap((kpi) =>
    [kpi.value, kpi.previous].flatMap((value): KnownNumber[] =>
      value === null || !Number.isFinite(value) ? [] : [{ kind: 'metric', key: kpi.key, value, unit: METRIC_UNITS[kpi.key] }],
    ),
  );
  return [...fromText, ...fromKpis, ...records.flatMap(inputNumbers), ...targetNumbers()];
}

/** Each number of the polished sections that no known number accounts for, section by section. */
export function flagUnknownNumbers(polished: Sections, known: readonly KnownNumber[]): PolishFlag[] {
  return SECTION_KEYS.flatMap((section) =>
    checkNumbers(polished[section], known)
      .filter((check) => check.source === null)
      .map(({ start, end, raw }) => ({ section, start, end, raw })),
  );
}
