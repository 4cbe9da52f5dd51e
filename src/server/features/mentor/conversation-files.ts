import type { Language } from '../../../core/i18n/language.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/app-error.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import type { ExtractOptions } from '../../ai/context/extract-text.ts';
import { createEntry, type IncomingFile, readContextFiles } from '../ai-context/index.ts';
import { addMessage, createConversation, findOwnedConversation } from './conversations.ts';

const DESCRIPTION: Record<Language, (title: string) => string> = {
  en: (title) => `Files shared in the conversation "${title}"`,
  'es-LA': (title) => `Archivos compartidos en la conversación "${title}"`,
};

/** The conversation's note for an upload; language-neutral, the UI labels it. */
export const fileNote = (names: string[]) => `📎 ${names.join(', ')}`;

/**
 * File upload into a conversation (decision 090). The files go through the
 * AI context pipeline (docs/product.md#files: PDF, CSV or images, 10 MB in total, magic bytes,
 * text extraction) as one entry with origin `conversation` linked to the conversation, so
 * the mentor's next answer reads their text like any context note. The conversation gets a
 * short note so a reload shows the upload. Refused files are reported with the product's reason
 * and the rest kept; when every file is refused nothing is stored (400 with the reason).
 */
export async function addConversationFiles(
  deps: { db: Database; storage: StorageDriver; userId: string; language: Language; extract: ExtractOptions },
  conversationId: string | null,
  files: IncomingFile[],
) {
  const { db, userId } = deps;
  // Ownership first: another founder's conversation is a 404 whatever the files are.
  const existing = conversationId ? await findOwnedConversation(db, userId, conversationId) : null;
  if (files.length === 0) {
    throw new AppError('VALIDATION_FAILED', { message: 'Choose a file to upload', details: [{ field: 'files', message: 'validation:request.chooseFile' }] });
  }
  // Read before anything is stored: a file refused for its content counts as refused here too.
  const { read, skipped } = await readContextFiles(files, 0, deps.extract);
  if (read.length === 0) {
    throw new AppError('VALIDATION_FAILED', {
      message: skipped[0]!.message,
      details: skipped.map((file) => ({ field: 'files', message: file.message, name: file.name })),
    });
  }
  const names = read.map((file) => file.name.trim());
  // A conversation started by an upload is named after its files (plain text: titles show everywhere).
  const conversation = existing ?? (await createConversation(db, userId, names.join(', ')));
  const { entry } = await createEntry(
    db,
    deps.storage,
    userId,
    { type: 'learnings', description: DESCRIPTION[deps.language](conversation.title), files: read, origin: 'conversation', conversationId: conversation.id },
    deps.extract,
  );
  const message = await addMessage(db, { conversationId: conversation.id, userId, role: 'user', kind: 'file', content: fileNote(names) });
  return { conversation: { id: conversation.id, title: conversation.title }, message, entry, skipped };
}
/** POST /api/mentor/conversations/files and /api/mentor/conversations/:id/files. */
export type FilesUpload = Awaited<ReturnType<typeof addConversationFiles>>;
