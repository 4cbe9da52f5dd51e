import { type ErrorCode, isErrorBody } from '../../core/errors/error-codes.ts';

/** An error answered by our API (`{ error: { code, message } }`) or a network failure. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode | 'NETWORK';
  readonly status: number;
  readonly details: unknown;
  /** From a 429's Retry-After header: how long until the limit lets the next one through. */
  readonly retryAfterSeconds: number | null;
  constructor(code: ErrorCode | 'NETWORK', status: number, message: string, details?: unknown, retryAfterSeconds: number | null = null) {
    super(message);
    this.code = code;
    this.status = status;
    this.details = details;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Fetches JSON from our API on the same origin; throws ApiError on any failure. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  if (init.body !== undefined && !(init.body instanceof FormData) && !headers.has('content-type')) {
    headers.set('content-type', 'application/json');
  }
  let response: Response;
  try {
    response = await fetch(path, { ...init, headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError('NETWORK', 0, 'Network error. Please check your connection.');
  }
  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    if (isErrorBody(body)) {
      const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
      throw new ApiError(body.error.code, response.status, body.error.message, body.error.details, Number.isFinite(retryAfter) ? retryAfter : null);
    }
    throw new ApiError('INTERNAL', response.status, 'An error occurred. Please try again.');
  }
  return body as T;
}

/** The text key of one detail of a refusal: its `key` when the server gave one (its `message` is then English), else its message. */
export function detailKey(detail: unknown): string | undefined {
  if (!detail || typeof detail !== 'object') return undefined;
  const { key, message } = detail as { key?: unknown; message?: unknown };
  return typeof key === 'string' ? key : typeof message === 'string' ? message : undefined;
}
