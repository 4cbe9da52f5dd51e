import type { Language } from '../../../core/i18n/language.ts';
import { escapeMarkdown } from '../../../core/mentor/markdown-safety.ts';
import type { TargetedMetric } from '../../../core/mentor/metric-targets.ts';
import { METRIC_UNITS } from '../../../core/metrics/metric-units.ts';
import { TARGETS } from '../../../core/metrics/targets.ts';
import type { Play } from '../../../core/mentor/playbook.ts';
import { type KnownNumber, numbersIn } from '../../../core/mentor/number-check.ts';
import { classifyQuestion, type Intent } from '../../../core/mentor/question-intent.ts';
import type { MentorContext } from '../context/build-context.ts';
import { type Diagnosis, diagnose, distance, onTargetMetrics } from './diagnosis.ts';
import { INTENT_ANSWERS, type Reasoning } from './intent-answers.ts';
import { noteParagraph } from './note-quote.ts';
import { numberWriter } from './offline-format.ts';
import { OFFLINE_TEXT } from './offline-text.ts';
import { choosePlays, iceTotal } from './play-choice.ts';

export { choosePlays } from './play-choice.ts';
export { diagnose, formatValue, type Diagnosis } from './diagnosis.ts';

/**
 * The offline mentor (docs/mentor.md, decision 061): answers when no model is configured.
 * A deterministic advisor, not a language model: the same question on the same data gives
 * the same answer. It works out what the question is about and answers that first, in a
 * few lines, with the founder's own arithmetic; says plainly when a metric is off target
 * and challenges the plan; quotes the one note line that bears on the question; and ends
 * with at most three next steps by ICE, none for a metric already on target.
 */

/** An offline answer: its Markdown, and the numbers it works out or proposes beyond the context's. */
export type OfflineAnswer = { text: string; numbers: KnownNumber[] };

/** The metric an intent is about: the challenge then questions the plan, not the number just given. */
const INTENT_METRIC: Partial<Record<Intent, TargetedMetric>> = { runway: 'runwayWeeks', hiring: 'runwayWeeks', fundraising: 'runwayWeeks', churn: 'churnRate' };

/** The devil's advocate: the metric furthest off its target, and whether the plan goes at it. */
function challenge(reasoning: Reasoning, worst: Diagnosis, intent: Intent): string {
  const { t, context } = reasoning;
  const c = t.challenge;
  const lines: string[] = [];
  if (INTENT_METRIC[intent] !== worst.target.key) {
    lines.push(c.metric({ name: t.metricNames[worst.target.key], value: reasoning.show(worst.target.key, worst.value), target: reasoning.targetWords(worst.target.key) }));
  }
  lines.push(c.consequence[worst.target.key]);
  const [topTask] = context.facts.tasks ?? [];
  if (!topTask) lines.push(c.noTask);
  else if (topTask.metric === worst.target.key) lines.push(c.taskOnIt);
  else lines.push(c.taskElsewhere({ task: escapeMarkdown(topTask.hypothesis), metric: reasoning.metricName(topTask.metric) }));
  return `**${c.title}:** ${lines.join(' ')}`;
}

/** A play that promises a runway figure: "runway will pass 40 weeks", "3 more months of runway". */
const PROMISES_RUNWAY = /\b(runway|pista)\b/i;

/**
 * A play's hypothesis as the founder's numbers allow it: the runway plan states the
 * cut its own arithmetic needs (cash ÷ target is the burn to reach, so the cut is 1 − that ÷
 * burn), never a fixed figure; with no week recorded it promises no figure at all.
 */
function hypothesisOf(reasoning: Reasoning, play: Play, words: { title: string; hypothesis: string }): string {
  if (play.id !== 'fund-runway-plan') return words.hypothesis;
  const { t, w, context } = reasoning;
  const values = context.facts.metrics?.values;
  const cash = values?.cashBalance;
  const burn = values?.weeklyBurnRate;
  const target = TARGETS.runwayWeeks.threshold;
  if (typeof cash !== 'number' || typeof burn !== 'number' || burn <= 0 || cash <= 0) return t.runwayPlanNoData;
  const burnNeeded = reasoning.derive('burnForTarget', cash / target, 'moneyPerWeek');
  const cut = reasoning.derive('burnCutShare', 1 - burnNeeded / burn, 'percent');
  return cut > 0 ? t.runwayPlan({ cut: w.share(cut), burn: w.money(burnNeeded), target: w.weeks(target) }) : words.hypothesis;
}

function nextSteps(reasoning: Reasoning, question: string, diagnosis: Diagnosis[]): string | null {
  const { t, w, language, context } = reasoning;
  const runwayWeeks = context.facts.metrics?.values.runwayWeeks ?? null;
  const noData = !context.facts.metrics;
  const plays = choosePlays(question, diagnosis, 3, { onTarget: onTargetMetrics(context, diagnosis), runwayWeeks })
    // Before the first week no play may promise a runway figure the mentor cannot work out.
    .filter((play) => !noData || play.id === 'fund-runway-plan' || !PROMISES_RUNWAY.test(`${play.en.title} ${play.en.hypothesis}`) || !/\d/.test(`${play.en.title} ${play.en.hypothesis}`))
    .sort((a, b) => iceTotal(b) - iceTotal(a) || a.id.localeCompare(b.id));
  if (plays.length === 0) return null;
  const lines = plays.map((play, index) => {
    const original = play[language === 'en' ? 'en' : 'es'];
    const words = { title: original.title, hypothesis: hypothesisOf(reasoning, play, original) };
    // A play's figures are goals to test, proposed by the mentor, not the founder's data.
    reasoning.known.push(
      { kind: 'proposal', key: 'iceTotal', value: iceTotal(play), unit: 'score', detail: words.title },
      ...numbersIn(words.hypothesis, 'note').map((known) => ({ ...known, kind: 'proposal' as const, key: 'hypothesis', detail: words.title })),
    );
    return `${index + 1}. ${t.step({ title: words.title, hypothesis: words.hypothesis, ice: w.ice(iceTotal(play)) })}`;
  });
  return `${t.steps}\n\n${lines.join('\n')}`;
}

/**
 * `earlier` holds the conversation's earlier answers: the devil's advocate speaks once per
 * conversation, and again only when its number changed (its paragraph then reads differently).
 */
export function offlineAnswer(input: { question: string; language: Language; context: MentorContext; earlier?: readonly string[] }): OfflineAnswer {
  const { question, language, context } = input;
  const t = OFFLINE_TEXT[language];
  const w = numberWriter(language, context.facts.profile ?? {});
  const diagnosis = diagnose(context);
  const reasoning: Reasoning = {
    t,
    w,
    language,
    context,
    diagnosis,
    question,
    known: [],
    derive(key, value, unit) {
      this.known.push({ kind: 'derived', key, value, unit, detail: t.derived[key] });
      return value;
    },
    show(key, value) {
      const unit = METRIC_UNITS[key];
      return unit === 'weeks' ? w.weeks(value) : unit === 'multiple' ? w.ratio(value) : w.percent(value);
    },
    targetWords(key) {
      const target = diagnosis.find((d) => d.target.key === key)?.target;
      return target ? t.target(target.direction, this.show(key, target.threshold)) : '';
    },
    metricName(key) {
      return t.metricNames[key as keyof typeof t.metricNames] ?? key;
    },
  };

  const asked = classifyQuestion(question);
  const intent = asked === 'othersData' ? 'whatNext' : asked;
  const paragraphs: string[] = [];
  // With no week recorded, that comes first, whatever was asked: then what Rumbo can say without numbers.
  if (!context.facts.metrics) paragraphs.push(t.noMetrics);
  if (asked === 'othersData') paragraphs.push(t.ownDataOnly);
  paragraphs.push(...INTENT_ANSWERS[intent](reasoning).filter((paragraph) => !paragraphs.includes(paragraph)));

  const worst = [...diagnosis].filter((d) => d.status === 'off').sort((a, b) => distance(b) - distance(a))[0];
  if (worst && intent !== 'metricMeaning') {
    const devil = challenge(reasoning, worst, intent);
    if (!(input.earlier ?? []).some((answer) => answer.includes(devil))) paragraphs.push(devil);
  }

  const note = noteParagraph(reasoning);
  if (note) paragraphs.push(note);

  const steps = nextSteps(reasoning, question, diagnosis);
  if (steps) paragraphs.push(steps);
  return { text: paragraphs.join('\n\n'), numbers: reasoning.known };
}

/** Splits an answer into small pieces so the offline mentor streams like a model does. */
export function streamPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
