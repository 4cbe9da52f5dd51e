import { describe, expect, it } from 'vitest';
import { tokenAccess } from '../../../src/core/api-tokens/token-access.ts';
import { bearerOf } from '../../../src/core/api-tokens/token-schema.ts';

describe('where a personal API token may go', () => {
  it('reads the founder’s data with either scope', () => {
    for (const path of ['/api/me', '/api/metrics/summary', '/api/tasks/123', '/api/strategy/versions', '/api/insights/weekly']) {
      expect(tokenAccess('GET', path, ['read'])).toBe('allowed');
    }
  });

  it('writes weeks, tasks, strategy and AI context only with the write scope', () => {
    for (const [method, path] of [
      ['PUT', '/api/metrics/weeks/2026/40'],
      ['POST', '/api/tasks'],
      ['POST', '/api/tasks/1/complete'],
      ['PUT', '/api/strategy'],
      ['POST', '/api/context'],
    ]) {
      expect(tokenAccess(method!, path!, ['read'])).toBe('write-scope-missing');
      expect(tokenAccess(method!, path!, ['read', 'write'])).toBe('allowed');
    }
  });

  it('never opens what guards the account, whatever the scopes or the method', () => {
    for (const path of ['/api/admin/users', '/api/account/export', '/api/subscription', '/api/session', '/api/auth/two-factor/disable', '/api/tokens', '/api/tokens/1', '/api/impersonation']) {
      expect(tokenAccess('GET', path, ['read', 'write'])).toBe('never');
      expect(tokenAccess('POST', path, ['read', 'write'])).toBe('never');
    }
  });

  it('refuses any other write, even with the write scope', () => {
    expect(tokenAccess('PATCH', '/api/me', ['read', 'write'])).toBe('not-writable');
    expect(tokenAccess('POST', '/api/community/rooms/general/messages', ['read', 'write'])).toBe('not-writable');
    // A path that merely starts like a writable one.
    expect(tokenAccess('POST', '/api/tasksx', ['read', 'write'])).toBe('not-writable');
  });

  it('reads a bearer header, and nothing else', () => {
    expect(bearerOf('Bearer rumbo_abc')).toBe('rumbo_abc');
    expect(bearerOf('bearer   rumbo_abc ')).toBe('rumbo_abc');
    expect(bearerOf('Bearer')).toBe('');
    expect(bearerOf('Basic dXNlcg==')).toBeUndefined();
    expect(bearerOf(undefined)).toBeUndefined();
  });
});
