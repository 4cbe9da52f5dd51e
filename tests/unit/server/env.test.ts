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

  it('turns the import from Stripe on only with a 32-byte encryption key, in base64 or hex', () => {
    expect(parseEnv({}).stripeImport).toBeUndefined();
    const base64 = Buffer.alloc(32, 7).toString('base64');
    expect(parseEnv({ STRIPE_KEY_ENCRYPTION_KEY: base64 }).stripeImport).toEqual({ encryptionKey: Buffer.alloc(32, 7), apiUrl: 'https://api.stripe.com', syncCron: '0 6 * * 1' });
    expect(parseEnv({ STRIPE_KEY_ENCRYPTION_KEY: 'ab'.repeat(32), STRIPE_API_URL: 'http://127.0.0.1:9999/' }).stripeImport).toMatchObject({ encryptionKey: Buffer.alloc(32, 0xab), apiUrl: 'http://127.0.0.1:9999' });
    expect(() => parseEnv({ STRIPE_KEY_ENCRYPTION_KEY: 'correct horse battery staple' })).toThrow(/STRIPE_KEY_ENCRYPTION_KEY/);
    expect(() => parseEnv({ STRIPE_KEY_ENCRYPTION_KEY: Buffer.alloc(16).toString('base64') })).toThrow(/STRIPE_KEY_ENCRYPTION_KEY/);
    expect(() => parseEnv({ STRIPE_KEY_ENCRYPTION_KEY: base64, STRIPE_SYNC_CRON: 'weekly' })).toThrow(/STRIPE_SYNC_CRON/);
  });

  it('takes peer benchmark snapshots daily at midnight unless a cron pattern says otherwise', () => {
    expect(parseEnv({}).benchmarkSnapshotCron).toBe('0 0 * * *');
    expect(parseEnv({ BENCHMARK_SNAPSHOT_CRON: '30 2 * * *' }).benchmarkSnapshotCron).toBe('30 2 * * *');
    expect(() => parseEnv({ BENCHMARK_SNAPSHOT_CRON: 'every day' })).toThrow(/BENCHMARK_SNAPSHOT_CRON/);
  });
});

describe('parseEnv: mail and sign-in providers', () => {
  it('writes mail to DATA_DIR/outbox and offers no provider by default', () => {
    const env = parseEnv({ DATA_DIR: '/srv/rumbo' });
    expect(env.mail).toEqual({ smtpUrl: undefined, from: 'Rumbo <no-reply@rumbo.local>', outboxDir: path.resolve('/srv/rumbo/outbox') });
    expect(env.google).toBeUndefined();
    expect(env.oidc).toBeUndefined();
  });

  it('takes an SMTP URL and refuses anything else', () => {
    expect(parseEnv({ SMTP_URL: 'smtps://u:p@mail.example:465' }).mail.smtpUrl).toBe('smtps://u:p@mail.example:465');
    expect(() => parseEnv({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
  });

  it('configures Google and OIDC only as complete sets, and names what is missing', () => {
    expect(parseEnv({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' }).google).toEqual({ clientId: 'id', clientSecret: 'secret' });
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(EnvError);
    expect(() => parseEnv({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET must be set together/);
    expect(parseEnv({ OIDC_ISSUER: 'https://id.example/', OIDC_CLIENT_ID: 'c', OIDC_CLIENT_SECRET: 's' }).oidc).toEqual({
      issuer: 'https://id.example',
      clientId: 'c',
      clientSecret: 's',
      name: 'Single sign-on',
    });
    expect(() => parseEnv({ OIDC_ISSUER: 'https://id.example', OIDC_CLIENT_ID: 'c' })).toThrow(/OIDC_ISSUER/);
  });
});

describe('Stripe settings', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_ANNUAL: 'price_a' };

  it('are off by default: the local provider takes no payments', () => {
    expect(parseEnv({}).stripe).toBeUndefined();
  });

  it('need all four values together, each of its kind', () => {
    expect(parseEnv(stripe).stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', prices: { monthly: 'price_m', annual: 'price_a' }, apiUrl: undefined });
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(/STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_ANNUAL must be set together/);
    expect(() => parseEnv({ ...stripe, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/);
    expect(() => parseEnv({ ...stripe, STRIPE_PRICE_ANNUAL: 'prod_1' })).toThrow(/STRIPE_PRICE_ANNUAL: must be a Stripe price id/);
  });
});
