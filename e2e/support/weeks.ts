import type { WeekKey } from '../../src/core/metrics/iso-week.ts';
import { weekStartDay } from '../../src/core/metrics/week-label.ts';
import { text } from './locales.ts';

type Language = 'en' | 'es-LA';

/**
 * How the app names a week to a founder (decision 112), by its Monday: "Week of 2 Nov 2026"
 * at the start of a sentence, "the week of 2 Nov 2026" inside one. ISO weeks stay in the
 * rows' data-week attributes, the CSV and the API.
 */
export const weekOf = (key: WeekKey, language: Language = 'en') =>
  text(language, 'metrics', 'dates.weekOf').replace('{{date}}', weekStartDay(key, language));
export const theWeekOf = (key: WeekKey, language: Language = 'en') =>
  text(language, 'metrics', 'dates.theWeekOf').replace('{{date}}', weekStartDay(key, language));
