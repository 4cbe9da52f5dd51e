import type { Context } from 'hono';
import type { AppBindings } from './context.ts';
import type { z } from 'zod';
import { findBlockedPatternDeep } from '../../core/security/blocked-patterns.ts';
import { normalizeCharactersDeep } from '../../core/security/sanitize.ts';
import { isJsonContentType, unsupportedMediaType } from './content-type.ts';
import { recordSecurityEvent, requestContext } from '../platform/audit.ts';
import { KEYED, keyedIssues } from '../../core/validation/issues.ts';
import { AppError } from '../platform/app-error.ts';
import { clientAddress } from './client-address.ts';

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Field-level messages for a failed parse: `[{ field: 'email', message: 'validation:email' }]`,
 * with the params a message names. The message is a schema's key (decision 236); AppError
 * answers it as its English text with the key beside it.
 */
export function fieldErrors(error: z.ZodError) {
  return keyedIssues(error).map(({ path, key, params }) => ({ field: path, message: key, ...(params ? { params } : {}) }));
}

/** Parses with the shared schema, zod's own messages given as keys too. */
export function safeParseKeyed<T extends z.ZodType>(schema: T, input: unknown) {
  return schema.safeParse(input, KEYED);
}

/** The query string, validated like a body: 400 VALIDATION_FAILED naming the fields. */
export function parseQuery<T extends z.ZodType>(c: Context<AppBindings>, schema: T): z.infer<T> {
  return parsed(schema, normalizeCharactersDeep(c.req.query()));
}

/** The path's parameters, validated like a body: 400 VALIDATION_FAILED naming the fields. */
export function parseParams<T extends z.ZodType>(c: Context<AppBindings>, schema: T): z.infer<T> {
  return parsed(schema, normalizeCharactersDeep(c.req.param()));
}

function parsed<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = safeParseKeyed(schema, input);
  if (!result.success) throw new AppError('VALIDATION_FAILED', { details: fieldErrors(result.error) });
  return result.data;
}

/**
 * Reads and validates a JSON body with a shared `core` schema. Malformed JSON and
 * invalid fields answer 400 VALIDATION_FAILED before anything is written. A string
 * that still carries a blocked pattern (script tag, javascript: URI, inline handler…)
 * was not sent by our forms, which sanitise first: the whole request is refused with
 * 400 SECURITY_VIOLATION (docs/product.md#sanitising).
 */
export async function parseJsonBody<T extends z.ZodType>(c: Context<AppBindings>, schema: T): Promise<z.infer<T>> {
  // A form-like body is the cross-site "simple request": JSON routes read JSON only (decision 245).
  if (!isJsonContentType(c.req.header('content-type'))) throw unsupportedMediaType();
  let text: string;
  try {
    // Strict: bytes that are not UTF-8 are refused, not stored as replacement characters.
    text = STRICT_UTF8.decode(await c.req.arrayBuffer());
  } catch {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: '', message: 'validation:request.notUtf8' }] });
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: '', message: 'Malformed JSON body' }] });
  }
  return checkBody(c, body, schema);
}

/**
 * Validates fields already read from a request (a JSON body, a multipart form's text
 * fields) as parseJsonBody does: a blocked pattern is audited and refused with 400
 * SECURITY_VIOLATION, a bad field with 400 VALIDATION_FAILED; every string reaches the schema
 * with its non-printable characters dropped (normalizeCharactersDeep).
 */
export async function checkBody<T extends z.ZodType>(c: Context<AppBindings>, raw: unknown, schema: T): Promise<z.infer<T>> {
  const blocked = findBlockedPatternDeep(raw);
  if (blocked) {
    const where = blocked.path || 'body';
    // Audited (at most 10 rows per source in 5 minutes: docs/product.md#rate-limits), then refused.
    const address = clientAddress(c);
    const userId = c.get('user')?.id ?? null;
    await recordSecurityEvent(c.get('deps'), `violation:${userId ?? address ?? 'unknown'}`, {
      action: 'security_violation',
      adminId: userId,
      targetUserId: userId,
      context: requestContext(c.req.raw, address),
      details: { path: c.req.path, method: c.req.method, field: where, pattern: blocked.pattern },
    });
    throw new AppError('SECURITY_VIOLATION', {
      message: `Security violation: disallowed pattern ${blocked.pattern} in ${where}`,
      details: [{ field: where, message: 'validation:request.securityViolation' }],
    });
  }
  // Every text, also those a schema keeps as typed (jsonb sections, scenario drafts), without
  // the characters no field may hold: a NUL or lone surrogate would fail in the database (500).
  return parsed(schema, normalizeCharactersDeep(raw));
}
