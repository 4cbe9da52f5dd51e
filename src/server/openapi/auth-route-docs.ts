import type { RouteSummary } from '../http/route-doc.ts';

/**
 * Better Auth serves these under its /api/auth/* wildcard (docs/accounts.md); they
 * are listed by hand because the app sees only the wildcard.
 */
export const AUTH_ROUTE_DOCS: Record<string, RouteSummary> = {
  'POST /api/auth/sign-up/email': { summary: 'Create an account (email, password, name, termsAccepted: true)', tag: 'auth', public: true },
  'POST /api/auth/sign-in/email': { summary: 'Sign in with e-mail and password', tag: 'auth', public: true },
  'GET /api/auth/get-session': { summary: 'The current session and user, or null', tag: 'auth', public: true },
  'POST /api/auth/sign-out': { summary: 'End the current session', tag: 'auth' },
  'POST /api/auth/sign-in/magic-link': { summary: 'E-mail a one-time sign-in link ({ email, callbackURL })', tag: 'auth', public: true },
  'GET /api/auth/magic-link/verify': { summary: 'The magic link itself (?token=…)', tag: 'auth', public: true },
  'POST /api/auth/request-password-reset': { summary: 'E-mail a password reset link ({ email, redirectTo })', tag: 'auth', public: true },
  'POST /api/auth/reset-password': { summary: 'Set a new password ({ token, newPassword })', tag: 'auth', public: true },
  'GET /api/auth/verify-email': { summary: 'The confirmation link (?token=…)', tag: 'auth', public: true },
  'POST /api/auth/send-verification-email': { summary: 'Send the confirmation e-mail again', tag: 'auth', public: true },
  'POST /api/auth/sign-in/social': { summary: 'Start Google or OIDC sign-in ({ provider, callbackURL })', tag: 'auth', public: true },
  'POST /api/auth/two-factor/enable': { summary: 'Start TOTP enrolment ({ password }) → { totpURI, backupCodes }', tag: 'auth' },
  'POST /api/auth/two-factor/verify-totp': { summary: 'Verify a TOTP code ({ code })', tag: 'auth' },
  'POST /api/auth/two-factor/verify-backup-code': { summary: 'Use a backup code ({ code })', tag: 'auth' },
  'POST /api/auth/two-factor/generate-backup-codes': { summary: 'New backup codes ({ password })', tag: 'auth' },
  'POST /api/auth/two-factor/disable': { summary: 'Turn two-step verification off ({ password })', tag: 'auth' },
};
