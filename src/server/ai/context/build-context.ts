import MiniSearch from 'minisearch';
import type { KnownNumber } from '../../../core/mentor/number-check.ts';
import type { Database } from '../../db/client.ts';
import type { ContextChunk, ContextSource, MentorFacts } from './types.ts';

/** Roughly 4 characters a token for English and Spanish prose: enough to keep within a budget. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** Default share of the model's window given to the founder's context. */
export const DEFAULT_CONTEXT_TOKEN_BUDGET = 4000;

export type MentorContext = {
  facts: MentorFacts;
  /** The chunks kept, most relevant first (pinned ones lead). */
  chunks: ContextChunk[];
  /** How many chunks did not fit the budget. */
  omitted: number;
  /** The numbers of the chunks kept: an answer may state these (docs/mentor.md "Every number traceable"). */
  numbers: KnownNumber[];
};

function mergeFacts(into: MentorFacts, from: MentorFacts | undefined) {
  if (!from) return;
  if (from.profile) into.profile = from.profile;
  if (from.metrics) into.metrics = from.metrics;
  if (from.tasks) into.tasks = [...(into.tasks ?? []), ...from.tasks];
  if (from.strategy) into.strategy = from.strategy;
  if (from.contextEntries) into.contextEntries = [...(into.contextEntries ?? []), ...from.contextEntries];
  if (from.notes) into.notes = [...(into.notes ?? []), ...from.notes];
}

/** Relevance of each chunk to the question (BM25 with prefix and fuzzy matching), 0 when unrelated. */
function relevance(chunks: ContextChunk[], question: string): Map<string, number> {
  const index = new MiniSearch<ContextChunk>({ fields: ['title', 'text'], storeFields: [], idField: 'id' });
  index.addAll(chunks);
  const scores = new Map<string, number>();
  for (const hit of index.search(question, { prefix: true, fuzzy: 0.2, combineWith: 'OR' })) scores.set(String(hit.id), hit.score);
  return scores;
}

/** The chunks that share words with the query, most relevant first (the mentor's note search). */
export function searchChunks(chunks: ContextChunk[], query: string, limit: number): ContextChunk[] {
  const scores = relevance(chunks, query);
  return chunks
    .filter((chunk) => (scores.get(chunk.id) ?? 0) > 0)
    .sort((a, b) => (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) || a.id.localeCompare(b.id))
    .slice(0, limit);
}

/**
 * Ranks the founder's context by relevance to the question and keeps what fits the token
 * budget: pinned chunks first, then by score, then newest. A chunk larger than what is left
 * is cut rather than dropped, so the most relevant note is never lost to its own length.
 */
export function selectChunks(chunks: ContextChunk[], question: string, tokenBudget: number) {
  const scores = relevance(chunks, question);
  const ranked = [...chunks].sort(
    (a, b) =>
      Number(b.pinned ?? false) - Number(a.pinned ?? false) ||
      (scores.get(b.id) ?? 0) - (scores.get(a.id) ?? 0) ||
      (b.updatedAt?.getTime() ?? 0) - (a.updatedAt?.getTime() ?? 0) ||
      a.id.localeCompare(b.id),
  );
  const kept: ContextChunk[] = [];
  let left = tokenBudget;
  for (const chunk of ranked) {
    if (left <= 0) break;
    const cost = estimateTokens(chunk.title) + estimateTokens(chunk.text);
    if (cost <= left) {
      kept.push(chunk);
      left -= cost;
    } else if (left > 50) {
      kept.push({ ...chunk, text: `${chunk.text.slice(0, left * 4 - chunk.title.length)}…` });
      left = 0;
    }
  }
  return { chunks: kept, omitted: chunks.length - kept.length, numbers: kept.flatMap((chunk) => chunk.numbers ?? []) };
}

/** The one place the mentor's context is built; it only ever reads `userId`'s data. */
export async function buildMentorContext(input: {
  db: Database;
  userId: string;
  question: string;
  tokenBudget?: number;
  /** What to read: the mentor feature's list (features/mentor/context-sources.ts). */
  sources: readonly ContextSource[];
}): Promise<MentorContext> {
  const { sources } = input;
  const results = await Promise.all(sources.map((source) => source.load({ db: input.db, userId: input.userId })));
  const facts: MentorFacts = {};
  for (const result of results) mergeFacts(facts, result.facts);
  const all = results.flatMap((result) => result.chunks).filter((chunk) => chunk.text.trim() !== '');
  return { facts, ...selectChunks(all, input.question, input.tokenBudget ?? DEFAULT_CONTEXT_TOKEN_BUDGET) };
}
