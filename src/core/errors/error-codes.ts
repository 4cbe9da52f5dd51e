/**
 * The stable error codes the API answers with (`{ error: { code, message } }`),
 * their HTTP status and the product's English message. The UI translates by code
 * (locale key `errors:codes.<CODE>`), never by message.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: { status: 400, message: 'Please check your input and try again.' },
  SECURITY_VIOLATION: { status: 400, message: 'Security violation: the request contains disallowed content.' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  /** The session outlived its 8 hours or, for an admin, 30 idle minutes (UI: 'Session expired'). */
  SESSION_EXPIRED: { status: 401, message: 'Please sign in again for security.' },
  /** The session was used from another browser and has been ended (UI: 'Session terminated'). */
  SESSION_TERMINATED: { status: 401, message: 'Security violation detected. Please sign in again.' },
  /** The impersonation (an admin's "view as") ended by itself or was ended; the app returns to the admin's view. */
  IMPERSONATION_ENDED: { status: 401, message: 'The impersonation has ended.' },
  FORBIDDEN: { status: 403, message: 'You are not authorized to perform this action.' },
  /** A sensitive admin action on a session that is not fresh: confirm the password (decision 023). */
  REAUTHENTICATION_REQUIRED: { status: 403, message: 'Please confirm your password to continue.' },
  /** An admin viewing the app as a founder changes nothing (decision 023). */
  IMPERSONATION_READ_ONLY: { status: 403, message: 'You are viewing the app as another user: changes are not saved.' },
  /** Sign-in of an account an admin suspended (decision 024). */
  ACCOUNT_SUSPENDED: { status: 403, message: 'Your account has been suspended. Please contact support.' },
  /** Sign-in of an account its founder deleted (decision 025). */
  ACCOUNT_DELETED: { status: 403, message: 'This account has been deleted.' },
  PREMIUM_REQUIRED: { status: 403, message: 'This feature is part of Premium.' },
  AI_CONSENT_REQUIRED: { status: 403, message: 'AI features need your consent first.' },
  AI_DISABLED: { status: 403, message: 'Enable AI assistance in your automation preferences.' },
  NOT_FOUND: { status: 404, message: 'Page not found.' },
  /** A downgrade, cancellation, switch or reactivation with no paid Premium plan to act on (docs/billing.md). */
  NOT_SUBSCRIBED: { status: 409, message: 'You have no Premium plan to change.' },
  /** An upgrade while Premium is on another plan or ending: switching and reactivating are their own actions. */
  ALREADY_PREMIUM: { status: 409, message: 'You already have Premium.' },
  REFERRAL_CODE_LIMIT: { status: 409, message: 'You already have 10 unused referral codes. Share one before creating another.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The request is too large.' },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait before trying again.' },
  INTERNAL: { status: 500, message: 'An error occurred. Please try again.' },
  /** The payment provider (Stripe) failed or could not be reached; nothing was changed. */
  PAYMENT_PROVIDER_ERROR: { status: 502, message: 'The payment provider could not be reached. Please try again.' },
  /** Stripe answered with neither data nor a refusal of the key (decision 118). */
  STRIPE_UNREACHABLE: { status: 502, message: 'Stripe could not be reached. Please try again.' },
  /** The server has no STRIPE_KEY_ENCRYPTION_KEY: it will not store founders' Stripe keys (decision 118). */
  STRIPE_IMPORT_OFF: { status: 503, message: 'Import from Stripe is not set up on this server.' },
  /** An AI action only a model can do (polishing the investor update) on a server with the offline mentor (decision 215). */
  AI_MODEL_OFF: { status: 503, message: 'No AI model is set up on this server.' },
  /** The database could not be reached (an outage, a failover): try again shortly, nothing was half done (decision 266). */
  DATABASE_UNAVAILABLE: { status: 503, message: 'The service is briefly unavailable. Please try again in a moment.' },
  /** Redis (shared counters and events) could not be reached and there is no PostgreSQL to fall back to (decision 265). */
  SHARED_STATE_UNAVAILABLE: { status: 503, message: 'The service is briefly unavailable. Please try again in a moment.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export type ErrorBody = {
  error: { code: ErrorCode; message: string; details?: unknown };
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && isErrorCode((error as { code?: unknown }).code);
}
