import { APIError } from 'better-auth/api';
import { findBlockedPattern } from '../../core/security/blocked-patterns.ts';
import { sanitize } from '../../core/security/sanitize.ts';
import { TITLE_MAX, VALIDATION_MESSAGES } from '../../core/security/validate.ts';
import { validationText } from '../../core/validation/english.ts';

/** The routes that can create an account with a name (password sign-up, magic-link sign-up). */
const NAMED_SIGN_UPS = new Set(['/sign-up/email', '/sign-in/magic-link']);

/**
 * The optional full name given at sign-up becomes the profile's `full_name`, so it gets
 * the same treatment as every profile write (docs/product.md#sanitising): a blocked
 * pattern refuses the request with SECURITY_VIOLATION, plain markup is stripped, and it
 * is at most a title's length. Returns the body to use, or null when there is no name.
 */
export function cleanSignUpName(path: string | undefined, body: unknown): Record<string, unknown> | null {
  if (!NAMED_SIGN_UPS.has(path ?? '') || typeof body !== 'object' || body === null) return null;
  const { name } = body as { name?: unknown };
  if (typeof name !== 'string') return null;
  const blocked = findBlockedPattern(name);
  if (blocked) {
    throw new APIError('BAD_REQUEST', { code: 'SECURITY_VIOLATION', message: `Security violation: disallowed pattern ${blocked} in name` });
  }
  const clean = sanitize(name);
  if (clean.length > TITLE_MAX) {
    throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: validationText(VALIDATION_MESSAGES.tooLong, { max: TITLE_MAX }) });
  }
  return { ...body, name: clean };
}
