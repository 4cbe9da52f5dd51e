import { describe, expect, it } from 'vitest';
import { authErrorKey, safeRedirect } from '../../../src/web/features/auth/auth-errors.ts';

describe('authErrorKey', () => {
  it("gives the product's 15-minute wait for a 429 on sign-in, and the hour's wait on e-mailed links", () => {
    for (const action of ['sign-in', 'sign-up', 'oauth', 'two-factor'] as const) {
      expect(authErrorKey(action, { status: 429, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('errors.tooManyAttempts');
    }
    for (const action of ['magic-link', 'reset'] as const) expect(authErrorKey(action, { status: 429 })).toBe('errors.tooManyAttemptsHour');
  });

  it('says the account exists only on sign-up answers that say so', () => {
    expect(authErrorKey('sign-up', { status: 422, code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' })).toBe('errors.accountExists');
    expect(authErrorKey('sign-in', { status: 401, code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe('errors.signInFailed');
  });

  it('tells the owner of a suspended or deleted account why the right password did not sign them in', () => {
    expect(authErrorKey('sign-in', { status: 403, code: 'ACCOUNT_SUSPENDED' })).toBe('errors.accountSuspended');
    expect(authErrorKey('two-factor', { status: 403, code: 'ACCOUNT_DELETED' })).toBe('errors.accountDeleted');
  });

  it("falls back to each action's own failure message", () => {
    expect(authErrorKey('magic-link', { status: 500 })).toBe('errors.magicLinkFailed');
    expect(authErrorKey('reset', { status: 400 })).toBe('errors.passwordResetFailed');
    expect(authErrorKey('oauth', {})).toBe('errors.oauthFailed');
    expect(authErrorKey('two-factor', { status: 401, code: 'INVALID_CODE' })).toBe('errors.invalidCode');
    expect(authErrorKey('two-factor', { status: 401, code: 'TOTP_CODE_ALREADY_USED' })).toBe('errors.codeUsed');
  });
});

describe('safeRedirect', () => {
  it('keeps same-site paths and drops everything that could leave the site', () => {
    expect(safeRedirect('/metrics?week=3')).toBe('/metrics?week=3');
    for (const target of ['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeRedirect(target)).toBeNull();
    }
  });
});
