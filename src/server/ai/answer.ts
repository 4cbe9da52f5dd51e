import { type ModelMessage, streamText } from 'ai';
import type { Language } from '../../core/i18n/language.ts';
import type { KnownNumber } from '../../core/mentor/number-check.ts';
import type { MentorContext } from './context/build-context.ts';
import { mentorInstructions } from './mentor-prompt.ts';
import { offlineAnswer, streamPieces } from './offline/offline-mentor.ts';
import type { MentorModel } from './provider.ts';

export type AnswerInput = {
  model: MentorModel | null;
  context: MentorContext;
  language: Language;
  /** The conversation so far, oldest first, ending with the founder's question. */
  history: { role: 'user' | 'assistant'; content: string }[];
  abortSignal?: AbortSignal;
};

/**
 * What answering produces, in order: pieces of the answer's text, and numbers the answer
 * may state because the mentor worked them out from the founder's data (the offline
 * mentor's arithmetic), besides those of the context.
 */
export type AnswerEvent = { type: 'text'; text: string } | { type: 'known'; numbers: KnownNumber[] };

/** Who answered, stored with the message: the model's name or `offline`. */
export const answeredBy = (model: MentorModel | null) => model?.label ?? 'offline';

/**
 * The mentor's answer, from the configured model or the offline mentor. A provider error is
 * thrown (after the retries in retrying-fetch), never swallowed, so the caller can tell the
 * founder and keep their message.
 */
export async function* answerEvents(input: AnswerInput): AsyncGenerator<AnswerEvent> {
  const question = input.history.at(-1)?.content ?? '';
  if (!input.model) {
    const answer = offlineAnswer({ question, language: input.language, context: input.context });
    yield { type: 'known', numbers: answer.numbers };
    for (const piece of streamPieces(answer.text)) yield { type: 'text', text: piece };
    return;
  }
  const messages: ModelMessage[] = input.history.map((message) => ({ role: message.role, content: message.content }));
  const result = streamText({
    model: input.model.model,
    instructions: mentorInstructions(input.context, input.language),
    messages,
    maxRetries: 0,
    timeout: { chunkMs: input.model.timeoutMs },
    abortSignal: input.abortSignal,
    // Errors arrive as stream parts below; without this the SDK also prints them to the console.
    onError: () => {},
  });
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') yield { type: 'text', text: part.text };
    else if (part.type === 'error') throw part.error instanceof Error ? part.error : new Error(String(part.error));
    // A chunk timeout ends the stream as an abort; only the founder's stop is a normal end.
    else if (part.type === 'abort' && !input.abortSignal?.aborted) throw new Error('the model stopped answering in time');
  }
}
