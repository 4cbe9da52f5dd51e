import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ContextType } from '../../../core/mentor/mentor-schema.ts';
import type { ExtractOptions } from '../../ai/context/extract-text.ts';
import type { Database } from '../../db/client.ts';
import { aiContextEntries, aiContextFiles } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { SIGNED_URL_SECONDS, type StorageDriver } from '../../storage/storage.ts';
import { assertUuid } from '../../platform/ids.ts';
import { type IncomingFile, type ReadFile, readContextFiles, type SkippedFile } from './files.ts';
import { awardPoints, recordActivity, revokePoints } from '../gamification/index.ts';
import { ownedRow } from '../../platform/owned-row.ts';

/** AI context entries (docs/product.md#ai-context) and their files; every query is filtered by the owner. */

type EntryRow = typeof aiContextEntries.$inferSelect;
type FileRow = typeof aiContextFiles.$inferSelect;

function toEntry(entry: EntryRow, files: FileRow[]) {
  return {
    id: entry.id,
    type: entry.type,
    description: entry.description,
    origin: entry.origin,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
    files: files
      .filter((file) => file.entryId === entry.id)
      .map((file) => ({ id: file.id, name: file.name, mediaType: file.mediaType, sizeBytes: file.sizeBytes, hasText: Boolean(file.extractedText), textNote: file.textNote })),
  };
}
export type ContextEntry = ReturnType<typeof toEntry>;
/** What a create or an update answers: the entry as saved, and the files that were refused. */
export type SavedEntry = { entry: ContextEntry; skipped: SkippedFile[] };

const findOwnedEntry = (db: Database, userId: string, entryId: string) => ownedRow(db, aiContextEntries, entryId, userId);

async function entryFiles(db: Database, entryIds: string[]) {
  if (entryIds.length === 0) return [];
  return db.select().from(aiContextFiles).where(inArray(aiContextFiles.entryId, entryIds)).orderBy(aiContextFiles.createdAt);
}

export async function listEntries(db: Database, userId: string) {
  const entries = await db.select().from(aiContextEntries).where(eq(aiContextEntries.userId, userId)).orderBy(desc(aiContextEntries.createdAt));
  const files = await entryFiles(db, entries.map((entry) => entry.id));
  return entries.map((entry) => toEntry(entry, files));
}

/**
 * Stores the files' bytes (the rows follow in one transaction with the entry change), so a
 * failed upload leaves no half-made entry; bytes of a failed transaction are removed again.
 */
async function storeFiles(storage: StorageDriver, userId: string, entryId: string, files: ReadFile[]) {
  const rows = [];
  for (const file of files) {
    const id = crypto.randomUUID();
    const storageKey = `context/${userId}/${entryId}/${id}`;
    await storage.put(storageKey, file.bytes, file.mediaType);
    const { text, note } = file.extracted;
    rows.push({ id, entryId, userId, name: file.name.trim(), mediaType: file.mediaType, sizeBytes: file.bytes.byteLength, storageKey, extractedText: text, textNote: note ?? null });
  }
  return rows;
}

async function removeStored(storage: StorageDriver, keys: string[]) {
  await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
}

export async function createEntry(
  db: Database,
  storage: StorageDriver,
  userId: string,
  input: { type: ContextType; description: string; files: IncomingFile[]; origin?: 'manual' | 'conversation'; conversationId?: string },
  extract: ExtractOptions = {},
): Promise<SavedEntry> {
  const entryId = crypto.randomUUID();
  const { read, skipped } = await readContextFiles(input.files, 0, extract);
  const rows = await storeFiles(storage, userId, entryId, read);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(aiContextEntries).values({ id: entryId, userId, type: input.type, description: input.description, origin: input.origin ?? 'manual', conversationId: input.conversationId });
      if (rows.length > 0) await tx.insert(aiContextFiles).values(rows);
    });
  } catch (error) {
    await removeStored(storage, rows.map((row) => row.storageKey));
    throw error;
  }
  // +10 for adding context (docs/product.md#points), once per entry; saved conversation insights count too.
  await awardPoints(db, { userId, event: 'context-added', sourceId: entryId });
  await recordActivity(db, userId);
  const entry = await findOwnedEntry(db, userId, entryId);
  return { entry: toEntry(entry, await entryFiles(db, [entryId])), skipped };
}

export async function updateEntry(
  db: Database,
  storage: StorageDriver,
  userId: string,
  entryId: string,
  input: { type?: ContextType; description?: string; files?: IncomingFile[]; removeFileIds?: string[] },
  extract: ExtractOptions = {},
): Promise<SavedEntry> {
  await findOwnedEntry(db, userId, entryId);
  const current = await entryFiles(db, [entryId]);
  const removing = current.filter((file) => input.removeFileIds?.includes(file.id));
  const keptBytes = current.filter((file) => !removing.includes(file)).reduce((sum, file) => sum + file.sizeBytes, 0);
  const { read, skipped } = await readContextFiles(input.files ?? [], keptBytes, extract);
  const rows = await storeFiles(storage, userId, entryId, read);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(aiContextEntries)
        .set({ ...(input.type ? { type: input.type } : {}), ...(input.description ? { description: input.description } : {}), updatedAt: sql`now()` })
        .where(and(eq(aiContextEntries.id, entryId), eq(aiContextEntries.userId, userId)));
      if (removing.length > 0) await tx.delete(aiContextFiles).where(inArray(aiContextFiles.id, removing.map((file) => file.id)));
      if (rows.length > 0) await tx.insert(aiContextFiles).values(rows);
    });
  } catch (error) {
    await removeStored(storage, rows.map((row) => row.storageKey));
    throw error;
  }
  await removeStored(storage, removing.map((file) => file.storageKey));
  const entry = await findOwnedEntry(db, userId, entryId);
  return { entry: toEntry(entry, await entryFiles(db, [entryId])), skipped };
}

export async function deleteEntry(db: Database, storage: StorageDriver, userId: string, entryId: string) {
  await findOwnedEntry(db, userId, entryId);
  const files = await entryFiles(db, [entryId]);
  await db.delete(aiContextEntries).where(and(eq(aiContextEntries.id, entryId), eq(aiContextEntries.userId, userId)));
  await removeStored(storage, files.map((file) => file.storageKey));
  // Deleted the same day it was added: its points go too (docs/product.md#points).
  await revokePoints(db, { userId, event: 'context-added', sourceId: entryId });
}

/** A short-lived download link, made only for the file's owner (another founder gets 404). */
export async function fileDownloadUrl(db: Database, storage: StorageDriver, userId: string, entryId: string, fileId: string) {
  assertUuid(fileId);
  await findOwnedEntry(db, userId, entryId);
  const [file] = await db
    .select()
    .from(aiContextFiles)
    .where(and(eq(aiContextFiles.id, fileId), eq(aiContextFiles.entryId, entryId), eq(aiContextFiles.userId, userId)))
    .limit(1);
  if (!file) throw new AppError('NOT_FOUND');
  return storage.signedUrl(file.storageKey, { fileName: file.name, mediaType: file.mediaType, expiresInSeconds: SIGNED_URL_SECONDS, ownerId: userId });
}
