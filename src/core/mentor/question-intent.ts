import { WEEKS_PER_MONTH } from '../metrics/formulas.ts';
import { findNumberMentions } from './number-mentions.ts';

/**
 * What a founder's question is about, in English or Spanish, so the offline mentor answers
 * that first (docs/mentor.md "The offline mentor"). Words are matched without accents, as
 * founders often type them. A question about other founders' data or beyond what the data
 * can tell comes first; then the intent with the most matching words wins, ties going to
 * the first in INTENTS (the more specific question).
 */
export const INTENTS = ['hiring', 'fundraising', 'runway', 'pricing', 'churn', 'growth', 'metricMeaning', 'unknowable', 'whatNext'] as const;
export type Intent = (typeof INTENTS)[number] | 'othersData';

const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

const WORDS: Record<Exclude<Intent, 'othersData' | 'whatNext' | 'metricMeaning'>, RegExp> = {
  hiring: /\b(hir(e|es|ed|ing)|recruit\w*|engineers?|developers?|employees?|salar(y|ies)|payroll|headcount|contrat(ar|o|amos|ar[ée]|acion)\w*|ingenier[oa]s?|desarrollador\w*|emplead[oa]s?|sueldos?|salarios?|nomina|plantilla)\b/g,
  fundraising: /\b(rais(e|ing) (a |my |our |the )?(round|money|capital|seed|funds?)|fundrais\w*|investors?|vcs?|seed|series [ab]|angels?|safe|bridge|levantar|ronda|inversionistas?|inversores?|capital semilla|financiamiento|puente)\b/g,
  runway: /\b(runway|burn|burning|cash|money (left|last)|run out|survive|default alive|pista|quema|queman?do|caja|efectivo|me (queda|dura)|alcanza el dinero|sobrevivir)\b/g,
  pricing: /\b(pric(e|es|ing)|charge|discount|plans?|tiers?|precios?|cobrar|cobro|descuentos?|planes)\b/g,
  churn: /\b(churn\w*|cancel\w*|retention|retain|leav(e|ing)|lose customers|losing customers|se van|cancelan|cancelacion\w*|retencion|abandono|perd(er|iendo) clientes)\b/g,
  growth: /\b(grow\w*|acquisition|acquire|marketing|channels?|sign ?ups?|new (customers|users)|traction|crec\w*|adquisicion|canal(es)?|registros|clientes nuevos|usuarios nuevos|traccion)\b/g,
  unknowable: /\b(competitors?|competition|rivals?|market size|tam|sam|som|will .{0,30}\b(invest|say yes|buy)|predict\w*|lottery|weather|stock price|competencia|competidor(es)?|tamano (del|de) mercado|(invertira|comprara)n?|predec\w*|clima|loteria)\b/g,
};

/** Asking what a metric is or how it is worked out: "what is NDR?", "¿qué significa LTV:CAC?". */
const MEANING = /\b(what (is|are|does)|what's|meaning of|means?|define|definition|how (is|do you) (it )?(calculated|computed|measured)|que (es|son|significa)|significado|como se calcula|como se mide)\b/;

/** Asking for someone else's data, or to drop the rules: answered with what the mentor can see. */
const OTHERS_DATA = /(other|another|someone else'?s?|competitors?'?s?) (user|founder|compan|startup|customer)|otros? (usuarios?|fundador|emprendedor)|de otra (persona|empresa|startup)|de otros fundadores|ignore (all |your |the |previous )*(instructions|rules)|ignora (todas )?(tus|las) (instrucciones|reglas)|system prompt|prompt del sistema/i;

/** The metrics a founder can ask the meaning of, by the words they use for them. */
export const METRIC_WORDS = {
  ltvToCac: /\bltv ?(:|\/|to|a) ?cac\b/,
  paybackWeeks: /\b(payback|recuperacion del cac)\b/,
  ndr: /\b(ndr|net (dollar|revenue) retention|retencion neta)\b/,
  churnRate: /\b(churn|cancelacion)\b/,
  runwayWeeks: /\b(runway|pista)\b/,
  userGrowth: /\b(user growth|crecimiento de usuarios)\b/,
  revenueGrowth: /\b(revenue growth|crecimiento de ingresos)\b/,
  mrr: /\b(mrr|monthly recurring revenue|ingreso recurrente mensual)\b/,
  cac: /\bcac\b/,
  weeklyBurnRate: /\b(burn rate|burn|quema)\b/,
} as const;
export type AskedMetric = keyof typeof METRIC_WORDS;

/** The metric a question names, the most specific first (LTV:CAC before CAC). */
export function metricAskedAbout(question: string): AskedMetric | null {
  const text = fold(question);
  return (Object.keys(METRIC_WORDS) as AskedMetric[]).find((key) => METRIC_WORDS[key].test(text)) ?? null;
}

export function classifyQuestion(question: string): Intent {
  if (OTHERS_DATA.test(question)) return 'othersData';
  const text = fold(question);
  // Someone else's numbers or the future are out of reach, even when a metric is named.
  if (text.match(WORDS.unknowable)) return 'unknowable';
  if (MEANING.test(text) && metricAskedAbout(question)) return 'metricMeaning';
  let best: Intent = 'whatNext';
  let bestHits = 0;
  for (const intent of INTENTS) {
    if (intent === 'whatNext' || intent === 'metricMeaning') continue;
    const hits = text.match(WORDS[intent])?.length ?? 0;
    if (hits > bestHits) {
      best = intent;
      bestHits = hits;
    }
  }
  return best;
}

const COUNT_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5,
};

/** What a hire costs as the question says it: the amount, and per week, month or year ('stated' false: no period given). */
export type HiringPay = { amount: number; per: 'week' | 'month' | 'year'; stated: boolean };

/**
 * The people and the pay a hiring question names: "two engineers at $1,500 a week each",
 * "contratar a 3 personas por USD 6.000 al mes". The pay is per person (a total is shared
 * out); without a period it is taken as monthly, as salaries are usually said, and the
 * answer says so. Null pay: the question does not say.
 */
export function hiringFigures(question: string): { people: number; pay: HiringPay | null } {
  const text = fold(question);
  const counted = /\b(\d{1,2}|a|an|one|two|three|four|five|un|una|uno|dos|tres|cuatro|cinco)\s+(?:more\s+|new\s+|mas\s+|nuev[oa]s\s+)?(engineers?|developers?|people|persons?|employees?|hires?|salespe\w*|designers?|ingenier[oa]s?|desarrollador\w*|personas?|emplead[oa]s?|vendedor\w*|disenador\w*)\b/.exec(text);
  const people = counted ? (COUNT_WORDS[counted[1]!] ?? Number(counted[1])) : 1;
  const money = findNumberMentions(question).find((mention) => mention.kind === 'number' && !mention.percent && !mention.incidental && mention.readings.length > 0);
  if (!money) return { people, pay: null };
  // `1.500` is read both ways; a salary is never one and a half.
  const amount = Math.max(...money.readings.map((reading) => Math.abs(reading.value)));
  const after = fold(question.slice(money.end, money.end + 40));
  const perYear = /^\s*(a|per|\/|al|por)\s*(year|yr|ano)|^\s*(yearly|annual|anual)/.test(after);
  const per = perYear ? 'year' : money.hint === 'perWeek' ? 'week' : 'month';
  const each = /\b(in total|total|en total|entre (los|las) (dos|tres))\b/.test(after) ? amount / people : amount;
  return { people, pay: { amount: each, per, stated: perYear || money.hint === 'perWeek' || money.hint === 'perMonth' } };
}

/** A pay as a weekly cost. */
export function weeklyCost(pay: HiringPay): number {
  return pay.per === 'week' ? pay.amount : pay.per === 'month' ? pay.amount / WEEKS_PER_MONTH : pay.amount / 52;
}
