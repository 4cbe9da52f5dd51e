import { and, asc, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { receivesEmail } from '../../../core/account/account-status.ts';
import { isLanguage } from '../../../core/i18n/language.ts';
import type { AppDeps } from '../../http/context.ts';
import { adminEmail } from '../../mail/admin-emails.ts';
import type { AdminFeedbackQuery } from '../../../core/admin/admin-feedback.ts';
import type { FeedbackStatus } from '../../../core/feedback/feedback-schema.ts';
import type { Database } from '../../db/client.ts';
import { authUsers, feedback, feedbackImages, feedbackNotes, feedbackReplies, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/app-error.ts';
import { assertUuid } from '../../platform/ids.ts';
import { SIGNED_URL_SECONDS, type StorageDriver } from '../../storage/storage.ts';

/**
 * The feedback inbox (decision 203): every founder's submissions with the founder, page,
 * version, images and the admins' internal notes; the admin moves the status, which the
 * founder sees beside their message. Premium founders' items come first, with their
 * first-reply target and whether it has passed (decision 273).
 */
export async function feedbackInbox(db: Database, query: AdminFeedbackQuery, now = new Date()) {
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
      priority: feedback.priority,
      firstReplyDueAt: feedback.firstReplyDueAt,
      firstRepliedAt: feedback.firstRepliedAt,
      createdAt: feedback.createdAt,
      updatedAt: feedback.updatedAt,
      founder: { id: users.id, email: users.email, fullName: users.fullName },
    })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(desc(feedback.priority), desc(feedback.createdAt), desc(feedback.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await db.select({ total: count() }).from(feedback).where(where);
  const ids = rows.map((row) => row.id);
  const [images, notes, replies] =
    ids.length === 0
      ? [[], [], []]
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
          db
            .select({ id: feedbackReplies.id, feedbackId: feedbackReplies.feedbackId, authorId: feedbackReplies.authorId, authorEmail: users.email, body: feedbackReplies.body, createdAt: feedbackReplies.createdAt })
            .from(feedbackReplies)
            .leftJoin(users, eq(users.id, feedbackReplies.authorId))
            .where(inArray(feedbackReplies.feedbackId, ids))
            .orderBy(asc(feedbackReplies.createdAt)),
        ]);
  return {
    feedback: rows.map((row) => ({
      ...row,
      // A priority item still waiting for its first answer past the target (decision 273).
      overdue: row.priority && !row.firstRepliedAt && row.firstReplyDueAt !== null && row.firstReplyDueAt.getTime() < now.getTime(),
      replies: replies.filter((reply) => reply.feedbackId === row.id),
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

/**
 * An admin answers a feedback item (decision 273): the founder sees it beside their message
 * and gets it by e-mail, in their language; the first answer stops the first-reply clock.
 */
export async function replyToFeedback(deps: Pick<AppDeps, 'db' | 'env' | 'mailer'>, id: string, authorId: string, body: string, now = new Date()) {
  const { db } = deps;
  await existing(db, id);
  const reply = await db.transaction(async (tx) => {
    const [saved] = await tx.insert(feedbackReplies).values({ feedbackId: id, authorId, body, createdAt: now }).returning();
    await tx.update(feedback).set({ firstRepliedAt: now, updatedAt: now }).where(and(eq(feedback.id, id), isNull(feedback.firstRepliedAt)));
    return saved!;
  });
  const [founder] = await db
    .select({ email: authUsers.email, status: users.status, language: users.preferredLanguage, message: feedback.content })
    .from(feedback)
    .innerJoin(users, eq(users.id, feedback.userId))
    .innerJoin(authUsers, eq(authUsers.id, users.id))
    .where(eq(feedback.id, id))
    .limit(1);
  if (founder && receivesEmail(founder.status)) {
    const language = isLanguage(founder.language) ? founder.language : 'en';
    await deps.mailer.send(await adminEmail('feedback-reply', { to: founder.email, link: `${deps.env.appUrl}/profile#feedback-history`, language, reply: body, message: founder.message }));
  }
  return reply;
}
