import { checkNumbers, type KnownNumber, numbersIn } from '../../../src/core/mentor/number-check.ts';
import { classifyQuestion } from '../../../src/core/mentor/question-intent.ts';
import { METRIC_KEYS } from '../../../src/core/metrics/formulas.ts';
import { classify, TARGETS, type TargetedMetric } from '../../../src/core/metrics/targets.ts';
import { offlineAnswer } from '../../../src/server/ai/offline/offline-mentor.ts';
import { OFFLINE_TEXT } from '../../../src/server/ai/offline/offline-text.ts';
import type { Scenario } from './scenarios.ts';

/**
 * How one answer is judged (docs/decisions/213-mentor-evaluation.md). Each check is what a
 * founder would notice: the question answered first, no number they never gave, no raw
 * keys, ICE with one decimal, their language, a short list of steps, a challenge when a
 * metric is off target, nothing from anyone else.
 */
export const CHECKS = ['answersQuestion', 'numbersTraceable', 'noRawKeys', 'iceOneDecimal', 'language', 'atMostThreeSteps', 'challengesWhenOff', 'noForeignData', 'ownArithmetic'] as const;
export type Check = (typeof CHECKS)[number];
export type ScenarioResult = { scenario: Scenario; text: string; passed: Check[]; failed: { check: Check; why: string }[] };

/** Keys as the code writes them (`ltvToCac`, `mrr`): a founder reads names, never these. */
const RAW_KEY = new RegExp(`(?<![\\w-])(${METRIC_KEYS.join('|')})(?![\\w-])`);
const ICE = /ICE (\d+(?:[.,]\d+)?)/g;
const STEP = /^\d+\. /gm;

/** Short words that only one of the two languages uses often: enough to tell which one an answer is in. */
const ENGLISH = /\b(the|and|your|you|is|of|to|with|what|it)\b/gi;
const SPANISH = /\b(el|la|los|las|tu|tus|de|que|y|con|es|en)\b/gi;

function languageOf(text: string): 'en' | 'es-LA' {
  return (text.match(ENGLISH)?.length ?? 0) > (text.match(SPANISH)?.length ?? 0) ? 'en' : 'es-LA';
}

/** A promised burn cut ("burn falls 40%", "la quema baje 40 %"): the share it promises, in percent. */
const PROMISED_CUT = /(?:burn falls|la quema baje) (\d+(?:[.,]\d+)?)\s?%/g;
/** A runway, burn or cash figure: with no week recorded, none may be stated. */
const PROJECTED_FIGURE = /(runway|pista|burn|quema|cash|caja)[^.\n]*\d/i;

/**
 * The answer agrees with its own arithmetic: with no data it states no runway, burn
 * or cash figure; a promised burn cut is the one the founder's cash and burn need
 * to reach the runway target (cash ÷ target ÷ burn), to the percent.
 */
function ownArithmetic(scenario: Scenario, text: string): string | null {
  const values = scenario.context.facts.metrics?.values;
  // Saying so first is the scenario's `answers` check; here, no figure may follow.
  if (!values) {
    const figure = PROJECTED_FIGURE.exec(text);
    return figure ? `no data, yet it states a figure: ${figure[0]}` : null;
  }
  const { cashBalance: cash, weeklyBurnRate: burn } = values;
  for (const match of text.matchAll(PROMISED_CUT)) {
    const promised = Number(match[1]!.replace(',', '.'));
    if (typeof cash !== 'number' || typeof burn !== 'number' || burn <= 0) return `promises a ${promised}% cut with no burn to cut`;
    const needed = Math.round((1 - cash / TARGETS.runwayWeeks.threshold / burn) * 100);
    if (promised !== needed) return `promises a ${promised}% cut where its numbers need ${needed}%`;
  }
  return null;
}

/** A targeted metric off target in the context the mentor was given. */
function anyOffTarget(scenario: Scenario): boolean {
  const values = scenario.context.facts.metrics?.values ?? {};
  return (Object.keys(TARGETS) as TargetedMetric[]).some((key) => {
    const value = (values as Partial<Record<TargetedMetric, number | null>>)[key];
    return typeof value === 'number' && classify(value, TARGETS[key]) === 'off';
  });
}

/** The offline mentor's answer to a scenario, judged. */
export function scoreScenario(scenario: Scenario): ScenarioResult {
  return scoreAnswer(scenario, offlineAnswer({ question: scenario.question, language: scenario.language, context: scenario.context }));
}

/** Any answer to a scenario, judged: `numbers` are those the answerer worked out itself (none for a model). */
export function scoreAnswer(scenario: Scenario, result: { text: string; numbers: KnownNumber[] }): ScenarioResult {
  const text = result.text;
  const firstParagraph = text.split('\n\n')[0] ?? '';
  const t = OFFLINE_TEXT[scenario.language];
  const verdicts: Record<Check, string | null> = {
    answersQuestion: scenario.answers.test(firstParagraph) ? null : `first paragraph: ${firstParagraph.slice(0, 120)}`,
    numbersTraceable: (() => {
      const known = [...scenario.context.numbers, ...numbersIn(scenario.question, 'question'), ...result.numbers];
      const untraced = checkNumbers(text, known).filter((check) => !check.source).map((check) => check.raw);
      return untraced.length === 0 ? null : `not from the data: ${untraced.join(', ')}`;
    })(),
    noRawKeys: (() => {
      const raw = RAW_KEY.exec(text);
      return raw ? `raw key: ${raw[1]}` : null;
    })(),
    iceOneDecimal: (() => {
      const bad = [...text.matchAll(ICE)].map((m) => m[1]!).filter((value) => !/^\d+[.,]\d$/.test(value));
      return bad.length === 0 ? null : `ICE ${bad.join(', ')}`;
    })(),
    language: languageOf(text) === scenario.language ? null : `reads as ${languageOf(text)}`,
    atMostThreeSteps: (text.match(STEP)?.length ?? 0) <= 3 ? null : `${text.match(STEP)?.length} steps`,
    challengesWhenOff: (() => {
      // A metric's meaning is a definition, not advice: no challenge expected there. On target, no challenge either.
      const expected = anyOffTarget(scenario) && classifyQuestion(scenario.question) !== 'metricMeaning';
      const challenged = text.includes(t.challenge.title);
      if (expected === challenged) return null;
      return expected ? 'a metric is off target and the answer does not challenge the plan' : 'challenges a founder on target';
    })(),
    ownArithmetic: ownArithmetic(scenario, text),
    noForeignData: (() => {
      const found = (scenario.foreign ?? []).filter((word) => text.toLowerCase().includes(word.toLowerCase()));
      return found.length === 0 ? null : `mentions ${found.join(', ')}`;
    })(),
  };
  const passed = CHECKS.filter((check) => verdicts[check] === null);
  const failed = CHECKS.filter((check) => verdicts[check] !== null).map((check) => ({ check, why: verdicts[check]! }));
  return { scenario, text, passed, failed };
}
