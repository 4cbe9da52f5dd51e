import MiniSearch from 'minisearch';
import type { Language } from '../../../core/i18n/language.ts';
import { METRIC_TARGETS, type MetricTarget, type TargetStatus, targetStatus } from '../../../core/mentor/metric-targets.ts';
import { escapeMarkdown } from '../../../core/mentor/markdown-safety.ts';
import { type KnownNumber, numbersIn } from '../../../core/mentor/number-check.ts';
import { PLAYBOOK, type Play } from '../../../core/mentor/playbook.ts';
import type { MentorContext } from '../context/build-context.ts';
import { OFFLINE_TEXT } from './offline-text.ts';

/**
 * The offline mentor (docs/product.md#mentor-context): answers when no model is configured. It is a
 * deterministic advisor, not a language model, and says so: the same question on the same
 * data gives the same answer. It reads the same context as the model would, diagnoses the
 * metrics against the spec's targets and proposes ICE-scored hypotheses from the playbook,
 * retrieved by relevance to the question and to what the diagnosis found.
 */

export type Diagnosis = { target: MetricTarget; value: number; status: TargetStatus };

export function diagnose(context: MentorContext): Diagnosis[] {
  const values = context.facts.metrics?.values ?? {};
  return METRIC_TARGETS.flatMap((target) => {
    const value = values[target.key];
    return typeof value === 'number' && Number.isFinite(value) ? [{ target, value, status: targetStatus(target, value) }] : [];
  });
}

const iceTotal = (play: Play) => (play.ice.impact * play.ice.confidence * play.ice.ease) / 100;

/** Words that say nothing about the topic, in both languages, so "what should I do" matches no play by accident. */
const STOP_WORDS = new Set(
  ('the and for what how should can could would this that with from about your you our are was were have has had into then than when which who why does did do my me is it to of in on a an be at or as by we i ' +
  'el la los las un una unos unas que qué como cómo para por con sin sobre este esta esto ese esa mis mi tu tus su sus yo es son fue ser hay del al lo le les se y o de en a debo debería puedo hago hacer ahora mes').split(' '),
);
/** Filler words and bare numbers ("10 customers") say nothing about which play fits. */
const processTerm = (term: string) => {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) || /^\d+$/.test(lower) ? null : lower;
};

const playbookIndex = (() => {
  const index = new MiniSearch<{ id: string; text: string }>({ fields: ['text'], idField: 'id', processTerm });
  index.addAll(PLAYBOOK.map((p) => ({ id: p.id, text: [p.area, p.keywords, p.en.title, p.en.hypothesis, p.es.title, p.es.hypothesis].join(' ') })));
  return index;
})();

/** How well each play matches the question, scaled to 0..1 (1 = the best match). */
function questionMatch(question: string): Map<string, number> {
  const hits = playbookIndex.search(question, { prefix: true, fuzzy: 0.15, combineWith: 'OR' });
  const best = hits[0]?.score ?? 0;
  return new Map(hits.map((hit) => [String(hit.id), best > 0 ? hit.score / best : 0]));
}

/**
 * The plays to propose, best first: those for the off-target metrics lead, and the play
 * that best answers the question keeps the second place, so the founder gets both what
 * the numbers need and what they asked. Ties go to the higher ICE, then the id.
 */
export function choosePlays(question: string, diagnosis: Diagnosis[], count = 3): Play[] {
  const match = questionMatch(question);
  const pressure = new Map<string, number>();
  for (const item of diagnosis) if (item.status !== 'on') pressure.set(item.target.key, item.status === 'off' ? 2 : 1);
  const byScore = (score: (play: Play) => number) =>
    [...PLAYBOOK].sort((a, b) => score(b) - score(a) || iceTotal(b) - iceTotal(a) || a.id.localeCompare(b.id));
  const byNeed = byScore((play) => (pressure.get(play.metric ?? '') ?? 0) + (match.get(play.id) ?? 0));
  const byQuestion = byScore((play) => match.get(play.id) ?? 0).filter((play) => (match.get(play.id) ?? 0) >= 0.6);
  const ordered = pressure.size > 0 ? [byNeed[0], byQuestion[0], ...byNeed.slice(1)] : [...byQuestion, ...byNeed];
  return [...new Set(ordered.filter((play): play is Play => play !== undefined))].slice(0, count);
}

const words = (text: string) => new Set(text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').match(/[\p{L}\p{N}]{3,}/gu) ?? []);

/** The line of a note that shares the most words with the question (the first line on a tie). */
function bestLine(text: string, question: string): string {
  const asked = words(question);
  const lines = text.split(/\n+|(?<=[.!?])\s+/).map((l) => l.trim()).filter((l) => l.length > 0);
  let best = lines[0] ?? '';
  let bestHits = 0;
  for (const candidate of lines) {
    const hits = [...words(candidate)].filter((w) => asked.has(w)).length;
    if (hits > bestHits) {
      best = candidate;
      bestHits = hits;
    }
  }
  return best.length > 280 ? `${best.slice(0, 280)}…` : best;
}

const OUT_OF_BOUNDS = /(other|another|someone else'?s?) (user|founder|compan|startup|customer)|otros? (usuarios?|fundador|emprendedor)|de otra (persona|empresa|startup)|ignore (all |your |the |previous )*(instructions|rules)|ignora (tus|las) (instrucciones|reglas)|system prompt/i;

export function formatValue(target: MetricTarget, value: number, language: Language) {
  const t = OFFLINE_TEXT[language];
  const number = (n: number, digits: number) => n.toLocaleString(language === 'en' ? 'en-US' : 'es-419', { maximumFractionDigits: digits });
  if (target.unit === 'weeks') return t.weeks(number(value, 1));
  if (target.unit === 'percent') return `${number(value * 100, 2)}%`;
  return `${number(value, 1)}:1`;
}

/** An offline answer: its Markdown, and the numbers it works out or proposes beyond the context's. */
export type OfflineAnswer = { text: string; numbers: KnownNumber[] };

export function offlineAnswer(input: { question: string; language: Language; context: MentorContext }): OfflineAnswer {
  const { question, language, context } = input;
  const t = OFFLINE_TEXT[language];
  const diagnosis = diagnose(context);
  const parts: string[] = [`_${t.intro}_`];

  if (OUT_OF_BOUNDS.test(question)) parts.push(t.ownDataOnly);

  // Founder text is escaped before it joins the Markdown (core/mentor/markdown-safety.ts).
  const startup = context.facts.profile?.startupName ? escapeMarkdown(context.facts.profile.startupName) : t.yourStartup;
  parts.push(`### ${t.whereYouStand(startup)}`);
  const metrics = context.facts.metrics;
  if (!metrics || diagnosis.length === 0) {
    parts.push(t.noMetrics);
  } else {
    const lines = diagnosis.map((d) => {
      const trend = metrics.trends?.[d.target.key];
      const status = trend && metrics.trendWeeks ? `${t.status[d.status]}, ${t.trend(trend, metrics.trendWeeks)}` : t.status[d.status];
      return `- **${t.metricNames[d.target.key]}:** ${formatValue(d.target, d.value, language)} — ${t.target(d.target.direction, formatValue(d.target, d.target.threshold, language))} (${status})`;
    });
    parts.push(`${t.weekOf(metrics.year, metrics.week)}\n\n${lines.join('\n')}`);
    const worst = diagnosis.filter((d) => d.status !== 'on');
    parts.push(worst.length === 0 ? t.allOnTarget : t.focusOn(worst.map((d) => t.metricNames[d.target.key])));
  }

  const [topTask] = context.facts.tasks ?? [];
  const strategy = context.facts.strategy;
  const plan = [
    topTask ? t.topTask(escapeMarkdown(topTask.hypothesis), topTask.metric, topTask.iceTotal.toFixed(2)) : null,
    strategy ? t.strategy(strategy.version, escapeMarkdown(strategy.statement)) : null,
    strategy && strategy.maximas.length > 0 ? t.maximas(strategy.maximas.map(escapeMarkdown)) : null,
  ].filter((line): line is string => line !== null);
  if (plan.length > 0) parts.push(plan.join('\n\n'));

  const notes = context.chunks.filter((chunk) => chunk.source === 'context-entries').slice(0, 2);
  if (notes.length > 0) {
    parts.push(`### ${t.fromYourNotes}`);
    parts.push(notes.map((note) => `> ${escapeMarkdown(bestLine(note.text, question))}`).join('\n>\n'));
  }
  for (const note of context.facts.notes ?? []) parts.push(`- ${escapeMarkdown(note)}`);

  const plays = choosePlays(question, diagnosis);
  parts.push(`### ${t.hypotheses}`);
  parts.push(
    plays
      .map((play, i) => {
        const { impact, confidence, ease } = play.ice;
        return `${i + 1}. **${play[language === 'en' ? 'en' : 'es'].title}** (${t.areas[play.area]}) — ${play[language === 'en' ? 'en' : 'es'].hypothesis}\n   ICE **${iceTotal(play).toFixed(1)}** (${impact} × ${confidence} × ${ease})`;
      })
      .join('\n'),
  );
  parts.push(`### ${t.nextStep}`);
  parts.push(t.nextStepText);
  const numbers = plays.flatMap((play) => {
    const text = play[language === 'en' ? 'en' : 'es'];
    const detail = text.title;
    return [
      { kind: 'proposal' as const, key: 'ice', value: iceTotal(play), unit: 'score' as const, detail },
      ...numbersIn(text.hypothesis, 'note').map((known) => ({ ...known, kind: 'proposal' as const, key: 'hypothesis', detail })),
    ];
  });
  return { text: parts.join('\n\n'), numbers };
}

/** Splits an answer into small pieces so the offline mentor streams like a model does. */
export function streamPieces(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
