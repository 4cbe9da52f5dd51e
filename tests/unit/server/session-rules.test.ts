import { describe, expect, it } from 'vitest';
import { judgeSession, SESSION_RULES } from '../../../src/server/auth/session-rules.ts';

const HOUR = 60 * 60 * 1000;
const start = Date.parse('2026-05-04T09:00:00Z');
const session = (role: 'user' | 'admin', lastActiveAt = start) => ({
  createdAt: start,
  expiresAt: start + 8 * HOUR,
  lastActiveAt,
  userAgent: 'Browser/1.0',
  role,
});

describe('judgeSession', () => {
  it('keeps the product’s constants', () => {
    expect(SESSION_RULES).toMatchObject({ maxAgeMs: 8 * HOUR, adminIdleMs: HOUR / 2, maxConcurrent: 3 });
  });

  it('refuses another user agent before anything else', () => {
    expect(judgeSession(session('user'), { now: start + 9 * HOUR, userAgent: 'Other/2.0' })).toBe('fingerprint-mismatch');
    expect(judgeSession(session('user'), { now: start, userAgent: null })).toBe('fingerprint-mismatch');
  });

  it('ends every session at 8 hours, even if its row says later', () => {
    expect(judgeSession(session('user'), { now: start + 8 * HOUR - 1, userAgent: 'Browser/1.0' })).toBe('valid');
    expect(judgeSession(session('user'), { now: start + 8 * HOUR, userAgent: 'Browser/1.0' })).toBe('expired');
    const longRow = { ...session('user'), expiresAt: start + 24 * HOUR };
    expect(judgeSession(longRow, { now: start + 9 * HOUR, userAgent: 'Browser/1.0' })).toBe('expired');
  });

  it('ends admin sessions after 30 idle minutes only', () => {
    const active = start + HOUR;
    expect(judgeSession(session('admin', active), { now: active + HOUR / 2 - 1, userAgent: 'Browser/1.0' })).toBe('valid');
    expect(judgeSession(session('admin', active), { now: active + HOUR / 2, userAgent: 'Browser/1.0' })).toBe('idle');
    expect(judgeSession(session('user', active), { now: active + 3 * HOUR, userAgent: 'Browser/1.0' })).toBe('valid');
  });
});
