import type { Language } from '../../../core/i18n/language.ts';
import { NO_CONVERSATION_TO_ANALYSE } from '../../../core/mentor/mentor-schema.ts';
import { cleanText } from '../../../core/security/sanitize.ts';
import { TEXT_MAX } from '../../../core/security/validate.ts';
import type { MentorModel } from '../../ai/provider.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { Logger } from '../../logger.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { createEntry, type SavedEntry } from '../ai-context/index.ts';
import { conversationMessages, findOwnedConversation } from './conversations.ts';

type Message = { role: 'user' | 'assistant'; content: string };

const HEADINGS: Record<Language, { title: (t: string) => string; asked: string; proposed: string }> = {
  en: { title: (t) => `Insights from the conversation "${t}"`, asked: 'What I asked:', proposed: 'Hypotheses the mentor proposed:' },
  'es-LA': { title: (t) => `Aprendizajes de la conversación "${t}"`, asked: 'Lo que pregunté:', proposed: 'Hipótesis que propuso el mentor:' },
};

/** Without a model: the questions asked and the hypotheses proposed, deterministically. */
export function offlineInsights(title: string, messages: Message[], language: Language): string {
  const h = HEADINGS[language];
  const questions = messages.filter((m) => m.role === 'user').map((m) => `- ${m.content.replace(/\s+/g, ' ').slice(0, 300)}`);
  const hypotheses = [
    ...new Set(messages.filter((m) => m.role === 'assistant').flatMap((m) => [...m.content.matchAll(/^\d+\.\s+\*\*(.+?)\*\*/gm)].map((match) => `- ${match[1]}`))),
  ];
  return [h.title(title), h.asked, ...questions, ...(hypotheses.length ? ['', h.proposed, ...hypotheses] : [])].join('\n');
}

async function modelInsights(model: MentorModel, title: string, messages: Message[], language: Language) {
  // The AI SDK loads with the first answer or draft, not at start (decision 304).
  const { generateText } = await import('ai');
  const { text } = await generateText({
    model: model.model,
    maxRetries: 0,
    timeout: model.timeoutMs * 2,
    instructions: `Summarise this founder's conversation with their mentor into 3-6 short insights and decisions worth remembering, as a bulleted list in ${language === 'en' ? 'English' : 'Latin-American Spanish (tú)'}. Start with the line: ${HEADINGS[language].title(title)}`,
    prompt: messages.map((m) => `${m.role === 'user' ? 'Founder' : 'Mentor'}: ${m.content}`).join('\n\n'),
  });
  return text;
}

/**
 * Analyse conversation (docs/mentor.md): turns a conversation into insights saved as an AI context
 * entry ('learnings'). With a model, the model summarises; if it fails, the offline summary
 * is saved instead, so the founder's click is never wasted.
 */
export async function analyseConversation(deps: { db: Database; storage: StorageDriver; logger: Logger; model: MentorModel | null; userId: string; language: Language }, conversationId: string): Promise<SavedEntry> {
  const conversation = await findOwnedConversation(deps.db, deps.userId, conversationId);
  // File notes ("📎 a.pdf") are no question asked; the files themselves are already context.
  const messages = (await conversationMessages(deps.db, conversation.id)).filter((m) => m.kind !== 'file');
  if (!messages.some((m) => m.role === 'user')) {
    throw new AppError('VALIDATION_FAILED', { message: NO_CONVERSATION_TO_ANALYSE, details: [{ field: 'conversationId', message: NO_CONVERSATION_TO_ANALYSE }] });
  }
  let insights = offlineInsights(conversation.title, messages, deps.language);
  if (deps.model) {
    try {
      insights = await modelInsights(deps.model, conversation.title, messages, deps.language);
    } catch (error) {
      deps.logger.warn({ err: error, conversationId }, 'conversation analysis by the model failed; saving the offline summary');
    }
  }
  const description = cleanText(insights).slice(0, TEXT_MAX);
  return createEntry(deps.db, deps.storage, deps.userId, { type: 'learnings', description, files: [], origin: 'conversation' });
}
