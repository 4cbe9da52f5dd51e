import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { CheckedImage, FeedbackInput, FeedbackSection, FeedbackStatus, FeedbackType } from '../../../core/feedback/feedback-schema.ts';
import type { FileToCheck } from '../../../core/security/files.ts';
import type { Database } from '../../db/client.ts';
import { firstReplyDue } from '../../../core/admin/admin-operations.ts';
import { feedback, feedbackImages, feedbackReplies, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { assertUuid } from '../../platform/ids.ts';
import { SIGNED_URL_SECONDS, type StorageDriver } from '../../storage/storage.ts';
import { ownedRow } from '../../platform/owned-row.ts';

/** Founders' feedback and its images (docs/weekly-rhythm.md#feedback); every query is filtered by the owner. */

type FeedbackRow = typeof feedback.$inferSelect;
type ImageRow = typeof feedbackImages.$inferSelect;
type ReplyRow = { feedbackId: string; body: string; createdAt: Date };

function toFeedback(row: FeedbackRow, images: ImageRow[], replies: ReplyRow[]) {
  return {
    id: row.id,
    type: row.type as FeedbackType,
    content: row.content,
    sections: row.sections as FeedbackSection[],
    page: row.page,
    status: row.status as FeedbackStatus,
    createdAt: row.createdAt,
    /** Priority support (decision 273): when the first answer is due, and the answers so far. */
    priority: row.priority,
    firstReplyDueAt: row.firstReplyDueAt,
    replies: replies.filter((reply) => reply.feedbackId === row.id).map((reply) => ({ body: reply.body, createdAt: reply.createdAt })),
    images: images
      .filter((image) => image.feedbackId === row.id)
      .map((image) => ({ id: image.id, name: image.name, mediaType: image.mediaType, sizeBytes: image.sizeBytes })),
  };
}
export type Feedback = ReturnType<typeof toFeedback>;

async function imagesOf(db: Database, feedbackIds: string[]) {
  if (feedbackIds.length === 0) return [];
  return db.select().from(feedbackImages).where(inArray(feedbackImages.feedbackId, feedbackIds)).orderBy(feedbackImages.position);
}

/** The admins' answers (never their internal notes), oldest first. */
async function repliesOf(db: Database, feedbackIds: string[]): Promise<ReplyRow[]> {
  if (feedbackIds.length === 0) return [];
  return db
    .select({ feedbackId: feedbackReplies.feedbackId, body: feedbackReplies.body, createdAt: feedbackReplies.createdAt })
    .from(feedbackReplies)
    .where(inArray(feedbackReplies.feedbackId, feedbackIds))
    .orderBy(asc(feedbackReplies.createdAt));
}

const findOwnFeedback = (db: Database, userId: string, id: string) => ownedRow(db, feedback, id, userId);

export async function listFeedback(db: Database, userId: string) {
  const rows = await db.select().from(feedback).where(eq(feedback.userId, userId)).orderBy(desc(feedback.createdAt));
  const ids = rows.map((row) => row.id);
  const [images, replies] = await Promise.all([imagesOf(db, ids), repliesOf(db, ids)]);
  return rows.map((row) => toFeedback(row, images, replies));
}

export async function getFeedback(db: Database, userId: string, id: string) {
  const row = await findOwnFeedback(db, userId, id);
  const [images, replies] = await Promise.all([imagesOf(db, [id]), repliesOf(db, [id])]);
  return toFeedback(row, images, replies);
}

/**
 * Stores the images' bytes, then the feedback and its image rows in one transaction; the
 * bytes of a failed transaction are removed again, so nothing is left half-sent.
 */
export async function createFeedback(
  db: Database,
  storage: StorageDriver,
  userId: string,
  input: FeedbackInput & { userAgent: string | null; images: CheckedImage<FileToCheck>[] },
): Promise<Feedback> {
  const feedbackId = crypto.randomUUID();
  const rows: (typeof feedbackImages.$inferInsert)[] = [];
  try {
    for (const [position, image] of input.images.entries()) {
      const id = crypto.randomUUID();
      const storageKey = `feedback/${userId}/${feedbackId}/${id}`;
      await storage.put(storageKey, image.bytes, image.mediaType);
      rows.push({ id, feedbackId, userId, position, name: image.name.trim(), mediaType: image.mediaType, sizeBytes: image.bytes.byteLength, storageKey });
    }
    await db.transaction(async (tx) => {
      // Priority comes from the founder's plan when sending, never from the form (decision 273).
      const [founder] = await tx.select({ tier: users.userTier }).from(users).where(eq(users.id, userId));
      const priority = founder?.tier === 2;
      const now = new Date();
      await tx.insert(feedback).values({
        priority,
        firstReplyDueAt: priority ? firstReplyDue(now) : null,
        createdAt: now,
        updatedAt: now,
        id: feedbackId,
        userId,
        type: input.type,
        content: input.content,
        sections: input.sections,
        page: input.page,
        appVersion: input.appVersion,
        userAgent: input.userAgent,
      });
      if (rows.length > 0) await tx.insert(feedbackImages).values(rows);
    });
  } catch (error) {
    await Promise.all(rows.map((row) => storage.delete(row.storageKey).catch(() => undefined)));
    throw error;
  }
  return getFeedback(db, userId, feedbackId);
}

/** A short-lived link to one image, made only for its owner (another founder gets 404). */
export async function imageUrl(db: Database, storage: StorageDriver, userId: string, feedbackId: string, imageId: string) {
  assertUuid(imageId);
  await findOwnFeedback(db, userId, feedbackId);
  const [image] = await db
    .select()
    .from(feedbackImages)
    .where(and(eq(feedbackImages.id, imageId), eq(feedbackImages.feedbackId, feedbackId), eq(feedbackImages.userId, userId)))
    .limit(1);
  if (!image) throw new AppError('NOT_FOUND');
  return storage.signedUrl(image.storageKey, { fileName: image.name, mediaType: image.mediaType, expiresInSeconds: SIGNED_URL_SECONDS, ownerId: userId });
}
