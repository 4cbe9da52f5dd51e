import { escapeMarkdown } from '../../../core/mentor/markdown-safety.ts';
import { findNumberMentions } from '../../../core/mentor/number-mentions.ts';
import type { Reasoning } from './intent-answers.ts';
import { STOP_WORDS } from './play-choice.ts';

const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
const words = (text: string) => new Set((fold(text).match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((word) => !STOP_WORDS.has(word)));

/** The metric a note's goal is about, by the words it uses, and how the founder's number for it is written. */
const GOAL_METRICS = [
  { pattern: /\b(mrr|revenue|ingresos?|ventas|facturacion)\b/, key: 'mrr', unit: 'money' },
  { pattern: /\b(runway|pista)\b/, key: 'runwayWeeks', unit: 'weeks' },
  { pattern: /\b(churn|cancelacion)\b/, key: 'churnRate', unit: 'percent' },
  { pattern: /\b(users|usuarios)\b/, key: 'activeUsers', unit: 'count' },
  { pattern: /\b(cash|caja)\b/, key: 'cashBalance', unit: 'money' },
] as const;

type Candidate = { line: string; type: string; hits: number; fromFile: boolean };

/**
 * The one line of the founder's notes that bears most on the question: a line of an
 * attached file beats the entry's own description when both match as well (the file is
 * what the founder shared), and a note that shares no word with the question is not quoted.
 */
function bestLine(r: Reasoning): Candidate | null {
  const asked = words(r.question);
  let best: Candidate | null = null;
  for (const chunk of r.context.chunks.filter((c) => c.source === 'context-entries')) {
    const type = /\(([^)]+)\)/.exec(chunk.title)?.[1] ?? '';
    const [description = '', ...fileLines] = chunk.text.split('\n');
    const candidates = [
      ...description.split(/(?<=[.!?])\s+/).map((line) => ({ line, fromFile: false })),
      ...fileLines.filter((line) => !/^\[[^\]]+\]$/.test(line.trim())).map((line) => ({ line, fromFile: true })),
    ];
    for (const { line, fromFile } of candidates) {
      const hits = [...words(line)].filter((word) => asked.has(word)).length;
      const better = !best || hits > best.hits || (hits === best.hits && fromFile && !best.fromFile);
      if (hits > 0 && better) best = { line: line.trim(), type, hits, fromFile };
    }
  }
  return best;
}

/** A goal the note states (`MRR above USD 25k`) beside where the founder is now. */
function goalComparison(r: Reasoning, line: string): string | null {
  const folded = fold(line);
  const metric = GOAL_METRICS.find(({ pattern }) => pattern.test(folded));
  if (!metric) return null;
  const value = r.context.facts.metrics?.values[metric.key];
  const mention = findNumberMentions(line).find((m) => m.kind === 'number' && !m.incidental && m.percent === (metric.unit === 'percent'));
  if (typeof value !== 'number' || !mention) return null;
  const goal = Math.max(...mention.readings.map((reading) => reading.value));
  const { w } = r;
  const shown = { money: w.money, weeks: w.weeks, percent: w.percent, count: w.whole }[metric.unit](value);
  // For churn, lower is better: a share of the way says nothing.
  const share = metric.key !== 'churnRate' && goal > 0 ? w.share(r.derive('noteGoalShare', value / goal, 'percent')) : null;
  return r.t.noteGoal({ goal: escapeMarkdown(mention.raw), value: shown, share });
}

export function noteParagraph(r: Reasoning): string | null {
  const best = bestLine(r);
  if (!best) return null;
  const line = best.line.length > 280 ? `${best.line.slice(0, 280)}…` : best.line;
  const quote = r.t.fromNotes({ type: r.t.contextTypes[best.type] ?? best.type, line: escapeMarkdown(line) });
  const goal = goalComparison(r, line);
  return goal ? `${quote} ${goal}` : quote;
}
