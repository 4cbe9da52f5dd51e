import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppBindings } from '../../src/server/http/context.ts';
import { requireUser } from '../../src/server/http/require-user.ts';
import { rateLimit } from '../../src/server/http/rate-limit.ts';
import { createTestApp, sessionCookie } from './support/test-app.ts';

/**
 * The limits of docs/product.md#rate-limits at their real size (RATE_LIMIT_SCALE 1): 429 RATE_LIMITED with
 * Retry-After and the wait message; keyed by user, or by the socket's address, which a
 * forged X-Forwarded-For cannot change unless the socket is a trusted proxy.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ TRUSTED_PROXIES: '10.0.0.1' });
});
afterAll(() => t.close());

type ErrorJson = { error: { code: string; message: string; details?: { limit: string; retryAfterSeconds: number } } };

function signInAttempt(email: string, options: { clientAddress: string; forwardedFor?: string }) {
  return t.request('/api/auth/sign-in/email', {
    method: 'POST',
    json: { email, password: 'wrong password here' },
    clientAddress: options.clientAddress,
    headers: options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {},
  });
}

describe('login: 5 attempts per 15 minutes', () => {
  it('refuses the 6th attempt from one address with the 15-minute wait', async () => {
    const { email } = await t.signUp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signInAttempt(email, { clientAddress: '203.0.113.10' })).status).toBe(401);
    }
    const refused = await signInAttempt(email, { clientAddress: '203.0.113.10' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Even the right password waits now.
    const right = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'correct horse battery' },
      clientAddress: '203.0.113.10',
    });
    expect(right.status).toBe(429);
    // Another address is not affected (for another account).
    const other = await t.signUp();
    expect((await signInAttempt(other.email, { clientAddress: '203.0.113.11' })).status).toBe(401);
  });

  it("locks an e-mail at one address after 5 failures, while the owner still signs in from theirs", async () => {
    const { email } = await t.signUp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signInAttempt(email, { clientAddress: '203.0.113.101' })).status).toBe(401);
    }
    const locked = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'correct horse battery' }, clientAddress: '203.0.113.101' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    const lockedError = { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait 15 minutes before trying again.' };
    expect(await locked.json()).toEqual({ ...lockedError, error: lockedError });
    // The owner, at another address, is not locked out by someone else's guesses.
    const owner = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'correct horse battery' }, clientAddress: '203.0.113.102' });
    expect(owner.status).toBe(200);
  });

  it('locks the account everywhere only after failures from many addresses; a magic link or a reset still gets the owner in', async () => {
    const { email } = await t.signUp();
    const statuses = [];
    // 5 guesses from each of 4 addresses: 20 failures lock the password route for the account.
    for (let address = 1; address <= 4; address++) {
      for (let attempt = 1; attempt <= 5; attempt++) statuses.push((await signInAttempt(email, { clientAddress: `203.0.113.${110 + address}` })).status);
    }
    expect(statuses).toEqual(Array(20).fill(401));
    const elsewhere = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'correct horse battery' }, clientAddress: '203.0.113.120' });
    expect(elsewhere.status).toBe(429);

    // The lock counts password guesses, not the owner's inbox.
    const asked = await t.request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email, callbackURL: '/auth/callback' }, clientAddress: '203.0.113.120' });
    expect(asked.status).toBe(200);
    const link = new URL(await t.outbox.link(email, 'magic-link'));
    const opened = await t.request(link.pathname + link.search, { clientAddress: '203.0.113.120' });
    expect(sessionCookie(opened)).toContain('session_token=');

    // A password reset lifts the account-wide lock: the new password works at once.
    await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/reset-password' }, clientAddress: '203.0.113.120' });
    const token = new URL(await t.outbox.link(email, 'reset-password')).pathname.split('/').at(-1);
    const reset = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'a brand new password' }, clientAddress: '203.0.113.120' });
    expect(reset.status).toBe(200);
    const after = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'a brand new password' }, clientAddress: '203.0.113.120' });
    expect(after.status).toBe(200);
    // …but not the lock of the address that guessed.
    expect((await signInAttempt(email, { clientAddress: '203.0.113.111' })).status).toBe(429);
  });

  it('is not dodged by sending the sign-in as a form or multipart body from other addresses', async () => {
    const { email } = await t.signUp();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await signInAttempt(email, { clientAddress: '203.0.113.140' })).status).toBe(401);
    }
    const form = new URLSearchParams({ email, password: 'correct horse battery' });
    const multipart = new FormData();
    multipart.set('email', email);
    multipart.set('password', 'correct horse battery');
    for (const [index, body] of [form, multipart].entries()) {
      const response = await t.request('/api/auth/sign-in/email', { method: 'POST', body, clientAddress: `203.0.113.${150 + index}` });
      expect(response.status).toBe(415);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect((await response.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    // A fresh account's password is not guessable in a form either: nothing is evaluated.
    const fresh = await t.signUp();
    for (let attempt = 1; attempt <= 6; attempt++) {
      const guess = new URLSearchParams({ email: fresh.email, password: `guess number ${attempt}` });
      expect((await t.request('/api/auth/sign-in/email', { method: 'POST', body: guess, clientAddress: `203.0.113.${160 + attempt}` })).status).toBe(415);
    }
    for (const path of ['/api/auth/sign-in/magic-link', '/api/auth/request-password-reset', '/api/auth/reset-password', '/api/auth/two-factor/verify-totp', '/api/auth/sign-up/email']) {
      const body = new URLSearchParams({ email: fresh.email, token: 'x', code: '123456', password: 'a long enough password' });
      expect((await t.request(path, { method: 'POST', body, clientAddress: '203.0.113.170' })).status, path).toBe(415);
    }
  });

  it('is not dodged by a forged X-Forwarded-For from an untrusted client', async () => {
    const statuses = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      // A different account each time: only the address can be what is counted.
      const response = await signInAttempt(`nobody-${attempt}-${Date.now()}@example.com`, { clientAddress: '203.0.113.20', forwardedFor: `198.51.100.${attempt}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('believes X-Forwarded-For from a trusted proxy: each real client has its own count', async () => {
    const email = (n: number) => `proxied-${n}-${Date.now()}@example.com`;
    const statuses = [];
    for (let attempt = 1; attempt <= 6; attempt++) {
      const response = await signInAttempt(email(attempt), { clientAddress: '10.0.0.1', forwardedFor: `198.51.100.${50 + attempt}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401]);
    // …and the right-most untrusted hop is the client: a forged left-most entry does not help.
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signInAttempt(email(10 + attempt), { clientAddress: '10.0.0.1', forwardedFor: `1.2.3.${attempt}, 198.51.100.99` });
    }
    const sixth = await signInAttempt(email(20), { clientAddress: '10.0.0.1', forwardedFor: '9.9.9.9, 198.51.100.99' });
    expect(sixth.status).toBe(429);
  });
});

describe('password reset: 3 requests per hour', () => {
  it('refuses the 4th reset request from one address', async () => {
    const { email } = await t.signUp();
    const statuses = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await t.request('/api/auth/request-password-reset', {
        method: 'POST',
        json: { email, redirectTo: '/reset-password' },
        clientAddress: '203.0.113.30',
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 3)).not.toContain(429);
    expect(statuses[3]).toBe(429);
  });

  it("answers Better Auth's own 429 in the app's error shape, with Retry-After", async () => {
    const { email } = await t.signUp();
    let refused: Response | undefined;
    for (let attempt = 1; attempt <= 4; attempt++) {
      refused = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/reset-password' }, clientAddress: '203.0.113.31' });
    }
    expect(refused!.status).toBe(429);
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await refused!.json();
    expect(body.error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringContaining('Too many attempts') });
  });
});

describe('general API limit: 100 writes per 15 minutes per founder', () => {
  it('refuses the 101st write with Retry-After and the wait message, for that founder only', async () => {
    const ana = await t.signUp();
    const beto = await t.signUp();
    for (let write = 1; write <= 100; write++) {
      const response = await t.request('/api/me', { method: 'PATCH', cookie: ana.cookie, json: { preferredLanguage: 'en' } });
      expect(response.status).toBe(200);
    }
    const refused = await t.request('/api/me', { method: 'PATCH', cookie: ana.cookie, json: { preferredLanguage: 'es-LA' } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    const body = (await refused.json()) as ErrorJson;
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toBe('Too many attempts. Please wait 15 minutes before trying again.');
    // Nothing was written by the refused request.
    expect((await (await t.request('/api/me', { cookie: ana.cookie })).json()).preferredLanguage).toBe('en');
    // Reads have their own, larger allowance; another founder is untouched.
    expect((await t.request('/api/me', { cookie: ana.cookie })).status).toBe(200);
    expect((await t.request('/api/me', { method: 'PATCH', cookie: beto.cookie, json: { preferredLanguage: 'en' } })).status).toBe(200);
  });

  it('allows 1000 reads per 15 minutes, then refuses', async () => {
    const { cookie } = await t.signUp();
    for (let read = 1; read <= 1000; read++) {
      const response = await t.request('/api/session', { cookie });
      if (response.status !== 200) throw new Error(`read ${read} answered ${response.status}`);
    }
    const refused = await t.request('/api/session', { cookie });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
  });

  it('counts anonymous requests by address', async () => {
    for (let write = 1; write <= 100; write++) {
      await t.request('/api/onboarding', { method: 'POST', json: {}, clientAddress: '203.0.113.40' });
    }
    const refused = await t.request('/api/onboarding', { method: 'POST', json: {}, clientAddress: '203.0.113.40' });
    expect(refused.status).toBe(429);
    const other = await t.request('/api/onboarding', { method: 'POST', json: {}, clientAddress: '203.0.113.41' });
    expect(other.status).toBe(401);
  });
});

describe('rateLimit(name) for features', () => {
  it("enforces task creation's 10 per hour with the product's message", async () => {
    const feature = new Hono<AppBindings>()
      .use(async (c, next) => {
        c.set('deps', t.deps);
        await next();
      })
      .post('/tasks', requireUser, rateLimit('taskCreate'), (c) => c.json({ created: true }, 201));
    feature.onError((error, c) => {
      const appError = error as { status?: number; toBody?: () => unknown };
      return c.json(appError.toBody?.() ?? { error: String(error) }, (appError.status ?? 500) as 429);
    });
    const { cookie } = await t.signUp();
    const post = () => feature.request('/tasks', { method: 'POST', headers: { cookie, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) RumboTest/1.0' } });
    for (let task = 1; task <= 10; task++) expect((await post()).status).toBe(201);
    const refused = await post();
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as ErrorJson;
    expect(body.error.message).toMatch(/^Rate limit exceeded\. Please wait (59|60) minutes before trying again\.$/);
    expect(body.error.details?.limit).toBe('taskCreate');
  });
});
