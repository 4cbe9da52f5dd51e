import { escapeMarkdown } from '../../../core/mentor/markdown-safety.ts';
import { findNumberMentions } from '../../../core/mentor/number-mentions.ts';
import type { Reasoning } from './intent-answers.ts';
import { STOP_WORDS } from './play-choice.ts';

const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

/**
 * Words that name one idea, in either language, read as that idea: a founder who asks about
 * churn means the note that says why customers cancelled or left.
 */
const SAME_IDEA: readonly [RegExp, string][] = [
  [/^(churn\w*|cancel\w*|left|leav\w*|quit\w*|abandon\w*|baja\w*|dejaron|dej\w*|perd\w*|lost|los[te]\w*)$/, 'churn'],
  [/^(runway|pista)$/, 'runway'],
  [/^(burn\w*|quema\w*|gast\w*|spend\w*|cost\w*)$/, 'burn'],
  [/^(pric\w*|precio\w*|cobr\w*)$/, 'price'],
  [/^(hir\w*|contrat\w*)$/, 'hire'],
  [/^(customer\w*|client\w*)$/, 'customer'],
];

/** A word's stem, so "churned", "churning" and "churn" meet: a light suffix cut, then the idea it names. */
function stem(word: string): string {
  const idea = SAME_IDEA.find(([pattern]) => pattern.test(word));
  if (idea) return idea[1];
  return word.length > 5 ? word.replace(/(ing|ed|es|s|aron|ando|ados|adas|ado|ada)$/, '') : word;
}

const words = (text: string) => new Set((fold(text).match(/[\p{L}\p{N}]{3,}/gu) ?? []).filter((word) => !STOP_WORDS.has(word)).map(stem));

/** A quote is one whole sentence: longer than this, it is a paragraph, not a quote. */
const LONGEST_QUOTE = 300;
/** Sentences end at . ! ? (or a line's end): a quote never stops in the middle of one. */
const sentencesOf = (text: string) =>
  text
    .split(/(?<=[.!?…])\s+|\n/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0 && sentence.length <= LONGEST_QUOTE);

/** The metric a note's goal is about, by the words it uses, and how the founder's number for it is written. */
const GOAL_METRICS = [
  { pattern: /\b(mrr|revenue|ingresos?|ventas|facturacion)\b/, key: 'mrr', unit: 'money' },
  { pattern: /\b(runway|pista)\b/, key: 'runwayWeeks', unit: 'weeks' },
  { pattern: /\b(churn|cancelacion)\b/, key: 'churnRate', unit: 'percent' },
  { pattern: /\b(users|usuarios)\b/, key: 'activeUsers', unit: 'count' },
  { pattern: /\b(cash|caja)\b/, key: 'cashBalance', unit: 'money' },
] as const;

/**
 * A file's lines with the ones a PDF wrapped mid-sentence joined again (a line that ends
 * without a stop, followed by one that starts in lower case); a CSV's rows stay rows.
 */
function joinWrappedLines(lines: readonly string[]): string {
  return lines.reduce((text, line, index) => {
    const wrapped = index > 0 && !/[.!?…:;]\s*$/.test(lines[index - 1]!) && /^\s*\p{Ll}/u.test(line);
    return index === 0 ? line : `${text}${wrapped ? ' ' : '\n'}${line.trim()}`;
  }, '');
}

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
    const fileText = joinWrappedLines(fileLines.filter((line) => !/^\[[^\]]+\]$/.test(line.trim())));
    const candidates = [...sentencesOf(description).map((line) => ({ line, fromFile: false })), ...sentencesOf(fileText).map((line) => ({ line, fromFile: true }))];
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
  const { line } = best;
  const quote = r.t.fromNotes({ type: r.t.contextTypes[best.type] ?? best.type, line: escapeMarkdown(line) });
  const goal = goalComparison(r, line);
  return goal ? `${quote} ${goal}` : quote;
}
