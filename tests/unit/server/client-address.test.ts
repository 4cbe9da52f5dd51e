import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from '../../../src/server/http/client-address.ts';

describe('the client address behind TRUSTED_PROXIES', () => {
  it('is the socket when no proxy is trusted, whatever X-Forwarded-For claims', () => {
    expect(resolveClientAddress('203.0.113.5', '1.2.3.4', [])).toBe('203.0.113.5');
    expect(resolveClientAddress('203.0.113.5', '1.2.3.4', ['10.0.0.1'])).toBe('203.0.113.5');
  });

  it('is the nearest untrusted hop when the socket is a trusted proxy', () => {
    expect(resolveClientAddress('10.0.0.1', '1.2.3.4', ['10.0.0.1'])).toBe('1.2.3.4');
    expect(resolveClientAddress('10.0.0.1', 'forged, 1.2.3.4', ['10.0.0.1'])).toBe('1.2.3.4');
    expect(resolveClientAddress('10.0.0.1', '1.2.3.4, 10.0.0.2', ['10.0.0.1', '10.0.0.2'])).toBe('1.2.3.4');
    expect(resolveClientAddress('10.0.0.1', '::ffff:1.2.3.4', ['10.0.0.1'])).toBe('1.2.3.4');
  });

  it('falls back to the socket without the header, and is undefined without a socket', () => {
    expect(resolveClientAddress('10.0.0.1', null, ['10.0.0.1'])).toBe('10.0.0.1');
    expect(resolveClientAddress(undefined, '1.2.3.4', ['10.0.0.1'])).toBeUndefined();
  });
});
