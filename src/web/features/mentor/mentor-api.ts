import { queryOptions } from '@tanstack/react-query';
import { type ErrorCode, isErrorBody } from '../../../core/errors/error-codes.ts';
import type { Language } from '../../../core/i18n/language.ts';
import { NO_CONVERSATION_TO_ANALYSE } from '../../../core/mentor/mentor-schema.ts';
import type { NumberCheck } from '../../../core/mentor/number-check.ts';
import type { ToolCallRecord } from '../../../core/mentor/tool-calls.ts';
import { ApiError } from '../../lib/api-client.ts';
import { type ApiAnswer, api } from '../../lib/api-routes.ts';

/** The mentor's answers as the browser receives them: each route's own type. */
export type ConversationSummary = ApiAnswer<'GET /api/mentor/conversations'>['conversations'][number];
export type Conversation = ApiAnswer<'GET /api/mentor/conversations/:id'>;
export type StoredMessage = Conversation['messages'][number];

export const conversationsQuery = () =>
  queryOptions({
    queryKey: ['mentor', 'conversations'],
    queryFn: async () => (await api('GET /api/mentor/conversations')).conversations,
  });

export const conversationQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['mentor', 'conversation', id],
    queryFn: () => api('GET /api/mentor/conversations/:id', { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });

export const deleteConversation = (id: string) => api('DELETE /api/mentor/conversations/:id', { params: { id } });

/** The insights are saved as an AI context entry: the answer is that entry, as a create answers it. */
export const analyseConversation = (id: string, language: Language) =>
  api('POST /api/mentor/conversations/:id/analyse', { params: { id }, json: { language } });

/** The server's answer to analysing a conversation with nothing said in it (only files, say). */
export const isNothingToAnalyse = (error: unknown) =>
  error instanceof ApiError &&
  error.code === 'VALIDATION_FAILED' &&
  Array.isArray(error.details) &&
  (error.details as { message?: unknown }[]).some((detail) => detail.message === NO_CONVERSATION_TO_ANALYSE);

export type FilesUpload = ApiAnswer<'POST /api/mentor/conversations/files'>;

/** Files into the open conversation, or into a new one (decision 090). */
export function uploadConversationFiles(conversationId: string | null, files: File[], language: Language) {
  const body = new FormData();
  body.append('language', language);
  for (const file of files) body.append('files', file);
  return conversationId
    ? api('POST /api/mentor/conversations/:id/files', { params: { id: conversationId }, init: { body } })
    : api('POST /api/mentor/conversations/files', { init: { body } });
}

export type ChatEvents = {
  onConversation: (conversation: { id: string; title: string }) => void;
  onDelta: (text: string) => void;
  /** The answer's numbers and their sources, checked once it is complete. */
  onNumbers: (checks: NumberCheck[]) => void;
  /** A tool the model called, once it answered or was refused; `order` is its place among the calls. */
  onTool: (call: ToolCallRecord, order: number) => void;
  /** The model was slow or down: the offline mentor answers this question (decision 268). */
  onProviderUnavailable?: () => void;
};

/** What a finished stream ended with: a full answer, a stop by the founder, or trouble. */
export type ChatOutcome = 'done' | 'stopped' | 'trouble';

/**
 * Sends a question and reads the answer as the AI SDK UI message stream (server-sent
 * events of `{ type, ... }` chunks). Errors before the stream (consent, validation) throw
 * ApiError so the caller can ask for consent and retry.
 */
export async function streamChat(
  body: { conversationId?: string; message: string; language: Language; retry?: boolean },
  events: ChatEvents,
  signal: AbortSignal,
): Promise<ChatOutcome> {
  let response: Response;
  try {
    response = await fetch('/api/mentor/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
      signal,
    });
  } catch {
    if (signal.aborted) return 'stopped';
    throw new ApiError('NETWORK', 0, 'Network error. Please check your connection.');
  }
  if (!response.ok || !response.body) {
    const payload: unknown = await response.json().catch(() => null);
    if (isErrorBody(payload)) throw new ApiError(payload.error.code, response.status, payload.error.message, payload.error.details);
    throw new ApiError('INTERNAL' satisfies ErrorCode, response.status, 'An error occurred. Please try again.');
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let outcome: ChatOutcome = 'trouble';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const events_ = buffer.split('\n\n');
      buffer = events_.pop() ?? '';
      for (const event of events_) {
        const data = event.replace(/^data: /, '').trim();
        if (!data || data === '[DONE]') continue;
        const chunk = JSON.parse(data) as { type: string; delta?: string; data?: unknown };
        if (chunk.type === 'data-conversation' && chunk.data) events.onConversation(chunk.data as { id: string; title: string });
        else if (chunk.type === 'data-numbers' && Array.isArray(chunk.data)) events.onNumbers(chunk.data as NumberCheck[]);
        else if (chunk.type === 'data-tool' && chunk.data) {
          const { order, ...call } = chunk.data as ToolCallRecord & { order: number };
          events.onTool(call, order);
        }
        else if (chunk.type === 'data-notice' && (chunk.data as { code?: unknown } | undefined)?.code === 'provider-unavailable') events.onProviderUnavailable?.();
        else if (chunk.type === 'text-delta' && chunk.delta) events.onDelta(chunk.delta);
        else if (chunk.type === 'error') outcome = 'trouble';
        else if (chunk.type === 'finish') outcome = 'done';
      }
    }
  } catch {
    return signal.aborted ? 'stopped' : 'trouble';
  }
  return outcome;
}
