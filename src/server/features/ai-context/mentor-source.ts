import { desc, eq } from 'drizzle-orm';
import { numbersIn } from '../../../core/mentor/number-check.ts';
import { aiContextEntries, aiContextFiles } from '../../db/schema/index.ts';
import type { ContextEntryFacts, ContextSource } from '../../ai/context/types.ts';

/** Each entry's file text is capped so one huge CSV cannot crowd out everything else. */
export const ENTRY_FILE_TEXT_MAX = 6000;

/** The founder's AI context entries (docs/product.md#ai-context), with the text extracted from their files. */
export const contextEntriesSource: ContextSource = {
  name: 'context-entries',
  async load({ db, userId }) {
    const [entries, files] = await Promise.all([
      db.select().from(aiContextEntries).where(eq(aiContextEntries.userId, userId)).orderBy(desc(aiContextEntries.updatedAt)),
      db
        .select({ entryId: aiContextFiles.entryId, name: aiContextFiles.name, text: aiContextFiles.extractedText })
        .from(aiContextFiles)
        .where(eq(aiContextFiles.userId, userId))
        .orderBy(aiContextFiles.createdAt),
    ]);
    const facts: ContextEntryFacts[] = entries.map((entry) => {
      const fileText = files
        .filter((file) => file.entryId === entry.id && file.text)
        .map((file) => `[${file.name}]\n${file.text}`)
        .join('\n\n')
        .slice(0, ENTRY_FILE_TEXT_MAX);
      return { id: entry.id, type: entry.type, description: entry.description, fileText };
    });
    return {
      chunks: facts.map((fact, index) => {
        const text = fact.fileText ? `${fact.description}\n${fact.fileText}` : fact.description;
        return {
          id: `context-entry:${fact.id}`,
          source: 'context-entries',
          title: `Context note (${fact.type})`,
          text,
          updatedAt: entries[index]?.updatedAt,
          numbers: numbersIn(text, 'note', fact.type),
        };
      }),
      facts: { contextEntries: facts },
    };
  },
};
