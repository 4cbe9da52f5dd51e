import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../../src/server/env.ts';

describe('parseEnv', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      port: 3000,
      appUrl: 'http://localhost:3000',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      rateLimitScale: 1,
      trialDays: 14,
      secureCookies: false,
    });
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('uses secure cookies behind an https origin', () => {
    expect(parseEnv({ APP_URL: 'https://app.example.com/' })).toMatchObject({
      appUrl: 'https://app.example.com',
      secureCookies: true,
    });
  });

  it('refuses a bad value and names the variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(EnvError);
    expect(() => parseEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ RATE_LIMIT_SCALE: '0' })).toThrow(/RATE_LIMIT_SCALE/);
  });
});
