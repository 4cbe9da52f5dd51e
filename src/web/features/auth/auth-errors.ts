/**
 * Maps Better Auth's answers to the messages of docs/product.md#toasts, as
 * translation keys of the `auth` namespace. Sign-in never says whether the e-mail
 * exists: a wrong password and an unknown address read the same.
 */
export type AuthAction = 'sign-in' | 'sign-up' | 'magic-link' | 'reset' | 'oauth' | 'two-factor';

type AuthFailure = { status?: number; code?: string };

const FALLBACK: Record<AuthAction, string> = {
  'sign-in': 'errors.signInFailed',
  'sign-up': 'errors.signUpFailed',
  'magic-link': 'errors.magicLinkFailed',
  reset: 'errors.passwordResetFailed',
  oauth: 'errors.oauthFailed',
  'two-factor': 'errors.invalidCode',
};

export function authErrorKey(action: AuthAction, error: AuthFailure): string {
  // Sign-in allows 5 tries in 15 minutes; e-mailed links (reset, magic link) 3 an hour.
  if (error.status === 429) return action === 'reset' || action === 'magic-link' ? 'errors.tooManyAttemptsHour' : 'errors.tooManyAttempts';
  switch (error.code) {
    case 'USER_ALREADY_EXISTS':
    case 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL':
      return 'errors.accountExists';
    case 'PASSWORD_TOO_SHORT':
      return 'errors.weakPassword';
    case 'TOTP_CODE_ALREADY_USED':
      return 'errors.codeUsed';
    case 'INVALID_TWO_FACTOR_COOKIE':
    case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
      return 'errors.challengeExpired';
    case 'INVALID_TOKEN':
      return 'errors.linkExpired';
    case 'ACCOUNT_SUSPENDED':
      return 'errors.accountSuspended';
    case 'ACCOUNT_DELETED':
      return 'errors.accountDeleted';
    default:
      return FALLBACK[action];
  }
}

/** Only same-site paths are followed after sign-in (no open redirect). */
export function safeRedirect(target: string | null | undefined): string | null {
  return target?.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : null;
}
