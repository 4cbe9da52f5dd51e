import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { FILE_MESSAGES } from '../../../core/security/files.ts';
import { stripImageMetadata } from '../../../core/security/image-metadata.ts';
import { checkFeedbackImages, FEEDBACK_IMAGE_BYTES, FEEDBACK_IMAGES_MAX, FeedbackInput } from '../../../core/feedback/feedback-schema.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { checkBody, parseJsonBody } from '../../http/validate.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { createFeedback, type Feedback, getFeedback, imageUrl, listFeedback } from './service.ts';
import { documented, readsBody } from '../../http/route-doc.ts';

/**
 * Room for one image too many, each at the size limit, so that a sixth image or an
 * oversized one is reported by name ('Invalid files'); a body beyond it is refused whole.
 */
export const FEEDBACK_BODY_LIMIT = (FEEDBACK_IMAGES_MAX + 1) * FEEDBACK_IMAGE_BYTES + 1024 * 1024;

const feedbackBodyLimit = bodyLimit({
  maxSize: FEEDBACK_BODY_LIMIT,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE');
  },
});

/** The text fields and the images of a multipart feedback form (`sections` may repeat). */
async function readForm(c: Context<AppBindings>) {
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: '', message: 'validation:request.malformedForm' }] });
  }
  const fields: Record<string, unknown> = {};
  for (const name of new Set(form.keys())) {
    if (name === 'images') continue;
    const values = form.getAll(name).filter((value) => typeof value === 'string');
    fields[name] = name === 'sections' ? values : values[0];
  }
  const images = await Promise.all(
    form
      .getAll('images')
      .filter((value): value is File => typeof value !== 'string')
      .map(async (file) => ({ name: file.name, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()) })),
  );
  return { fields, images };
}

/** GET /api/feedback: the founder's feedback, newest first. */
export type FeedbackList = { feedback: Feedback[] };

/** Feedback (docs/weekly-rhythm.md#feedback): send one (multipart with images, or JSON), list and read one's own. */
export const feedbackRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'The founder’s feedback, newest first, with its status and images', tag: 'feedback' }), async (c) =>
    c.json({ feedback: await listFeedback(c.get('deps').db, c.get('user').id) } satisfies FeedbackList),
  )
  .post(
    '/',
    documented({
      summary:
        'Send feedback (multipart: type, content, sections (repeated), page, appVersion, images ≤ 5 PNG/JPEG < 5 MB; or JSON without images); any refused image refuses it all',
      tag: 'feedback',
    }),
    readsBody({ 'application/json': FeedbackInput, 'multipart/form-data': FeedbackInput }),
    rateLimit('fileUpload'),
    feedbackBodyLimit,
    async (c) => {
      const multipart = (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
      const form = multipart ? await readForm(c) : null;
      const input = form ? await checkBody(c, form.fields, FeedbackInput) : await parseJsonBody(c, FeedbackInput);
      const images = form?.images ?? [];
      const checked = checkFeedbackImages(images);
      // Stored without their EXIF, GPS and XMP (decision 247); one that is not a well-formed image is refused.
      const accepted = checked.accepted.map((image) => ({ ...image, bytes: stripImageMetadata(image.bytes, image.mediaType) }));
      const refused = [...checked.refused, ...accepted.filter((image) => image.bytes === null).map((image) => ({ name: image.name, message: FILE_MESSAGES.type }))];
      if (refused.length > 0) {
        throw new AppError('VALIDATION_FAILED', { details: refused.map((problem) => ({ field: 'images', message: problem.message, file: problem.name })) });
      }
      const deps = c.get('deps');
      const created = await createFeedback(deps.db, storageFor(deps), c.get('user').id, {
        ...input,
        userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
        images: accepted.map((image) => ({ ...image, bytes: image.bytes as Uint8Array })),
      });
      return c.json(created, 201);
    },
  )
  .get('/:id', documented({ summary: 'One piece of the founder’s feedback', tag: 'feedback' }), async (c) =>
    c.json(await getFeedback(c.get('deps').db, c.get('user').id, c.req.param('id'))),
  )
  .get('/:id/images/:imageId', documented({ summary: 'Redirect to a 60-second signed download of one image (owner only)', tag: 'feedback' }), async (c) => {
    const deps = c.get('deps');
    return c.redirect(await imageUrl(deps.db, storageFor(deps), c.get('user').id, c.req.param('id'), c.req.param('imageId')), 302);
  });
