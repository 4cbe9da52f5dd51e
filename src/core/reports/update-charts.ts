import type { Language } from '../i18n/language.ts';
import { monthlyRecurringRevenue } from '../metrics/formulas.ts';
import { isoWeekStart, weekFromIndex, weekIndex, type WeekKey } from '../metrics/iso-week.ts';
import type { WeekRecord } from '../metrics/week-record.ts';
import { formatDay } from '../metrics/week-label.ts';
import { formatKpi } from './investor-update.ts';

/**
 * The charts of an investor update's PDF (decision 184): cash and MRR week by week over the
 * period and the previous period of the same length (the weeks the update's KPIs compare).
 * A week without a record is a gap (null), never a made-up value.
 */
export type LineChart = {
  title: string;
  /** One value per week of the window, oldest first; null where the week has no record. */
  values: (number | null)[];
  /** The labels the chart prints: lowest and highest value as the update writes money, first and last week's Monday ("2 Nov 2026"). */
  labels: { min: string; max: string; first: string; last: string };
  noData: string;
};

const TEXT = {
  en: { cash: 'Cash by week', mrr: 'MRR by week', noData: 'No data' },
  'es-LA': { cash: 'Caja por semana', mrr: 'MRR por semana', noData: 'Sin datos' },
} as const;

/** The weeks of the period and of the previous period of the same length, oldest first. */
export function chartWeeks(period: { fromWeek: WeekKey; toWeek: WeekKey }): WeekKey[] {
  const from = weekIndex(period.fromWeek);
  const to = weekIndex(period.toWeek);
  const start = from - (to - from + 1);
  return Array.from({ length: to - start + 1 }, (_, offset) => weekFromIndex(start + offset));
}


/** The cash and MRR charts of an update, in its language and the founder's currency. */
export function updateCharts(
  records: readonly WeekRecord[],
  period: { fromWeek: WeekKey; toWeek: WeekKey },
  language: Language,
  currency: string,
): LineChart[] {
  const weeks = chartWeeks(period);
  const byWeek = new Map(records.map((record) => [weekIndex(record), record]));
  const recorded = weeks.map((week) => byWeek.get(weekIndex(week)) ?? null);
  const text = TEXT[language];
  // The axis names each end by its Monday as a person reads it ("2 Nov 2026"), never an ISO code.
  const monday = (key: WeekKey) => formatDay(isoWeekStart(key), language);
  const chart = (key: 'cashBalance' | 'mrr', title: string, values: (number | null)[]): LineChart => {
    const present = values.filter((value): value is number => value !== null);
    const label = (value: number) => (present.length ? formatKpi(key, value, language, currency) : '');
    return {
      title,
      values,
      labels: { min: label(Math.min(...present)), max: label(Math.max(...present)), first: monday(weeks[0]!), last: monday(weeks.at(-1)!) },
      noData: text.noData,
    };
  };
  return [
    chart('cashBalance', text.cash, recorded.map((record) => record?.cashBalance ?? null)),
    chart('mrr', text.mrr, recorded.map((record) => (record ? monthlyRecurringRevenue(record.weeklyRevenue) : null))),
  ];
}
