import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_ORIGIN } from './support/test-app.ts';

/**
 * Links and forms of Better Auth send the browser on to a callback or redirect URL: only
 * inside APP_URL, also where Better Auth's own origin checks are off (NODE_ENV=test here,
 * decision 280). A refused URL is logged at warn, cut to length.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '50' });
});
afterAll(() => t.close());

const FOREIGN = ['https://other.example/welcome', '//other.example', '/\\other.example', 'javascript:alert(1)', `${TEST_ORIGIN}.other.example/`];
const where = (response: Response) => response.headers.get('location');

describe('redirects stay inside the app', () => {
  it('the confirmation link refuses a callback elsewhere and still lands inside with its own', async () => {
    const founder = await t.signUp();
    const link = new URL(await t.outbox.link(founder.email, 'confirm-email'));
    for (const callback of FOREIGN) {
      const forged = new URL(link);
      forged.searchParams.set('callbackURL', callback);
      const answer = await t.request(forged.pathname + forged.search);
      expect(answer.status, callback).toBe(403);
      expect(where(answer)).toBeNull();
    }
    const opened = await t.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    expect(new URL(where(opened)!, TEST_ORIGIN).origin).toBe(TEST_ORIGIN);
  });

  it('a magic link and a password reset refuse callbacks and redirects elsewhere, and send nothing', async () => {
    const founder = await t.signUp();
    const before = t.outbox.all().length;
    for (const callback of FOREIGN) {
      for (const json of [
        { email: founder.email, callbackURL: callback },
        { email: founder.email, callbackURL: '/auth/callback', newUserCallbackURL: callback },
        { email: founder.email, callbackURL: '/auth/callback', errorCallbackURL: callback },
      ]) {
        const asked = await t.request('/api/auth/sign-in/magic-link', { method: 'POST', json });
        expect(asked.status, JSON.stringify(json)).toBe(403);
      }
      const reset = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: founder.email, redirectTo: callback } });
      expect(reset.status, callback).toBe(403);
    }
    expect(t.outbox.all().slice(before).filter((message) => message.to === founder.email)).toEqual([]);

    // A real magic link with a callback edited into it on the way.
    expect((await t.request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: founder.email, callbackURL: '/auth/callback' } })).status).toBe(200);
    const link = new URL(await t.outbox.link(founder.email, 'magic-link'));
    link.searchParams.set('callbackURL', 'https://other.example');
    const opened = await t.request(link.pathname + link.search);
    expect(opened.status).toBe(403);
    expect(where(opened)).toBeNull();
  });

  it('logs a refused URL at warn, cut to length', async () => {
    const warn = vi.spyOn(t.deps.logger, 'warn');
    const error = vi.spyOn(t.deps.logger, 'error');
    try {
      const huge = `https://other.example/${'a'.repeat(100_000)}`;
      expect((await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'someone@example.com', redirectTo: huge } })).status).toBe(403);
      const logged = JSON.stringify(warn.mock.calls);
      expect(logged).toContain('other.example');
      expect(logged.length).toBeLessThan(2_000);
      expect(error).not.toHaveBeenCalled();
    } finally {
      warn.mockRestore();
      error.mockRestore();
    }
  });
});
