import { WEEKS_PER_MONTH } from '../metrics/formulas.ts';
import type { MetricUnit } from '../metrics/metric-units.ts';
import { findNumberMentions, type NumberMention } from './number-mentions.ts';

/**
 * Every number in a mentor's answer traced to the context it was given (docs/mentor.md
 * "Every number traceable"): a metric, an input of a recorded week, a target, a task's
 * ICE, a date, the founder's own notes and question, or what the mentor worked out from
 * them (a runway projection). A number found nowhere is shown as "not from your data".
 */

/**
 * How a known number is written, which decides how it may be restated (weeks as months, a
 * fraction as a percent): a metric's unit, an ICE score, a plain number, or a date.
 */
export type NumberUnit = MetricUnit | 'score' | 'number' | 'date';

export type NumberSourceKind =
  /** A computed metric of a recorded week (`key`: the metric's key). */
  | 'metric'
  /** What the founder typed for a recorded week (`key`: the field). */
  | 'input'
  /** The target a metric is judged against (`key`: the metric). */
  | 'target'
  /** An active task's ICE total or target (`detail`: its hypothesis). */
  | 'task'
  /** A number in one of the founder's AI context notes or files (`detail`: the line). */
  | 'note'
  /** A number the founder wrote in the conversation. */
  | 'question'
  /** Worked out from the founder's data by the mentor (`key` names the calculation). */
  | 'derived'
  /** A figure the mentor proposes to test: a hypothesis' goal, an ICE estimate (`detail`: the proposal). */
  | 'proposal';

export type KnownNumber = {
  kind: NumberSourceKind;
  key: string;
  /** In its unit: a percent as a fraction (0.021), a `date` as days since 1970-01-01 (UTC). */
  value: number;
  unit: NumberUnit;
  /** The recorded week it belongs to, `2026-W47`. */
  week?: string;
  /** Words that say where it comes from: a task's hypothesis, a note's line, a calculation. */
  detail?: string;
};

/** One number of an answer: where it is, and what it was found as (null: not from the founder's data). */
export type NumberCheck = { start: number; end: number; raw: string; source: KnownNumber | null };

const DAY_MS = 86_400_000;

/** The days (since 1970-01-01) an ISO week label `2026-W47` covers. */
function weekDays(label: string): { from: number; to: number } | null {
  const match = /^(\d{4})-W(\d{2})$/.exec(label);
  if (!match) return null;
  const year = Number(match[1]);
  const jan4 = Date.UTC(year, 0, 4) / DAY_MS;
  const monday = jan4 - ((((jan4 + 3) % 7) + 7) % 7) + (Number(match[2]) - 1) * 7;
  return { from: monday, to: monday + 6 };
}

/** The values a known number may be restated as, for the unit word the answer put after it. */
function restatements(known: KnownNumber, mention: NumberMention): number[] {
  const values = [known.value];
  if (known.unit === 'weeks' && mention.hint === 'months') values.push(known.value / WEEKS_PER_MONTH);
  if (known.unit === 'moneyPerWeek' && mention.hint === 'perMonth') values.push(known.value * WEEKS_PER_MONTH);
  if (known.unit === 'money' && mention.hint === 'perWeek') values.push(known.value / WEEKS_PER_MONTH);
  return values;
}

function matchesNumber(mention: NumberMention, known: KnownNumber): boolean {
  if (known.unit === 'date') return false;
  // `2.1%` is a share: only a percentage (a fraction) can be it, not 2.1 customers.
  if (mention.percent && known.unit !== 'percent') return false;
  return mention.readings.some((reading) =>
    restatements(known, mention).some((value) => {
      const slack = reading.tolerance + 1e-9 * Math.max(1, Math.abs(value));
      // A fall written without its sign ('churn fell 12%') is the same number.
      return Math.abs(Math.abs(reading.value) - Math.abs(value)) <= slack;
    }),
  );
}

function matchesDate(mention: NumberMention, known: KnownNumber): boolean {
  const days = known.unit === 'date' ? { from: known.value, to: known.value } : known.week ? weekDays(known.week) : null;
  if (!days) return false;
  if (mention.days) return mention.days.from <= days.to && days.from <= mention.days.to;
  if (mention.month === undefined) return false;
  const month = (day: number) => new Date(day * DAY_MS).getUTCMonth() + 1;
  return month(days.from) === mention.month || month(days.to) === mention.month;
}

/** The best source of a mention: a metric or input before a note, a note before the founder's question. */
const PREFERENCE: NumberSourceKind[] = ['metric', 'input', 'target', 'task', 'derived', 'note', 'question', 'proposal'];
const byPreference = (a: KnownNumber, b: KnownNumber) => PREFERENCE.indexOf(a.kind) - PREFERENCE.indexOf(b.kind);

/**
 * Each number the answer states, with its source among `known` or null. Counting words and
 * years (`2 engineers`, `in 2026`) are left out: they say nothing about the founder's data.
 */
export function checkNumbers(text: string, known: readonly KnownNumber[]): NumberCheck[] {
  const ordered = [...known].sort(byPreference);
  return findNumberMentions(text)
    .filter((mention) => !mention.incidental)
    .map((mention) => {
      const match = mention.kind === 'date' ? matchesDate : matchesNumber;
      const source = ordered.find((candidate) => match(mention, candidate)) ?? null;
      return { start: mention.start, end: mention.end, raw: mention.raw, source };
    });
}

/** The line a mention stands in, cut to a length a tooltip can show. */
function lineAround(text: string, mention: NumberMention): string {
  const from = text.lastIndexOf('\n', mention.start) + 1;
  const to = text.indexOf('\n', mention.end);
  const line = text.slice(from, to < 0 ? undefined : to).trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line;
}

/**
 * The numbers of the founder's own words (a note, a file, the strategy, a question) as known
 * numbers, each with the line it stands in. A figure read two ways (`1.500`) is known both ways.
 */
export function numbersIn(text: string, kind: 'note' | 'question', key: string = kind): KnownNumber[] {
  return findNumberMentions(text).flatMap((mention): KnownNumber[] => {
    const detail = lineAround(text, mention);
    if (mention.kind === 'date') {
      const days = mention.days;
      return days && days.from === days.to ? [{ kind, key, value: days.from, unit: 'date', detail }] : [];
    }
    return mention.readings.map((reading) => ({ kind, key, value: reading.value, unit: mention.percent ? 'percent' : 'number', detail }));
  });
}
