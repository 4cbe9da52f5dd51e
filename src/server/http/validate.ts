import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Field-level messages for a failed parse: `[{ field: 'email', message: '…' }]`. */
export function fieldErrors(error: z.ZodError) {
  return error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

/**
 * Reads and validates a JSON body with a shared `core` schema. Malformed JSON and
 * invalid fields both answer 400 VALIDATION_FAILED, before anything is written.
 */
export async function parseJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: '', message: 'Malformed JSON body' }] });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw new AppError('VALIDATION_FAILED', { details: fieldErrors(result.error) });
  return result.data;
}
