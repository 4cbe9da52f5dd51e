import { describe, expect, it } from 'vitest';
import { isPrintablePath } from '../../../src/server/http/path-guard.ts';

describe('isPrintablePath', () => {
  it('lets plain paths through, escaped or not', () => {
    expect(isPrintablePath('/api/me')).toBe(true);
    expect(isPrintablePath('/api/community/leaderboard')).toBe(true);
    expect(isPrintablePath('/api/tasks/a%20b')).toBe(true);
    expect(isPrintablePath(`/api/files/${'é'.repeat(10)}`)).toBe(true);
  });

  it('refuses a NUL, a control character, a bad escape or an invisible character however the path is written', () => {
    for (const path of ['/api/tasks/%00', '/api/tasks/%0D', '/api/tasks/%FF', '/api/tasks/%ED%A0%80', '/api/tasks/a%E2%80%AEb', '/api/tasks/\u0001', '/api/tasks/a\u200Bb']) {
      expect(isPrintablePath(path), path).toBe(false);
    }
  });

  it('refuses a segment over 512 characters, plain ASCII included', () => {
    expect(isPrintablePath(`/api/tasks/${'a'.repeat(512)}`)).toBe(true);
    expect(isPrintablePath(`/api/tasks/${'a'.repeat(513)}`)).toBe(false);
    // Many short segments are a long path, not a long segment.
    expect(isPrintablePath(`/api${'/ab'.repeat(300)}`)).toBe(true);
  });
});
