import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { AdminFeedbackQuery } from '../../../core/admin/admin-feedback.ts';
import type { FeedbackStatus } from '../../../core/feedback/feedback-schema.ts';
import type { Database } from '../../db/client.ts';
import { feedback, feedbackImages, feedbackNotes, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { assertUuid } from '../../platform/ids.ts';
import { SIGNED_URL_SECONDS, type StorageDriver } from '../../storage/storage.ts';

/**
 * The feedback inbox (decision 203): every founder's submissions with the founder, page,
 * version, images and the admins' internal notes; the admin moves the status, which the
 * founder sees beside their message.
 */
export async function feedbackInbox(db: Database, query: AdminFeedbackQuery) {
  const where = and(query.status ? eq(feedback.status, query.status) : undefined, query.type ? eq(feedback.type, query.type) : undefined);
  const rows = await db
    .select({
      id: feedback.id,
      type: feedback.type,
      content: feedback.content,
      sections: feedback.sections,
      page: feedback.page,
      appVersion: feedback.appVersion,
      userAgent: feedback.userAgent,
      status: feedback.status,
      createdAt: feedback.createdAt,
      updatedAt: feedback.updatedAt,
      founder: { id: users.id, email: users.email, fullName: users.fullName },
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ total: count() }).from(feedback).where(where);
  const ids = rows.map((row) => row.id);
  const [images, notes] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select({ id: feedbackImages.id, feedbackId: feedbackImages.feedbackId, name: feedbackImages.name, mediaType: feedbackImages.mediaType, sizeBytes: feedbackImages.sizeBytes })
            .from(feedbackImages)
            .where(inArray(feedbackImages.feedbackId, ids))
            .orderBy(feedbackImages.position),
          db
            .select({ id: feedbackNotes.id, feedbackId: feedbackNotes.feedbackId, authorId: feedbackNotes.authorId, authorEmail: users.email, body: feedbackNotes.body, createdAt: feedbackNotes.createdAt })
            .from(feedbackNotes)
            .leftJoin(users, eq(users.id, feedbackNotes.authorId))
            .where(inArray(feedbackNotes.feedbackId, ids))
            .orderBy(asc(feedbackNotes.createdAt)),
        ]);
  return {
    feedback: rows.map((row) => ({
      ...row,
      images: images.filter((image) => image.feedbackId === row.id),
      notes: notes.filter((note) => note.feedbackId === row.id),
    })),
    total: total?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}
/** GET /api/admin/feedback. */
export type FeedbackInbox = Awaited<ReturnType<typeof feedbackInbox>>;

async function existing(db: Database, id: string) {
  assertUuid(id);
  const [row] = await db.select({ id: feedback.id, status: feedback.status }).from(feedback).where(eq(feedback.id, id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Moves a submission to a status; false when it already had it (nothing written). */
export async function setFeedbackStatus(db: Database, id: string, status: FeedbackStatus): Promise<boolean> {
  const row = await existing(db, id);
  if (row.status === status) return false;
  await db.update(feedback).set({ status, updatedAt: new Date() }).where(eq(feedback.id, id));
  return true;
}

export async function addFeedbackNote(db: Database, id: string, authorId: string, body: string) {
  await existing(db, id);
  const [note] = await db.insert(feedbackNotes).values({ feedbackId: id, authorId, body }).returning();
  return note!;
}

/** A short-lived link to a submission's image for the admin who asked (the ticket is theirs). */
export async function inboxImageUrl(db: Database, storage: StorageDriver, adminId: string, feedbackId: string, imageId: string) {
  assertUuid(feedbackId);
  assertUuid(imageId);
  const [image] = await db
    .select()
    .from(feedbackImages)
    .where(and(eq(feedbackImages.id, imageId), eq(feedbackImages.feedbackId, feedbackId)))
    .limit(1);
  if (!image) throw new AppError('NOT_FOUND');
  return storage.signedUrl(image.storageKey, { fileName: image.name, mediaType: image.mediaType, expiresInSeconds: SIGNED_URL_SECONDS, ownerId: adminId });
}
