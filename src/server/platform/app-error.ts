import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '../../core/errors/error-codes.ts';
import { validationText } from '../../core/validation/english.ts';
import { type MessageParams, VALIDATION_NAMESPACE } from '../../core/validation/issues.ts';

/**
 * A refusal's field details as an API client reads them: a message that is a schema's key
 * (`validation:tasks.hypothesisMin`, decision 236) becomes its English text, and the key and
 * its params stay beside it (`key`, `params`) for the browser to say it in the founder's language.
 */
function readableDetails(details: unknown): unknown {
  if (!Array.isArray(details)) return details;
  return details.map((detail: unknown) => {
    if (!detail || typeof detail !== 'object') return detail;
    const { message, params } = detail as { message?: unknown; params?: MessageParams };
    if (typeof message !== 'string' || !message.startsWith(`${VALIDATION_NAMESPACE}:`)) return detail;
    return { ...detail, message: validationText(message, params), key: message };
  });
}

/**
 * The one error type services throw. The app's error handler turns it into
 * `{ error: { code, message, details? } }` with the code's HTTP status.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly details: unknown;

  constructor(code: ErrorCode, options: { message?: string; details?: unknown } = {}) {
    super(options.message ?? ERROR_CODES[code].message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = readableDetails(options.details);
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}
