import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES, type ErrorBody, type ErrorCode } from '../../core/errors/error-codes.ts';

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
    this.details = options.details;
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
