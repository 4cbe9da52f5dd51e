import { asc, eq } from 'drizzle-orm';
import { isLanguage, type Language } from '../../../core/i18n/language.ts';
import type { Database } from '../../db/client.ts';
import { aiContextEntries, aiContextFiles, authUsers, mentorConversations, mentorMessages, strategyVersions, tasks, users } from '../../db/schema/index.ts';
import { recordAuditEvent, type RequestContext } from '../../platform/audit.ts';
import { safeEntryName, type ZipEntry, zipStream } from '../../platform/zip.ts';
import type { StorageDriver } from '../../storage/storage.ts';
import { exportCsv } from '../metrics/index.ts';
import { exportReadme } from './export-readme.ts';

/**
 * "Download my data" (decision 196): one zip of everything the founder put into Rumbo,
 * read only by their own id. The rows are read first (they are text, and small); the
 * stored files are read one at a time while the zip is being sent, so memory holds one
 * file at most, whatever the founder uploaded.
 */
export type DataExportRequest = { userId: string; requestLanguage: Language; context: RequestContext };

const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);
const text = (value: string) => new TextEncoder().encode(value);

/** A file's name in the zip: its own name, with " (2)" before the extension when the entry already has one by that name. */
function uniqueName(taken: Set<string>, folder: string, name: string): string {
  const clean = safeEntryName(`${folder}/${name.replaceAll('/', '_').replaceAll('\\', '_') || 'file'}`);
  let candidate = clean;
  for (let n = 2; taken.has(candidate); n++) candidate = clean.replace(/(\.[^./]*)?$/, (extension) => ` (${n})${extension}`);
  taken.add(candidate);
  return candidate;
}

async function profileOf(db: Database, userId: string) {
  const [row] = await db
    .select({ profile: users, account: { email: authUsers.email, emailVerified: authUsers.emailVerified, name: authUsers.name, createdAt: authUsers.createdAt } })
    .from(users)
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  const { id: _id, status: _status, deletedAt: _deletedAt, ...profile } = row.profile;
  return { ...row.account, ...profile };
}

async function tasksOf(db: Database, userId: string) {
  const rows = await db.select().from(tasks).where(eq(tasks.userId, userId)).orderBy(asc(tasks.createdAt));
  return rows.map(({ userId: _userId, idempotencyKey: _key, ...task }) => task);
}

async function strategyOf(db: Database, userId: string) {
  const rows = await db.select().from(strategyVersions).where(eq(strategyVersions.userId, userId)).orderBy(asc(strategyVersions.version));
  return rows.map(({ id: _id, userId: _userId, ...version }) => version);
}

async function conversationsOf(db: Database, userId: string) {
  const conversations = await db.select().from(mentorConversations).where(eq(mentorConversations.userId, userId)).orderBy(asc(mentorConversations.createdAt));
  const messages = await db.select().from(mentorMessages).where(eq(mentorMessages.userId, userId)).orderBy(asc(mentorMessages.createdAt), asc(mentorMessages.id));
  return conversations.map(({ userId: _userId, ...conversation }) => ({
    ...conversation,
    messages: messages
      .filter((message) => message.conversationId === conversation.id)
      .map(({ userId: _userId, conversationId: _conversationId, ...message }) => message),
  }));
}

async function contextOf(db: Database, userId: string) {
  const entries = await db.select().from(aiContextEntries).where(eq(aiContextEntries.userId, userId)).orderBy(asc(aiContextEntries.createdAt));
  const files = await db.select().from(aiContextFiles).where(eq(aiContextFiles.userId, userId)).orderBy(asc(aiContextFiles.createdAt), asc(aiContextFiles.name), asc(aiContextFiles.id));
  return entries.map(({ userId: _userId, ...entry }) => ({ ...entry, files: files.filter((file) => file.entryId === entry.id) }));
}

/**
 * The founder's data as a zip stream, and the audit row saying it was taken. Null when the
 * account has no profile (it cannot be signed in then anyway).
 */
export async function exportAccountData(db: Database, storage: StorageDriver, request: DataExportRequest): Promise<ReadableStream<Uint8Array> | null> {
  const { userId } = request;
  const profile = await profileOf(db, userId);
  if (!profile) return null;
  const language = isLanguage(profile.preferredLanguage) ? profile.preferredLanguage : request.requestLanguage;
  const now = new Date();
  const [metricsCsv, taskRows, strategy, conversations, context] = await Promise.all([
    exportCsv(db, userId),
    tasksOf(db, userId),
    strategyOf(db, userId),
    conversationsOf(db, userId),
    contextOf(db, userId),
  ]);
  const fileCount = context.reduce((sum, entry) => sum + entry.files.length, 0);
  await recordAuditEvent(db, {
    action: 'account_data_exported',
    adminId: userId,
    targetUserId: userId,
    context: request.context,
    details: { weeks: Math.max(0, metricsCsv.trim().split('\n').length - 1), tasks: taskRows.length, strategyVersions: strategy.length, contextEntries: context.length, files: fileCount, conversations: conversations.length },
  }, now);

  async function* entries(): AsyncGenerator<ZipEntry> {
    const at = { modifiedAt: now };
    yield { name: 'README.txt', bytes: text(exportReadme(language, now)), ...at };
    yield { name: 'profile.json', bytes: json(profile), ...at };
    yield { name: 'metrics.csv', bytes: text(metricsCsv), ...at };
    yield { name: 'tasks.json', bytes: json(taskRows), ...at };
    yield { name: 'strategy-versions.json', bytes: json(strategy), ...at };
    yield { name: 'conversations.json', bytes: json(conversations), ...at };
    const taken = new Set<string>();
    const listed = [];
    for (const entry of context) {
      const files = [];
      for (const file of entry.files) {
        // One file in memory at a time; a file missing from storage is listed with no path.
        const object = await storage.get(file.storageKey);
        const path = object ? uniqueName(taken, `ai-context-files/${entry.id}`, file.name) : null;
        if (object && path) yield { name: path, bytes: object.bytes, modifiedAt: file.createdAt };
        files.push({ id: file.id, name: file.name, mediaType: file.mediaType, sizeBytes: file.sizeBytes, path, extractedText: file.extractedText, textNote: file.textNote, createdAt: file.createdAt });
      }
      listed.push({ ...entry, files });
    }
    yield { name: 'ai-context.json', bytes: json(listed), ...at };
  }
  return zipStream(entries());
}
