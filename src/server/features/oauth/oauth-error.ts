export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'invalid_client_metadata'
  | 'invalid_redirect_uri';

/**
 * An OAuth refusal as RFC 6749 words it (`{ error, error_description }`), which client
 * libraries read; the app's own `{ error: { code } }` answers are for its own routes.
 */
export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly description: string;
  readonly status: 400 | 401;

  constructor(error: OAuthErrorCode, description: string, status: 400 | 401 = 400) {
    super(description);
    this.error = error;
    this.description = description;
    this.status = status;
  }

  toBody() {
    return { error: this.error, error_description: this.description };
  }
}
