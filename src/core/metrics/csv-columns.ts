import type { Language } from '../i18n/language.ts';
import { WEEK_INPUT_FIELDS, type WeekInputField } from './week-record.ts';

/**
 * What a column of an imported file can hold (decision 117): a week's inputs, the period
 * a row is about (a year and week, an ISO week such as `2026-W45`, a date, a month), the
 * monthly revenue (MRR) a week's revenue derives from, or the customers at the end of the
 * period (the starting customers then follow from new and lost). Columns are matched to
 * these by their header, in English or Spanish, whatever their order.
 */
export const PERIOD_TARGETS = ['date', 'isoWeek', 'year', 'week', 'month'] as const;
export type PeriodTarget = (typeof PERIOD_TARGETS)[number];
export const EXTRA_TARGETS = ['monthlyRevenue', 'endingCustomers'] as const;
export type CsvTarget = PeriodTarget | WeekInputField | (typeof EXTRA_TARGETS)[number];
export const CSV_TARGETS: readonly CsvTarget[] = [...PERIOD_TARGETS, ...WEEK_INPUT_FIELDS, ...EXTRA_TARGETS];

/** A file column's target, or null when it is not imported. */
export type ColumnMapping = (CsvTarget | null)[];

/**
 * The headers of Rumbo's template in each language: the form's labels (a unit test keeps
 * them equal to `src/web/locales/<language>/metrics.json`), so a file written with
 * Rumbo's own Spanish labels is read without a question.
 */
export const CSV_LABELS: Record<Language, Record<CsvTarget, string>> = {
  en: {
    date: 'Date',
    isoWeek: 'ISO week',
    year: 'Year',
    week: 'Week',
    month: 'Month',
    newCustomers: 'New customers',
    marketingCosts: 'Marketing costs',
    startingCustomers: 'Starting customers',
    lostCustomers: 'Lost customers',
    startingRevenue: 'Starting revenue',
    churnedRevenue: 'Churned revenue',
    expansions: 'Expansions',
    downgrades: 'Downgrades',
    weeklyCosts: 'Weekly costs',
    weeklyRevenue: 'Weekly revenue',
    cashBalance: 'Cash balance',
    dailyActiveUsers: 'Daily active users',
    weeklyActiveUsers: 'Weekly active users',
    monthlyActiveUsers: 'Monthly active users',
    grossMarginPct: 'Gross margin %',
    arpu: 'ARPU',
    monthlyRevenue: 'Monthly revenue (MRR)',
    endingCustomers: 'Customers at the end',
  },
  'es-LA': {
    date: 'Fecha',
    isoWeek: 'Semana ISO',
    year: 'Año',
    week: 'Semana',
    month: 'Mes',
    newCustomers: 'Clientes nuevos',
    marketingCosts: 'Costos de marketing',
    startingCustomers: 'Clientes al inicio',
    lostCustomers: 'Clientes perdidos',
    startingRevenue: 'Ingresos al inicio',
    churnedRevenue: 'Ingresos perdidos por cancelación',
    expansions: 'Expansiones',
    downgrades: 'Reducciones de plan',
    weeklyCosts: 'Costos semanales',
    weeklyRevenue: 'Ingresos semanales',
    cashBalance: 'Saldo de caja',
    dailyActiveUsers: 'Usuarios activos diarios',
    weeklyActiveUsers: 'Usuarios activos semanales',
    monthlyActiveUsers: 'Usuarios activos mensuales',
    grossMarginPct: 'Margen bruto %',
    arpu: 'ARPU',
    monthlyRevenue: 'Ingresos mensuales (MRR)',
    endingCustomers: 'Clientes al cierre',
  },
};

/** Other names founders' spreadsheets use, in both languages (compared as `headerKey` leaves them). */
const ALIASES: Partial<Record<CsvTarget, string[]>> = {
  date: ['fecha', 'dia', 'day', 'week of', 'semana del', 'week start', 'inicio de semana', 'start date', 'fecha de inicio', 'period', 'periodo'],
  isoWeek: ['iso week', 'semana iso', 'year week', 'ano semana'],
  year: ['year', 'ano', 'anio'],
  week: ['week', 'semana', 'week number', 'numero de semana', 'wk', 'sem'],
  month: ['month', 'mes'],
  newCustomers: ['new', 'nuevos', 'nuevos clientes', 'altas', 'customers gained', 'clientes ganados'],
  lostCustomers: ['lost', 'perdidos', 'churned customers', 'clientes cancelados', 'bajas', 'cancelaciones'],
  startingCustomers: ['customers at start', 'clientes iniciales', 'customers at the start'],
  marketingCosts: ['marketing', 'marketing spend', 'gasto en marketing', 'gastos de marketing', 'costo de marketing'],
  startingRevenue: ['ingresos iniciales', 'revenue at start', 'starting mrr'],
  churnedRevenue: ['churn', 'revenue churn', 'ingresos perdidos', 'churned mrr', 'mrr perdido'],
  expansions: ['expansion', 'expansion revenue', 'upgrades', 'expansion mrr', 'mrr de expansion'],
  downgrades: ['downgrade', 'contraction', 'contraccion', 'reducciones', 'contraction mrr'],
  weeklyCosts: ['costs', 'costos', 'gastos', 'expenses', 'total costs', 'costos totales', 'gastos semanales', 'egresos'],
  weeklyRevenue: ['revenue', 'ingresos', 'ventas', 'sales', 'weekly recurring revenue', 'ingresos recurrentes semanales'],
  cashBalance: ['cash', 'caja', 'saldo', 'efectivo', 'bank balance', 'saldo bancario', 'cash in bank', 'caja disponible'],
  dailyActiveUsers: ['dau'],
  weeklyActiveUsers: ['wau', 'active users', 'usuarios activos'],
  monthlyActiveUsers: ['mau'],
  grossMarginPct: ['gross margin', 'margen bruto', 'margin', 'margen'],
  monthlyRevenue: ['mrr', 'monthly revenue', 'ingresos mensuales', 'monthly recurring revenue', 'ingreso mensual recurrente', 'ingresos recurrentes mensuales'],
  endingCustomers: ['customers', 'clientes', 'total customers', 'clientes totales', 'paying customers', 'clientes de pago', 'ending customers'],
};

/**
 * A header as compared: lower case, without accents, spaces, `%`, brackets or punctuation,
 * so `weeklyRevenue`, `Weekly revenue` and `WEEKLY_REVENUE` read alike, as do `Año`, `ano`
 * and `AÑO`, and `Monthly revenue (MRR)` and `monthly revenue`.
 */
export function headerKey(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[^a-z0-9]+/g, '');
}

const targetByName = new Map<string, CsvTarget>();
for (const target of CSV_TARGETS) {
  const names = [target, CSV_LABELS.en[target], CSV_LABELS['es-LA'][target], ...(ALIASES[target] ?? [])];
  for (const name of names) {
    const key = headerKey(name);
    if (!targetByName.has(key)) targetByName.set(key, target);
  }
}

/** The target a header names, or null when none does. */
export function targetOfHeader(header: string): CsvTarget | null {
  return targetByName.get(headerKey(header)) ?? null;
}

/**
 * Each header's target, in file order; a target claimed by an earlier column leaves a
 * later one unmapped (a file with two "Revenue" columns is asked about, not summed).
 */
export function suggestMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<CsvTarget>();
  return headers.map((header) => {
    const target = targetOfHeader(header);
    if (!target || taken.has(target)) return null;
    taken.add(target);
    return target;
  });
}
