import { APIError } from 'better-auth/api';
import { EMAIL_MAX, VALIDATION_MESSAGES } from '../../core/security/validate.ts';
import { validationText } from '../../core/validation/english.ts';

/**
 * An e-mail address is at most 254 characters (docs/product.md#input-limits; also RFC 5321's
 * limit for a path).
 * Better Auth checks only the shape, so every auth request that carries an address (sign-up,
 * sign-in, links, confirmation) is refused here first with 400 INVALID_EMAIL: nothing is
 * created and nothing is mailed. The /auth form never sends a longer one (EmailSchema).
 */
export function refuseOverlongEmail(body: unknown): void {
  if (typeof body !== 'object' || body === null) return;
  const { email } = body as { email?: unknown };
  if (typeof email === 'string' && email.trim().length > EMAIL_MAX) {
    throw new APIError('BAD_REQUEST', { code: 'INVALID_EMAIL', message: validationText(VALIDATION_MESSAGES.email) });
  }
}
