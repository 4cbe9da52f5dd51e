import type { Language } from '../../../core/i18n/language.ts';
import { escapeMarkdown } from '../../../core/mentor/markdown-safety.ts';
import type { MetricKey } from '../../../core/mentor/metric-targets.ts';
import type { KnownNumber, NumberUnit } from '../../../core/mentor/number-check.ts';
import { hiringFigures, type Intent, metricAskedAbout, weeklyCost } from '../../../core/mentor/question-intent.ts';
import { projectRunway } from '../../../core/mentor/runway-projection.ts';
import { WEEKS_PER_MONTH } from '../../../core/metrics/formulas.ts';
import { TARGETS } from '../../../core/metrics/targets.ts';
import type { MentorContext } from '../context/build-context.ts';
import { type Diagnosis, distance } from './diagnosis.ts';
import type { NumberWriter } from './offline-format.ts';
import { type DerivedKey, joinList, type OfflineText } from './offline-text.ts';

/**
 * What the offline mentor reasons with for one answer: the founder's context and its
 * diagnosis, the words and the number style of their language, and the numbers it works
 * out (each registered with `derive`, so the number check finds its source).
 */
export type Reasoning = {
  t: OfflineText;
  w: NumberWriter;
  language: Language;
  context: MentorContext;
  diagnosis: Diagnosis[];
  question: string;
  known: KnownNumber[];
  derive: (key: DerivedKey, value: number, unit: NumberUnit) => number;
  /** A targeted metric's value as the answer writes it (22 weeks, 2.13%, 4.2:1). */
  show: (key: MetricKey, value: number) => string;
  /** `target above 40 weeks`. */
  targetWords: (key: MetricKey) => string;
  /** A metric key as the dashboard names it. */
  metricName: (key: string) => string;
};

const RUNWAY_TARGET = TARGETS.runwayWeeks.threshold;
/** Below half a year of runway a round cannot be counted on to close in time; below nine months it is time to start. */
const RAISE_TOO_LATE_WEEKS = 26;
const RAISE_START_WEEKS = 39;

const find = (r: Reasoning, key: MetricKey) => r.diagnosis.find((d) => d.target.key === key);
const statusOf = (r: Reasoning, d: Diagnosis) => r.t.status[d.status];
/** "about 7 months", only once a runway is long enough for months to read better than weeks. */
const monthsOf = (r: Reasoning, weeks: number) => (weeks >= 8 ? r.w.whole(weeks / WEEKS_PER_MONTH) : null);

/** The latest week's cash and burn, when a week is recorded; the runway is null when not burning. */
function cashAndBurn(context: MentorContext) {
  const metrics = context.facts.metrics;
  const cash = metrics?.values.cashBalance;
  const burn = metrics?.values.weeklyBurnRate;
  if (!metrics || typeof cash !== 'number' || typeof burn !== 'number') return null;
  const runway = metrics.values.runwayWeeks;
  return { metrics, cash, burn, weeks: typeof runway === 'number' && burn > 0 ? runway : null };
}

function runway(r: Reasoning): string[] {
  const { t, w } = r;
  const now = cashAndBurn(r.context);
  if (!now) return [t.noMetrics];
  if (now.weeks === null) {
    const inputs = now.metrics.inputs;
    return [t.runway.notBurning({ revenue: inputs ? w.money(inputs.weeklyRevenue) : null, costs: inputs ? w.money(inputs.weeklyCosts) : null })];
  }
  const projection = projectRunway({ cashBalance: now.cash, weeklyBurn: now.burn, week: now.metrics }, {});
  const lines = [
    t.runway.burning({
      burn: w.money(now.burn),
      cash: w.money(now.cash),
      weeks: w.weeks(now.weeks),
      months: monthsOf(r, now.weeks),
      runsOut: w.monthYear(r.derive('cashOutDate', projection.now.cashOutDay!, 'date')),
    }),
  ];
  const target = w.weeks(RUNWAY_TARGET);
  if (now.weeks > RUNWAY_TARGET) lines.push(t.runway.onTarget(target));
  else {
    const burnNeeded = r.derive('burnForTarget', now.cash / RUNWAY_TARGET, 'moneyPerWeek');
    lines.push(
      t.runway.short({
        shortfall: w.weeks(r.derive('runwayShortfall', RUNWAY_TARGET - now.weeks, 'weeks')),
        target,
        burnNeeded: w.money(burnNeeded),
        cut: w.money(r.derive('burnCut', now.burn - burnNeeded, 'moneyPerWeek')),
      }),
    );
  }
  return [lines.join(' ')];
}

function hiring(r: Reasoning): string[] {
  const { t, w } = r;
  const now = cashAndBurn(r.context);
  if (!now) return [t.noMetrics];
  const { people, pay } = hiringFigures(r.question);
  if (!pay) return [t.hiring.askPay({ burn: w.money(now.burn), weeks: now.weeks === null ? null : w.weeks(now.weeks) })];
  const added = r.derive('hiringCost', people * weeklyCost(pay), 'moneyPerWeek');
  const projection = projectRunway({ cashBalance: now.cash, weeklyBurn: now.burn, week: now.metrics }, { weeklyCosts: added });
  const after = projection.after;
  const runsOutAfter = after.cashOutDay === null ? null : w.monthYear(r.derive('cashOutDateAfter', after.cashOutDay, 'date'));
  const sentences: string[] = [];
  if (now.weeks !== null && after.runwayWeeks !== null) {
    sentences.push(
      t.hiring.withPay({
        burn: w.money(now.burn),
        people,
        payEach: w.money(r.derive('payEach', pay.amount, 'money')),
        per: pay.per,
        added: w.money(added),
        now: w.weeks(now.weeks),
        after: w.weeks(r.derive('runwayAfter', after.runwayWeeks, 'weeks')),
        runsOutNow: projection.now.cashOutDay === null ? null : w.monthYear(r.derive('cashOutDate', projection.now.cashOutDay, 'date')),
        runsOutAfter: runsOutAfter!,
      }),
    );
  } else {
    sentences.push(
      t.hiring.notBurningNow({
        people,
        added: w.money(added),
        newBurn: w.money(r.derive('weeklyBurnAfter', after.weeklyBurn, 'moneyPerWeek')),
        after: after.runwayWeeks === null ? null : w.weeks(r.derive('runwayAfter', after.runwayWeeks, 'weeks')),
        runsOutAfter,
      }),
    );
  }
  if (!pay.stated) sentences.push(t.hiring.assumedMonthly(w.money(pay.amount)));
  const target = w.weeks(RUNWAY_TARGET);
  const lines = [sentences.join(' ')];
  if (after.runwayWeeks !== null && after.runwayWeeks <= RUNWAY_TARGET) {
    lines.push(
      t.hiring.needed({
        target,
        revenueNeeded: w.money(r.derive('revenueNeeded', after.weeklyBurn - now.cash / RUNWAY_TARGET, 'moneyPerWeek')),
        cashNeeded: w.money(r.derive('cashNeeded', RUNWAY_TARGET * after.weeklyBurn - now.cash, 'money')),
      }),
    );
  } else lines.push(t.hiring.stillAbove(target));
  return lines;
}

function fundraising(r: Reasoning): string[] {
  const { t, w } = r;
  const now = cashAndBurn(r.context);
  if (!now) return [t.noMetrics];
  const lines: string[] = [];
  if (now.weeks === null) lines.push(t.fundraising.strength(null));
  else if (now.weeks < RAISE_TOO_LATE_WEEKS) {
    const projection = projectRunway({ cashBalance: now.cash, weeklyBurn: now.burn, week: now.metrics }, {});
    lines.push(t.fundraising.tooShort({ weeks: w.weeks(now.weeks), months: monthsOf(r, now.weeks), runsOut: w.monthYear(r.derive('cashOutDate', projection.now.cashOutDay!, 'date')) }));
  } else if (now.weeks < RAISE_START_WEEKS) lines.push(t.fundraising.window({ weeks: w.weeks(now.weeks), months: monthsOf(r, now.weeks) }));
  else lines.push(t.fundraising.strength(w.weeks(now.weeks)));
  const looked = (['revenueGrowth', 'userGrowth', 'churnRate', 'ndr', 'ltvToCac'] as const).flatMap((key) => {
    const d = find(r, key);
    return d ? [`${t.metricNames[key]}: ${r.show(key, d.value)} (${statusOf(r, d)})`] : [];
  });
  const mrr = now.metrics.values.mrr;
  if (typeof mrr === 'number') looked.unshift(`${t.metricNames.mrr}: ${w.money(mrr)}`);
  lines.push(t.fundraising.investorsLook(looked));
  return lines;
}

function pricing(r: Reasoning): string[] {
  const { t, w } = r;
  const values = r.context.facts.metrics?.values;
  if (!values) return [t.noMetrics];
  const ltv = find(r, 'ltvToCac');
  const payback = find(r, 'paybackWeeks');
  const facts = [
    typeof values.arpc === 'number' ? t.pricing.arpc({ arpc: w.money(values.arpc) }) : null,
    ltv ? t.pricing.ltvToCac({ value: r.show('ltvToCac', ltv.value), target: r.targetWords('ltvToCac'), status: statusOf(r, ltv) }) : null,
  ].filter((line): line is string => line !== null);
  const lagging = (ltv && ltv.status !== 'on') || (payback && payback.status !== 'on');
  const lever =
    lagging && typeof values.mrr === 'number' && values.mrr > 0
      ? t.pricing.lever({ mrr: w.money(values.mrr), raised: w.money(r.derive('mrrAfterPriceRise', values.mrr * 1.1, 'money')) })
      : t.pricing.fine;
  return [[...facts, lever].join(' ')];
}

function churn(r: Reasoning): string[] {
  const { t, w } = r;
  const d = find(r, 'churnRate');
  const metrics = r.context.facts.metrics;
  if (!d || !metrics) return [t.noMetrics];
  if (d.status === 'on') return [t.churn.onTarget(w.percent(d.value))];
  const monthly = metrics.values.monthlyChurnRate;
  const lines = [t.churn.rate({ churn: w.percent(d.value), target: r.targetWords('churnRate'), monthly: typeof monthly === 'number' ? w.percent(monthly) : null })];
  const customers = metrics.inputs?.startingCustomers;
  if (typeof monthly === 'number' && customers) {
    lines.push(t.churn.customers({ customers: w.whole(customers), lost: w.whole(r.derive('customersLostMonthly', customers * monthly, 'count')) }));
  }
  return [lines.join(' ')];
}

function growth(r: Reasoning): string[] {
  const { t, w } = r;
  const metrics = r.context.facts.metrics;
  if (!metrics) return [t.noMetrics];
  const lines = (['userGrowth', 'revenueGrowth'] as const).flatMap((key) => {
    const d = find(r, key);
    return d ? [t.growth.metric({ name: t.metricNames[key], value: r.show(key, d.value), target: r.targetWords(key), status: statusOf(r, d) })] : [];
  });
  const recent = (metrics.recent ?? []).filter((week) => typeof week.mrr === 'number');
  const [first, last] = [recent[0], recent.at(-1)];
  if (first && last && first !== last) {
    lines.push(t.growth.mrrMoved({ from: w.money(first.mrr!), fromWeek: t.week(first.year, first.week), to: w.money(last.mrr!), toWeek: t.week(last.year, last.week) }));
  }
  return [lines.length > 0 ? lines.join(' ') : t.growth.noGrowthYet];
}

function metricMeaning(r: Reasoning): string[] {
  const { t, w } = r;
  const key = metricAskedAbout(r.question) ?? 'runwayWeeks';
  const value = r.context.facts.metrics?.values[key];
  const d = r.diagnosis.find((item) => item.target.key === key);
  if (d) return [`${t.meaning[key]} ${t.yours({ value: r.show(d.target.key, d.value), status: statusOf(r, d), target: r.targetWords(d.target.key) })}`];
  if (typeof value === 'number') return [`${t.meaning[key]} ${t.yours({ value: w.money(value), status: null, target: null })}`];
  return [t.meaning[key]];
}

function whatNext(r: Reasoning): string[] {
  const { t, w } = r;
  if (r.diagnosis.length === 0) return [t.noMetrics];
  const away = r.diagnosis.filter((d) => d.status !== 'on').sort((a, b) => distance(b) - distance(a));
  const [worst, ...others] = away;
  const lines: string[] = [];
  if (!worst) lines.push(t.whatNext.allOn(joinList(r.diagnosis.map((d) => t.metricNames[d.target.key]), r.language)));
  else {
    const metrics = r.context.facts.metrics;
    const trend = metrics?.trends?.[worst.target.key];
    lines.push(
      t.whatNext.worst({
        name: t.metricNames[worst.target.key],
        value: r.show(worst.target.key, worst.value),
        target: r.targetWords(worst.target.key),
        trend: trend && metrics?.trendWeeks ? t.whatNext.trend(trend, r.derive('trendWeeks', metrics.trendWeeks, 'weeks')) : null,
      }),
    );
    if (others.length > 0) lines.push(t.whatNext.alsoOff(others.map((d) => `${t.metricNames[d.target.key]} ${r.show(d.target.key, d.value)}`).join(', ')));
  }
  const [topTask] = r.context.facts.tasks ?? [];
  if (topTask) lines.push(t.whatNext.topTask({ ice: w.ice(topTask.iceTotal), metric: r.metricName(topTask.metric), hypothesis: escapeMarkdown(topTask.hypothesis) }));
  const strategy = r.context.facts.strategy;
  // The plan the numbers are weighed against; founder text is escaped before it joins the Markdown.
  if (strategy) lines.push(t.whatNext.strategy({ version: strategy.version, statement: escapeMarkdown(strategy.statement) }));
  return [lines.join(' ')];
}

function unknowable(r: Reasoning): string[] {
  return [r.t.unknowable, ...(r.diagnosis.length > 0 ? whatNext(r) : [])];
}

/** The first paragraphs of an answer: what the question asked, answered with the founder's own numbers. */
export const INTENT_ANSWERS: Record<Exclude<Intent, 'othersData'>, (r: Reasoning) => string[]> = {
  runway,
  hiring,
  fundraising,
  pricing,
  churn,
  growth,
  metricMeaning,
  unknowable,
  whatNext,
};
