import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ContextEntryFields, ContextEntryPatch } from '../../../core/mentor/mentor-schema.ts';
import { findBlockedPatternDeep } from '../../../core/security/blocked-patterns.ts';
import { fileSizeMessage } from '../../../core/security/files.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { type FormPart, MalformedFormError, readMultipart } from '../../http/multipart.ts';
import { fieldErrors, parseJsonBody, safeParseKeyed } from '../../http/validate.ts';
import { storageFor } from '../../storage/storage-for.ts';
import { CONTEXT_TOTAL_BYTES, type IncomingFile } from './files.ts';
import { type ContextEntry, createEntry, deleteEntry, fileDownloadUrl, listEntries, updateEntry } from './service.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { documented, readsBody } from '../../http/route-doc.ts';

/**
 * Uploads may carry up to twice the per-entry total, so that files over it can be
 * reported as skipped while the rest are kept; a body beyond that is refused whole (413).
 */
export const UPLOAD_BODY_LIMIT = 2 * CONTEXT_TOTAL_BYTES + 1024 * 1024;

/** Shared with the mentor's chat upload, which stores its files as an AI context entry. */
export const uploadLimit = bodyLimit({
  maxSize: UPLOAD_BODY_LIMIT,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', { message: fileSizeMessage(CONTEXT_TOTAL_BYTES) });
  },
});

export const isMultipart = (c: Context<AppBindings>) => (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/** Reads a multipart form: its text fields (checked like JSON bodies) and its files. */
export async function parseForm<T extends z.ZodType>(c: Context<AppBindings>, schema: T) {
  let parts: FormPart[];
  try {
    parts = await readMultipart(c.req.raw);
  } catch (error) {
    if (!(error instanceof MalformedFormError)) throw error;
    throw new AppError('VALIDATION_FAILED', { details: [{ field: '', message: 'validation:request.malformedForm' }] });
  }
  // The first text value of each field's name (no prototype: a field may be named `__proto__`).
  const fields: Record<string, string> = Object.create(null);
  for (const part of parts) {
    if ('value' in part && part.name !== 'files' && part.name !== 'removeFileIds' && !(part.name in fields)) fields[part.name] = part.value;
  }
  const blocked = findBlockedPatternDeep(fields);
  if (blocked) throw new AppError('SECURITY_VIOLATION', { details: [{ field: blocked.path, message: 'validation:request.securityViolation' }] });
  const parsed = safeParseKeyed(schema, fields);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', { details: fieldErrors(parsed.error) });
  const files: IncomingFile[] = parts.flatMap((part) => (part.name === 'files' && 'file' in part ? [{ ...part.file, size: part.file.bytes.byteLength }] : []));
  const removeFileIds = parts.flatMap((part) => (part.name === 'removeFileIds' && 'value' in part ? [part.value] : []));
  return { fields: parsed.data as z.infer<T>, files, removeFileIds };
}

const storage = (c: Context<AppBindings>) => storageFor(c.get('deps'));
const extract = (c: Context<AppBindings>) => ({ timeLimitMs: c.get('deps').env.fileTextTimeLimitMs });

/** GET /api/context: the founder's entries, newest first. */
export type ContextEntries = { entries: ContextEntry[] };

/** AI context entries (docs/mentor.md). */
export const contextRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'The founder’s AI context entries', tag: 'ai' }), async (c) => c.json({ entries: await listEntries(c.get('deps').db, c.get('user').id) } satisfies ContextEntries))
  .post(
    '/',
    documented({ summary: 'Add an entry (multipart: type, description, files; or JSON without files)', tag: 'ai' }),
    readsBody({ 'application/json': ContextEntryFields, 'multipart/form-data': ContextEntryFields }),
    rateLimit('fileUpload'),
    uploadLimit,
    async (c) => {
      const { fields, files } = isMultipart(c) ? await parseForm(c, ContextEntryFields) : { fields: await parseJsonBody(c, ContextEntryFields), files: [] };
      const result = await createEntry(c.get('deps').db, storage(c), c.get('user').id, { ...fields, files }, extract(c));
      return c.json(result, 201);
    },
  )
  .patch(
    '/:id',
    documented({ summary: 'Edit an entry, add or remove files', tag: 'ai' }),
    readsBody({ 'application/json': ContextEntryPatch, 'multipart/form-data': ContextEntryPatch }),
    rateLimit('fileUpload'),
    uploadLimit,
    async (c) => {
      const input = isMultipart(c) ? await parseForm(c, ContextEntryPatch) : { fields: await parseJsonBody(c, ContextEntryPatch), files: [], removeFileIds: [] };
      const changes = { ...input.fields, files: input.files, removeFileIds: input.removeFileIds };
      const result = await updateEntry(c.get('deps').db, storage(c), c.get('user').id, c.req.param('id'), changes, extract(c));
      return c.json(result);
    },
  )
  .delete('/:id', documented({ summary: 'Delete an entry and its files', tag: 'ai' }), async (c) => {
    await deleteEntry(c.get('deps').db, storage(c), c.get('user').id, c.req.param('id'));
    return c.body(null, 204);
  })
  .get('/:id/files/:fileId', documented({ summary: 'Redirect to a 60-second signed download (owner only)', tag: 'ai' }), async (c) => {
    const url = await fileDownloadUrl(c.get('deps').db, storage(c), c.get('user').id, c.req.param('id'), c.req.param('fileId'));
    return c.redirect(url, 302);
  });
