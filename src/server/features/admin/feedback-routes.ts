import { Hono } from 'hono';
import { AdminFeedbackQuery, FeedbackNoteInput, FeedbackStatusInput } from '../../../core/admin/admin-feedback.ts';
import type { AppBindings } from '../../http/context.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { addFeedbackNote, feedbackInbox, inboxImageUrl, replyToFeedback, setFeedbackStatus } from './feedback-inbox.ts';
import { FeedbackReplyInput } from '../../../core/admin/admin-operations.ts';
import { documented, jsonBody, queryOf } from '../../http/route-doc.ts';

/** /api/admin/feedback: the feedback inbox (mounted behind the admin check; decision 203). */
export const adminFeedbackRoutes = new Hono<AppBindings>()
  .get(
    '/',
    documented({ summary: 'Admin: the feedback inbox, Premium founders’ items (priority: true) first, then newest first, with founder, page, version, images, internal notes, answers and the first-reply target (?status, ?type, ?page, ?limit ≤ 100)', tag: 'admin' }),
    queryOf(AdminFeedbackQuery),
    async (c) => c.json(await feedbackInbox(c.get('deps').db, c.req.valid('query'))),
  )
  .put(
    '/:id/status',
    documented({ summary: 'Admin: move a feedback item to a status; the founder sees it beside their message', tag: 'admin' }),
    jsonBody(FeedbackStatusInput),
    async (c) => {
      const { status } = c.req.valid('json');
      const id = c.req.param('id');
      return c.json({ id, status, changed: await setFeedbackStatus(c.get('deps').db, id, status) });
    },
  )
  .post('/:id/notes', documented({ summary: 'Admin: add an internal note (never shown to the founder)', tag: 'admin' }), jsonBody(FeedbackNoteInput), async (c) => {
    const { body } = c.req.valid('json');
    return c.json(await addFeedbackNote(c.get('deps').db, c.req.param('id'), c.get('user').id, body), 201);
  })
  .post(
    '/:id/replies',
    documented({ summary: 'Admin: answer a feedback item; the founder sees it beside their message and gets it by e-mail → 201', tag: 'admin' }),
    jsonBody(FeedbackReplyInput),
    async (c) => {
      const { body } = c.req.valid('json');
      return c.json(await replyToFeedback(c.get('deps'), c.req.param('id'), c.get('user').id, body), 201);
    },
  )
  .get('/:id/images/:imageId', documented({ summary: 'Admin: redirect to a short-lived link to a feedback image', tag: 'admin' }), async (c) => {
    const deps = c.get('deps');
    return c.redirect(await inboxImageUrl(deps.db, storageFor(deps), c.get('user').id, c.req.param('id'), c.req.param('imageId')), 302);
  });
