import { z } from 'zod';
import { LANGUAGES } from '../i18n/language.ts';
import { LONG_TEXT_MAX, safeText } from '../security/validate.ts';

/** A founder's question to the mentor: the product's long-text limit (10000 characters). */
export const MESSAGE_MAX = LONG_TEXT_MAX;

export const ChatInput = z
  .object({
    conversationId: z.uuid().optional(),
    message: safeText(MESSAGE_MAX),
    /** The UI language: the mentor answers in it (docs/mentor.md#where-answers-come-from). */
    language: z.enum(LANGUAGES).optional(),
    /** Retry of a failed answer: the last user message is answered again, not stored twice. */
    retry: z.boolean().optional(),
  })
  .strict();
export type ChatInput = z.infer<typeof ChatInput>;

export const ConsentInput = z.object({ granted: z.boolean() }).strict();

export const AnalyseInput = z.object({ language: z.enum(LANGUAGES).optional() }).strict();

/**
 * Analysing a conversation in which the founder has said nothing yet (none, or only files
 * shared): 400 VALIDATION_FAILED with this message on `conversationId`; the UI says it in
 * the founder's language ('No conversation to analyse', docs/product.md#toasts).
 */
export const NO_CONVERSATION_TO_ANALYSE = 'No conversation to analyse';

/** The five AI context types, in the order of docs/product.md#values. */
export const CONTEXT_TYPES = ['goals-strategy', 'hypotheses-results', 'metrics-financials', 'learnings', 'challenges'] as const;
export type ContextType = (typeof CONTEXT_TYPES)[number];

export const ContextEntryFields = z.object({
  type: z.enum(CONTEXT_TYPES, { message: 'validation:context.type' }),
  description: safeText(),
});
export const ContextEntryPatch = ContextEntryFields.partial().strict();

/** Titles are the first words of the first question, within the product's title limit. */
export const CONVERSATION_TITLE_MAX = 200;
export function conversationTitle(firstMessage: string): string {
  const oneLine = firstMessage.replace(/\s+/g, ' ').trim();
  const short = oneLine.length > 60 ? `${oneLine.slice(0, 60).replace(/\s+\S*$/, '')}…` : oneLine;
  return short.slice(0, CONVERSATION_TITLE_MAX);
}

/** The form fields beside files sent into a conversation: the answer's language. */
export const ConversationFilesFields = z.object({ language: z.enum(LANGUAGES).optional() });
