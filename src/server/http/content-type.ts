import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../platform/app-error.ts';
import type { AppBindings } from './context.ts';
import { isWriteMethod } from './rate-limit.ts';

/**
 * Which bodies the API reads (docs/decisions/245-request-encodings.md). A browser sends a
 * form-like body (`text/plain`, `application/x-www-form-urlencoded`, `multipart/form-data`,
 * or none labelled at all) from any page without asking first: the "simple request" that
 * only the same-origin check stood against. So JSON routes take `application/json` only,
 * a multipart form needs its boundary, and only the CSV import takes text.
 */
const JSON_TYPE = /^application\/json\s*(;\s*charset="?utf-8"?\s*)?$/i;
const MULTIPART_WITH_BOUNDARY = /^multipart\/form-data\s*;.*\bboundary=("[^"]+"|[^;\s]+)/i;

/** Whether the Content-Type names JSON in UTF-8 (the only charset a JSON body may have, RFC 8259). */
export function isJsonContentType(type: string | undefined | null): boolean {
  return JSON_TYPE.test((type ?? '').trim());
}

/** Whether the Content-Type is a multipart form with its boundary. */
export function isMultipartWithBoundary(type: string | undefined | null): boolean {
  return MULTIPART_WITH_BOUNDARY.test((type ?? '').trim());
}

/** The routes that read a multipart form (files) besides JSON. */
const MULTIPART_PATH = /^\/api\/(context(\/[^/]+)?|mentor\/conversations\/([^/]+\/)?files|feedback)$/;
/** The CSV import reads text (a spreadsheet's export, labelled text/csv or text/plain). */
const TEXT_PATH = /^\/api\/metrics\/import$/;
const TEXT_TYPE = /^text\/(csv|plain)\b/i;

/** 415 with the app's error body. */
export const unsupportedMediaType = () => new AppError('UNSUPPORTED_MEDIA_TYPE');

/**
 * A write request whose body is in an encoding its route does not read is refused before any
 * route runs (415): labelled so, or a body with no label. A request without a body (most POST
 * actions, DELETE) needs no type.
 */
export const requireReadableBody: MiddlewareHandler<AppBindings> = async (c, next) => {
  // Better Auth's routes answer in its own shape (http/auth-requests.ts applies the same rule).
  if (!isWriteMethod(c.req.method) || c.req.path.startsWith('/api/auth/')) return next();
  const type = c.req.header('content-type');
  if (type === undefined && !carriesBody(c)) return next();
  const path = c.req.path.replace(/(.)\/$/, '$1');
  const readable =
    isJsonContentType(type) ||
    (MULTIPART_PATH.test(path) && isMultipartWithBoundary(type)) ||
    (TEXT_PATH.test(path) && TEXT_TYPE.test(type ?? ''));
  if (readable) return next();
  throw unsupportedMediaType();
};

/**
 * Whether the request has a body (RFC 9112 §6.3): chunked, or a Content-Length above 0. The
 * Node adapter hands every POST a body stream, so its presence says nothing there; a request
 * built in-process (tests) has one only when it was given one.
 */
export function carriesBody(c: Context<AppBindings>): boolean {
  if (c.req.header('transfer-encoding') !== undefined) return true;
  const length = c.req.header('content-length');
  if (length !== undefined) return length.trim() !== '0';
  const fromNode = (c.env as { incoming?: unknown } | undefined)?.incoming !== undefined;
  return !fromNode && c.req.raw.body !== null;
}
