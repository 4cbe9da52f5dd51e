import type { ModelMessage, ToolSet } from 'ai';
import type { Language } from '../../core/i18n/language.ts';
import type { KnownNumber } from '../../core/mentor/number-check.ts';
import { MAX_TOOL_STEPS, type ToolCallRecord } from '../../core/mentor/tool-calls.ts';
import type { MentorContext } from './context/build-context.ts';
import { mentorInstructions } from './mentor-prompt.ts';
import { offlineAnswer, streamPieces } from './offline/offline-mentor.ts';
import type { MentorModel } from './provider.ts';
import { ModelTimeoutError } from './retrying-fetch.ts';

export type AnswerInput = {
  model: MentorModel | null;
  context: MentorContext;
  language: Language;
  /** The conversation so far, oldest first, ending with the founder's question. */
  history: { role: 'user' | 'assistant'; content: string }[];
  /** What the model may look up (features/mentor/tools.ts); the offline mentor needs none. */
  tools?: ToolSet;
  abortSignal?: AbortSignal;
};

/**
 * What answering produces, in order: pieces of the answer's text, numbers the answer may
 * state because the mentor worked them out from the founder's data (the offline mentor's
 * arithmetic), and each tool call of the model once it has answered or been refused.
 */
export type AnswerEvent =
  | { type: 'text'; text: string }
  | { type: 'known'; numbers: KnownNumber[] }
  /** `order`: the call's place among the answer's calls (results may arrive in another order). */
  | { type: 'tool'; call: ToolCallRecord; order: number };

/** A refused call's reason, short enough to store: its first line. */
const reason = (error: unknown) => String(error instanceof Error ? error.message : error).split('\n')[0]!.slice(0, 300);
const asInput = (input: unknown) => (input && typeof input === 'object' ? (input as Record<string, unknown>) : {});

/** Whether a failed answer was the provider being too slow (no first byte, or a stall), through the SDK's wrapping. */
export function isModelTimeout(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    if (current instanceof ModelTimeoutError) return true;
  }
  return false;
}

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
    const earlier = input.history.slice(0, -1).filter((message) => message.role === 'assistant').map((message) => message.content);
    const answer = offlineAnswer({ question, language: input.language, context: input.context, earlier });
    yield { type: 'known', numbers: answer.numbers };
    for (const piece of streamPieces(answer.text)) yield { type: 'text', text: piece };
    return;
  }
  const messages: ModelMessage[] = input.history.map((message) => ({ role: message.role, content: message.content }));
  const tools = input.tools;
  // The AI SDK loads with the first answer or draft, not at start (decision 304).
  const { stepCountIs, streamText } = await import('ai');
  const result = streamText({
    model: input.model.model,
    instructions: mentorInstructions(input.context, input.language, { tools: Boolean(tools) }),
    messages,
    tools,
    // A model that keeps calling tools is stopped: the last step may only answer.
    stopWhen: stepCountIs(MAX_TOOL_STEPS + 1),
    prepareStep: ({ stepNumber }) => (tools && stepNumber >= MAX_TOOL_STEPS ? { toolChoice: 'none' } : undefined),
    maxRetries: 0,
    timeout: { chunkMs: input.model.timeoutMs },
    abortSignal: input.abortSignal,
    // Errors arrive as stream parts below; without this the SDK also prints them to the console.
    onError: () => {},
  });
  const calls: string[] = [];
  const order = (id: string) => (calls.includes(id) ? calls.indexOf(id) : calls.push(id) - 1);
  for await (const part of result.fullStream) {
    if (part.type === 'text-delta') yield { type: 'text', text: part.text };
    else if (part.type === 'tool-call') order(part.toolCallId);
    else if (part.type === 'tool-result') {
      yield { type: 'tool', order: order(part.toolCallId), call: { name: part.toolName, input: asInput(part.input), ok: true } };
    } else if (part.type === 'tool-error') {
      // A refused call (arguments the tool does not take): the model reads why and goes on.
      yield { type: 'tool', order: order(part.toolCallId), call: { name: part.toolName, input: asInput(part.input), ok: false, error: reason(part.error) } };
    }
    else if (part.type === 'error') throw part.error instanceof Error ? part.error : new Error(String(part.error));
    // A chunk timeout ends the stream as an abort; only the founder's stop is a normal end.
    else if (part.type === 'abort' && !input.abortSignal?.aborted) throw new ModelTimeoutError('the model stopped answering in time');
  }
}
