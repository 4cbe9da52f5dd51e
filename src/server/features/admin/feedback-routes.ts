import { Hono } from 'hono';
import { AdminFeedbackQuery, FeedbackNoteInput, FeedbackStatusInput } from '../../../core/admin/admin-feedback.ts';
import type { AppBindings } from '../../http/context.ts';
import { parseJsonBody, parseQuery } from '../../http/validate.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { addFeedbackNote, feedbackInbox, inboxImageUrl, setFeedbackStatus } from './feedback-inbox.ts';

/** /api/admin/feedback: the feedback inbox (mounted behind the admin check; decision 203). */
export const adminFeedbackRoutes = new Hono<AppBindings>()
  .get('/', async (c) => c.json(await feedbackInbox(c.get('deps').db, parseQuery(c, AdminFeedbackQuery))))
  .put('/:id/status', async (c) => {
    const { status } = await parseJsonBody(c, FeedbackStatusInput);
    const id = c.req.param('id');
    return c.json({ id, status, changed: await setFeedbackStatus(c.get('deps').db, id, status) });
  })
  .post('/:id/notes', async (c) => {
    const { body } = await parseJsonBody(c, FeedbackNoteInput);
    return c.json(await addFeedbackNote(c.get('deps').db, c.req.param('id'), c.get('user').id, body), 201);
  })
  .get('/:id/images/:imageId', async (c) => {
    const deps = c.get('deps');
    return c.redirect(await inboxImageUrl(deps.db, storageFor(deps), c.get('user').id, c.req.param('id'), c.req.param('imageId')), 302);
  });
