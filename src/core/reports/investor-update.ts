import { z } from 'zod';
import type { Language } from '../i18n/language.ts';
import { computeMetrics, type MetricKey } from '../metrics/formulas.ts';
import { weeksStillNeeded } from '../metrics/history-needs.ts';
import { formatWeek, isoWeekStart, weekFromIndex, weekIndex, type WeekKey } from '../metrics/iso-week.ts';
import { METRIC_UNITS } from '../metrics/metric-units.ts';
import { classify, TARGETS, type TargetStatus } from '../metrics/targets.ts';
import type { WeekRecord } from '../metrics/week-record.ts';
import { formatDay } from '../metrics/week-label.ts';
import { periodLabel } from './period-label.ts';

/**
 * The investor update (docs/reports.md#investor-update, decision 183): drafted only from the
 * founder's records (weekly numbers, completed tasks, strategy), in their language, as
 * editable Markdown sections. A number the records do not hold is never written: a metric
 * without data says so.
 */
export const MAX_PERIOD_WEEKS = 53;
export const MAX_SECTION_LENGTH = 10_000;

const isoWeek = z
  .string({ error: 'validation:reports.week' })
  .regex(/^\d{4}-W\d{2}$/, 'validation:reports.week')
  .transform((value, context) => {
    const key = { year: Number(value.slice(0, 4)), week: Number(value.slice(6)) };
    if (key.week < 1 || formatWeek(weekFromIndex(weekIndex(key))) !== value) {
      context.addIssue({ code: 'custom', message: 'validation:reports.week' });
      return z.NEVER;
    }
    return key;
  });

export const PeriodInput = z
  .object({ fromWeek: isoWeek, toWeek: isoWeek })
  .strict()
  .superRefine(({ fromWeek, toWeek }, context) => {
    const span = weekIndex(toWeek) - weekIndex(fromWeek) + 1;
    if (span < 1) context.addIssue({ code: 'custom', path: ['toWeek'], message: 'validation:reports.order' });
    else if (span > MAX_PERIOD_WEEKS) context.addIssue({ code: 'custom', path: ['toWeek'], message: 'validation:reports.tooLong' });
  });
export type PeriodInput = z.infer<typeof PeriodInput>;

export const SECTION_KEYS = ['summary', 'kpis', 'highlights', 'lowlights', 'strategy', 'asks'] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];
export type Sections = Record<SectionKey, string>;

export const SectionsInput = z
  .object({ sections: z.object(Object.fromEntries(SECTION_KEYS.map((key) => [key, z.string().max(MAX_SECTION_LENGTH, 'validation:reports.sectionLength')])) as Record<SectionKey, z.ZodString>).strict() })
  .strict();

/** Recipients of one send: enough for a cap table, few enough that a typo cannot spam a list (decision 185). */
export const MAX_RECIPIENTS = 50;

const anAddress = z.email();
/** One recipient; a refused one names itself in the message (`{{address}}`). */
const recipient = z
  .string()
  .trim()
  .toLowerCase()
  .superRefine((address, context) => {
    if (!anAddress.safeParse(address).success) context.addIssue({ code: 'custom', message: 'validation:reports.email', params: { address } });
  });

export const SendInput = z
  .object({
    recipients: z
      .array(recipient, { error: 'validation:reports.recipients' })
      .min(1, 'validation:reports.recipients')
      .max(MAX_RECIPIENTS, 'validation:reports.tooManyRecipients')
      .transform((list) => [...new Set(list)]),
  })
  .strict();

/** The KPIs an update reports, in order. */
export const UPDATE_KPIS = ['mrr', 'revenueGrowth', 'cashBalance', 'weeklyBurnRate', 'runwayWeeks', 'churnRate', 'ndr', 'ltvToCac', 'activeUsers'] as const satisfies readonly MetricKey[];
/**
 * `needsWeeks`: the value is a projection from too little history (decision 262), so it has
 * no target status; it says how many more recorded weeks it needs. Absent on updates drafted
 * before it existed.
 */
export type Kpi = { key: MetricKey; value: number | null; previous: number | null; status: TargetStatus | null; needsWeeks?: number };

export type CompletedTask = {
  hypothesis: string;
  completionNotes: string | null;
  metric: string;
  metricValueAtCreation: number | null;
  metricValueAtCompletion: number | null;
  completedAt: Date;
};
export type ActiveTask = { hypothesis: string; metric: string };

export type UpdateSources = {
  period: { fromWeek: WeekKey; toWeek: WeekKey };
  /** Every recorded week, oldest first. */
  records: readonly WeekRecord[];
  completedTasks: readonly CompletedTask[];
  activeTasks: readonly ActiveTask[];
  strategyStatement: string | null;
  language: Language;
  currency: string;
};

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The records up to the last recorded week inside [from, to], or null when none was recorded. */
function recordsUpTo(records: readonly WeekRecord[], from: number, to: number) {
  let last = -1;
  for (let index = 0; index < records.length; index++) {
    const at = weekIndex(records[index]!);
    if (at > to) break;
    if (at >= from) last = index;
  }
  return last < 0 ? null : records.slice(0, last + 1);
}

/** The metrics as they stood at the last recorded week inside [from, to], or null when none was recorded. */
function metricsAt(records: readonly WeekRecord[], from: number, to: number) {
  const upTo = recordsUpTo(records, from, to);
  return upTo ? computeMetrics(upTo) : null;
}

/** Each KPI's value at the period's end, at the previous period's end (same length), and its target status. */
export function periodKpis(records: readonly WeekRecord[], period: { fromWeek: WeekKey; toWeek: WeekKey }): Kpi[] {
  const from = weekIndex(period.fromWeek);
  const to = weekIndex(period.toWeek);
  const upTo = recordsUpTo(records, from, to);
  const now = upTo ? computeMetrics(upTo) : null;
  // The dashboard's rule (decision 112): a projection from too little history is no measurement to hold against a target.
  const needed: Partial<Record<string, number>> = upTo ? weeksStillNeeded(upTo) : {};
  const before = metricsAt(records, from - (to - from + 1), from - 1);
  return UPDATE_KPIS.map((key) => {
    const value = now?.[key] ?? null;
    const target = Object.hasOwn(TARGETS, key) ? TARGETS[key as keyof typeof TARGETS] : null;
    const notBurning = key === 'runwayWeeks' && now?.runwayStatus === 'not-burning';
    const needsWeeks = value === null ? undefined : needed[key];
    if (needsWeeks) return { key, value, previous: before?.[key] ?? null, status: null, needsWeeks };
    return { key, value, previous: before?.[key] ?? null, status: notBurning ? 'on' : target ? classify(value, target) : null };
  });
}

const TEXT = {
  en: {
    title: 'Investor update',
    period: (from: string, to: string) => `Period: ${from} to ${to}`,
    headings: { summary: 'Summary', kpis: 'Key metrics', highlights: 'Highlights', lowlights: 'Lowlights', strategy: 'Strategy', asks: 'Asks' },
    kpis: {
      mrr: 'MRR', revenueGrowth: 'Monthly revenue growth', cashBalance: 'Cash', weeklyBurnRate: 'Weekly burn', runwayWeeks: 'Runway (weeks)',
      churnRate: 'Weekly churn', ndr: 'Net dollar retention', ltvToCac: 'LTV : CAC', activeUsers: 'Weekly active users',
    } as Record<string, string>,
    noData: 'no data in this period',
    noDataBefore: 'no data',
    previous: 'previous period',
    status: { on: 'on target', near: 'near target', off: 'off target' } as Record<TargetStatus, string>,
    tooLittleHistory: (weeks: number) => `too little history to judge: ${weeks} more recorded ${weeks === 1 ? 'week' : 'weeks'} needed`,
    noRecords: 'No weekly numbers were recorded in this period, so this update has no metrics to report.',
    summary: (weeks: number, tasks: number) => `${weeks} week(s) recorded and ${tasks} experiment(s) completed in this period.`,
    noHighlights: 'No experiments were completed in this period.',
    result: 'Result',
    metricMoved: (metric: string, before: string, after: string) => `${metric}: ${before} → ${after}`,
    noLowlights: 'No key metric is off target.',
    offTarget: (metric: string, value: string) => `${metric} is off target (${value}).`,
    trying: (hypothesis: string) => `Trying: ${hypothesis}`,
    nothingTried: 'No experiment is running on it yet.',
    noStrategy: 'No strategy statement has been written yet.',
    weeks: 'weeks',
  },
  'es-LA': {
    title: 'Reporte para inversionistas',
    period: (from: string, to: string) => `Periodo: ${from} a ${to}`,
    headings: { summary: 'Resumen', kpis: 'Métricas clave', highlights: 'Logros', lowlights: 'Lo que no salió bien', strategy: 'Estrategia', asks: 'Pedidos' },
    kpis: {
      mrr: 'MRR', revenueGrowth: 'Crecimiento mensual de ingresos', cashBalance: 'Caja', weeklyBurnRate: 'Quema semanal', runwayWeeks: 'Runway (semanas)',
      churnRate: 'Churn semanal', ndr: 'Retención neta de ingresos', ltvToCac: 'LTV : CAC', activeUsers: 'Usuarios activos semanales',
    } as Record<string, string>,
    noData: 'sin datos en este periodo',
    noDataBefore: 'sin datos',
    previous: 'periodo anterior',
    status: { on: 'en meta', near: 'cerca de la meta', off: 'fuera de meta' } as Record<TargetStatus, string>,
    tooLittleHistory: (weeks: number) => `poco historial para evaluarla: ${weeks === 1 ? 'falta 1 semana registrada' : `faltan ${weeks} semanas registradas`}`,
    noRecords: 'No se registraron números semanales en este periodo, así que este reporte no tiene métricas que mostrar.',
    summary: (weeks: number, tasks: number) => `${weeks} semana(s) registrada(s) y ${tasks} experimento(s) completado(s) en este periodo.`,
    noHighlights: 'No se completaron experimentos en este periodo.',
    result: 'Resultado',
    metricMoved: (metric: string, before: string, after: string) => `${metric}: ${before} → ${after}`,
    noLowlights: 'Ninguna métrica clave está fuera de meta.',
    offTarget: (metric: string, value: string) => `${metric} está fuera de meta (${value}).`,
    trying: (hypothesis: string) => `Probando: ${hypothesis}`,
    nothingTried: 'Todavía no hay un experimento en curso para esto.',
    noStrategy: 'Todavía no hay una declaración de estrategia.',
    weeks: 'semanas',
  },
} as const;

const LOCALE: Record<Language, string> = { en: 'en-US', 'es-LA': 'es-419' };

/** A metric's value as the update writes it, in the founder's currency and language. */
export function formatKpi(key: string, value: number | null, language: Language, currency: string): string {
  const text = TEXT[language];
  if (value === null || !Number.isFinite(value)) return text.noData;
  const unit = METRIC_UNITS[key as MetricKey] ?? 'multiple';
  const locale = LOCALE[language];
  if (unit === 'money' || unit === 'moneyPerWeek') return new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 }).format(value);
  if (unit === 'percent') return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value);
  if (unit === 'weeks') return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value)} ${text.weeks}`;
  return new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 'count' ? 0 : 1 }).format(value);
}

/** A week's Monday and Sunday as a person reads them ("2 Nov 2026"), for the period line. */
const mondayOf = (key: WeekKey, language: Language) => formatDay(isoWeekStart(key), language);
const sundayOf = (key: WeekKey, language: Language) => formatDay(new Date(isoWeekStart(key).getTime() + 6 * 24 * 60 * 60 * 1000), language);

/** The first draft: one editable Markdown block per section, and the KPIs it was written from. */
export function draftInvestorUpdate(sources: UpdateSources): { kpis: Kpi[]; sections: Sections } {
  const { period, records, language, currency } = sources;
  const text = TEXT[language];
  const format = (key: string, value: number | null) => formatKpi(key, value, language, currency);
  const from = weekIndex(period.fromWeek);
  const to = weekIndex(period.toWeek);
  const start = isoWeekStart(period.fromWeek).getTime();
  const end = isoWeekStart(period.toWeek).getTime() + WEEK_MS;
  const weeksRecorded = records.filter((record) => weekIndex(record) >= from && weekIndex(record) <= to).length;
  const completed = sources.completedTasks.filter((task) => task.completedAt.getTime() >= start && task.completedAt.getTime() < end);
  const kpis = periodKpis(records, period);

  const kpiLines =
    weeksRecorded === 0
      ? [text.noRecords]
      : kpis.map((kpi) => {
          const status = kpi.needsWeeks ? ` (${text.tooLittleHistory(kpi.needsWeeks)})` : kpi.status ? ` (${text.status[kpi.status]})` : '';
          const before = kpi.previous === null ? text.noDataBefore : format(kpi.key, kpi.previous);
          const previous = kpi.value === null ? '' : `; ${text.previous}: ${before}`;
          return `- ${text.kpis[kpi.key]}: ${format(kpi.key, kpi.value)}${previous}${status}`;
        });

  const highlights = completed.length
    ? completed
        .map((task) => {
          const lines = [`- **${task.hypothesis}**`];
          if (task.completionNotes?.trim()) lines.push(`  ${text.result}: ${task.completionNotes.trim()}`);
          if (task.metricValueAtCreation !== null || task.metricValueAtCompletion !== null) {
            const name = text.kpis[task.metric] ?? task.metric;
            lines.push(`  ${text.metricMoved(name, format(task.metric, task.metricValueAtCreation), format(task.metric, task.metricValueAtCompletion))}`);
          }
          return lines.join('\n');
        })
        .join('\n')
    : text.noHighlights;

  const off = kpis.filter((kpi) => kpi.status === 'off');
  const lowlights = off.length
    ? off
        .map((kpi) => {
          const tries = sources.activeTasks.filter((task) => task.metric === kpi.key).map((task) => `  ${text.trying(task.hypothesis)}`);
          return [`- ${text.offTarget(text.kpis[kpi.key]!, format(kpi.key, kpi.value))}`, ...(tries.length ? tries : [`  ${text.nothingTried}`])].join('\n');
        })
        .join('\n')
    : weeksRecorded === 0
      ? text.noRecords
      : text.noLowlights;

  return {
    kpis,
    sections: {
      summary: `${text.period(mondayOf(period.fromWeek, language), sundayOf(period.toWeek, language))}\n\n${text.summary(weeksRecorded, completed.length)}`,
      kpis: kpiLines.join('\n'),
      highlights,
      lowlights,
      strategy: sources.strategyStatement?.trim() || text.noStrategy,
      asks: '',
    },
  };
}

/** What the title names: the startup (when it has a name) and the period, as a person reads it. */
export type UpdateHeading = { startupName: string | null; period: { fromWeek: WeekKey; toWeek: WeekKey } };

/** "Acme — Investor update, November 2026"; without a heading, the bare title. */
export function updateTitle(language: Language, heading?: UpdateHeading): string {
  const text = TEXT[language];
  if (!heading) return text.title;
  const title = `${text.title}, ${periodLabel(heading.period, language)}`;
  const name = heading.startupName?.trim();
  return name ? `${name} — ${title}` : title;
}

/** The whole update as Markdown: the title, then each section under its heading (asks only when written). */
export function updateMarkdown(sections: Sections, language: Language, heading?: UpdateHeading): string {
  const text = TEXT[language];
  const parts = [`# ${updateTitle(language, heading)}`];
  for (const key of SECTION_KEYS) {
    const body = sections[key].trim();
    if (key === 'asks' && !body) continue;
    parts.push(`## ${text.headings[key]}\n\n${body}`);
  }
  return `${parts.join('\n\n')}\n`;
}
