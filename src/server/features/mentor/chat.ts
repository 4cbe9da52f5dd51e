import type { Language } from '../../../core/i18n/language.ts';
import type { ChatInput } from '../../../core/mentor/mentor-schema.ts';
import { checkNumbers, type KnownNumber, numbersIn } from '../../../core/mentor/number-check.ts';
import type { ToolCallRecord } from '../../../core/mentor/tool-calls.ts';
import { answerEvents, answeredBy, isModelTimeout } from '../../ai/answer.ts';
import { buildMentorContext } from '../../ai/context/build-context.ts';
import { CONTEXT_SOURCES } from './context-sources.ts';
import type { MentorModel } from '../../ai/provider.ts';
import type { Database } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { addMessage, conversationMessages, createConversation, findOwnedConversation } from './conversations.ts';
import { mentorTools } from './tools.ts';

/** The product's chat error ('trouble responding'); the UI shows it translated with a retry button. */
export const TROUBLE_RESPONDING = "I'm having trouble responding. Please try again.";

/** The chat's notice that the provider is slow or down and the offline mentor answered (the UI says it translated). */
export const PROVIDER_UNAVAILABLE = 'provider-unavailable';

/** How many earlier messages the model sees besides the context. */
const HISTORY_MESSAGES = 20;

type ChatDeps = { db: Database; logger: Logger; model: MentorModel | null; userId: string; language: Language; abortSignal: AbortSignal };

/**
 * Stores the founder's message first (a failed answer never loses it), then streams the
 * answer as the AI SDK UI message stream and stores it when complete. A retry of a failed
 * answer does not store the question twice. Two tabs writing to one conversation each get
 * their own answer; messages keep their order by time.
 */
export async function startChat(deps: ChatDeps, input: ChatInput): Promise<Response> {
  const { db, userId } = deps;
  // An open circuit breaker sends the question straight to the offline mentor (decision 268).
  let answering = deps.model?.breaker.allow() ? deps.model : null;
  const conversation = input.conversationId
    ? await findOwnedConversation(db, userId, input.conversationId)
    : await createConversation(db, userId, input.message);
  const earlier = await conversationMessages(db, conversation.id);
  const last = earlier.at(-1);
  const isRetryOfUnanswered = input.retry === true && last?.role === 'user' && last.content === input.message;
  if (!isRetryOfUnanswered) await addMessage(db, { conversationId: conversation.id, userId, role: 'user', content: input.message });
  const history = [...(isRetryOfUnanswered ? earlier : [...earlier, { role: 'user' as const, content: input.message }])]
    .slice(-HISTORY_MESSAGES)
    .map((m) => ({ role: m.role, content: m.content }));
  const context = await buildMentorContext({ db, userId, question: input.message, sources: CONTEXT_SOURCES });
  // What an answer may state: the context's numbers and those the founder wrote in the conversation.
  const known: KnownNumber[] = [...context.numbers, ...history.filter((m) => m.role === 'user').flatMap((m) => numbersIn(m.content, 'question'))];
  // With a model, tools to look further; what they return may be stated too.
  const tools = answering ? await mentorTools({ db, userId, context, language: deps.language, onKnown: (numbers) => known.push(...numbers) }) : undefined;
  const toolCalls: ToolCallRecord[] = [];
  const keep = (text: string) =>
    addMessage(db, {
      conversationId: conversation.id,
      userId,
      role: 'assistant',
      content: text,
      answeredBy: answeredBy(answering),
      numberChecks: checkNumbers(text, known),
      toolCalls: toolCalls.length > 0 ? toolCalls.filter(Boolean) : undefined,
    });

  // The AI SDK loads with the first answer or draft, not at start (decision 304).
  const { createUIMessageStream, createUIMessageStreamResponse, generateId } = await import('ai');
  const stream = createUIMessageStream({
    execute: async ({ writer }) => {
      writer.write({ type: 'start', messageId: generateId() });
      writer.write({ type: 'data-conversation', data: { id: conversation.id, title: conversation.title } });
      // The founder is told, in their language, that the offline mentor answers this time.
      const noticeOffline = () => writer.write({ type: 'data-notice', data: { code: PROVIDER_UNAVAILABLE } });
      if (deps.model && !answering) noticeOffline();
      writer.write({ type: 'text-start', id: 'answer' });
      let text = '';
      const answerWith = async (model: MentorModel | null) => {
        for await (const event of answerEvents({ model, context, language: deps.language, history, tools: model ? tools : undefined, abortSignal: deps.abortSignal })) {
          if (event.type === 'known') {
            known.push(...event.numbers);
            continue;
          }
          if (event.type === 'tool') {
            toolCalls[event.order] = event.call;
            writer.write({ type: 'data-tool', data: { ...event.call, order: event.order } });
            continue;
          }
          text += event.text;
          writer.write({ type: 'text-delta', id: 'answer', delta: event.text });
        }
      };
      try {
        await answerWith(answering);
        answering?.breaker.succeeded();
      } catch (error) {
        if (deps.abortSignal.aborted) {
          // The founder pressed stop: keep what they saw, checked like any answer.
          if (text) await keep(text);
          return;
        }
        answering?.breaker.failed(error);
        deps.logger.warn({ err: error, conversationId: conversation.id, model: answering?.label }, 'mentor answer failed');
        // The offline mentor takes over when the provider was too slow to start (the founder has
        // waited AI_TIMEOUT_MS already) or this failure opened the breaker; part of an answer
        // already shown is never mixed with another mentor's, and a lone error says 'try again'.
        const takeOver = answering !== null && !text && (isModelTimeout(error) || answering.breaker.isOpen());
        if (!takeOver) {
          writer.write({ type: 'text-end', id: 'answer' });
          writer.write({ type: 'error', errorText: TROUBLE_RESPONDING });
          return;
        }
        answering = null;
        toolCalls.length = 0;
        noticeOffline();
        await answerWith(null);
      }
      writer.write({ type: 'text-end', id: 'answer' });
      if (!text) {
        // A model that only called tools, even when told to answer, said nothing to keep.
        deps.logger.warn({ conversationId: conversation.id, toolCalls: toolCalls.length }, 'mentor answer was empty');
        writer.write({ type: 'error', errorText: TROUBLE_RESPONDING });
        return;
      }
      // Every number of the answer, traced to the founder's data or marked as not from it.
      const saved = await keep(text);
      writer.write({ type: 'data-numbers', data: saved.numberChecks ?? [] });
      writer.write({ type: 'finish', finishReason: 'stop' });
    },
    onError: () => TROUBLE_RESPONDING,
  });
  // `no-store` as every /api/ answer (the AI SDK would say `no-cache`): the founder's words stay out of caches.
  const response = createUIMessageStreamResponse({ stream, headers: { 'x-conversation-id': conversation.id, 'cache-control': 'no-store' } });
  // The AI SDK always says `Connection: keep-alive`; whether a connection stays open is the
  // HTTP server's call (a client that asked to close must get its close).
  response.headers.delete('connection');
  return response;
}
