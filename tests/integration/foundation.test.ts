import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeServer } from '../../src/server/http/node-server.ts';
import { createTestApp, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('health', () => {
  it('reports the database driver in use', async () => {
    const response = await t.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgresql' : 'pglite',
    });
  });
});

describe('errors share one shape', () => {
  it('answers an unknown API route with a 404 JSON error', async () => {
    const response = await t.request('/api/no-such-thing', { method: 'POST', json: {} });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Page not found.' } });
  });

  it('answers malformed JSON with 400 VALIDATION_FAILED and changes nothing', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/me', {
      method: 'PATCH',
      cookie,
      headers: { 'content-type': 'application/json' },
      body: '{"preferredLanguage": "es-LA"',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me.preferredLanguage).toBe('en'); // as saved at sign-up, unchanged
  });

  it('refuses a body that is not UTF-8 and keeps the profile as it was', async () => {
    const { cookie } = await t.signUp();
    // `{"nickname":"Ana…"}` with a lone 0xFF byte where a letter would be.
    const bytes = Buffer.concat([Buffer.from('{"nickname":"Ana'), Buffer.from([0xff]), Buffer.from('"}')]);
    const response = await t.request('/api/me', { method: 'PATCH', cookie, headers: { 'content-type': 'application/json' }, body: bytes });
    expect(response.status).toBe(400);
    expect((await response.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: '', message: 'Body is not valid UTF-8' }] });
    expect((await (await t.request('/api/me', { cookie })).json()).nickname).toBeNull();
    // The same request in valid UTF-8 is taken.
    const valid = await t.request('/api/me', { method: 'PATCH', cookie, json: { nickname: 'Añita' } });
    expect(valid.status).toBe(200);
    expect((await valid.json()).nickname).toBe('Añita');
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const { cookie } = await t.signUp();
    const huge = JSON.stringify({ preferredLanguage: 'en', padding: 'x'.repeat(1024 * 1024 + 1) });
    const response = await t.request('/api/me', {
      method: 'PATCH',
      cookie,
      headers: { 'content-type': 'application/json', 'content-length': String(huge.length) },
      body: huge,
    });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses unknown fields and bad values with field-level details', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/me', { method: 'PATCH', cookie, json: { preferredLanguage: 'fr' } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: { field: string }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d) => d.field)).toContain('preferredLanguage');
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const response = await t.request('/api/me');
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UNAUTHENTICATED');
  });
});

describe('security headers', () => {
  /** Through the real Node server: the headers are set there, below Hono (security-headers.ts). */
  async function withNodeServer(https: boolean, check: (origin: string) => Promise<void>) {
    const server = createNodeServer(t.app.fetch, { hostname: '127.0.0.1', https });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await check(`http://127.0.0.1:${port}`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }

  it('tell browsers to insist on https only when the public origin is https', async () => {
    await withNodeServer(false, async (origin) => {
      expect((await fetch(`${origin}/api/health`)).headers.get('strict-transport-security')).toBeNull();
    });
    await withNodeServer(true, async (origin) => {
      expect((await fetch(`${origin}/api/health`)).headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    });
  });

  it('keep API answers, the signed-in founder\'s data among them, out of every cache', async () => {
    const { cookie } = await t.signUp();
    await withNodeServer(false, async (origin) => {
      for (const path of ['/api/me', '/api/metrics/weeks', '/api/tasks', '/api/session', '/api/nope']) {
        const response = await fetch(`${origin}${path}`, { headers: { cookie, origin: TEST_ORIGIN, 'user-agent': TEST_USER_AGENT } });
        expect(response.headers.get('cache-control'), path).toBe('no-store');
      }
      // The app's pages are not personal data; their own caching rules stand.
      expect((await fetch(`${origin}/`)).headers.get('cache-control')).not.toBe('no-store');
    });
  });

  it('are on API and page responses, with no inline scripts allowed', async () => {
    const { cookie } = await t.signUp();
    await withNodeServer(false, async (origin) => {
      const headers = { cookie, origin: TEST_ORIGIN, 'user-agent': TEST_USER_AGENT };
      for (const path of ['/api/health', '/api/nope', '/api/me', '/', '/api/metrics/export.csv']) {
        const response = await fetch(`${origin}${path}`, { headers });
        expect(response.status, path).toBeLessThan(500);
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(response.headers.get('x-frame-options'), path).toBe('DENY');
        expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
        const json = (response.headers.get('content-type') ?? '').startsWith('application/json');
        if (json) {
          // A JSON answer is no document: it may load nothing at all (docs/decisions/309-api-security-headers.md).
          expect(csp, path).toBe("default-src 'none'; frame-ancestors 'none'");
          expect(response.headers.get('x-xss-protection'), path).toBeNull();
        } else {
          // A page, and an API answer a browser could show (a CSV), keep the documents' full set.
          expect(csp, path).toContain("script-src 'self'");
          expect(response.headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
          expect(response.headers.get('x-xss-protection'), path).toBe('0');
        }
      }
    });
  });
});

describe('sign-up and the profile', () => {
  it('refuses a sign-up without accepted terms and creates no account', async () => {
    const email = 'no-terms@example.com';
    const refused = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'long enough pass', name: 'No Terms' },
    });
    expect(refused.status).toBe(400);
    const signIn = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email, password: 'long enough pass' },
    });
    expect(signIn.status).toBe(401);
  });

  it('creates the profile with the account, in its 14-day trial', async () => {
    const { cookie, email } = await t.signUp({ name: 'Lucía Pérez' });
    const response = await t.request('/api/me', { cookie });
    expect(response.status).toBe(200);
    const me = await response.json();
    expect(me).toMatchObject({
      email,
      fullName: 'Lucía Pérez',
      onboardingCompleted: false,
      role: 'user',
      userTier: 1,
      isInTrial: true,
      effectiveUserTier: 2,
      emailMondayHour: '09:00',
      emailFridayHour: '17:00',
      status: 'active',
    });
  });

  it('saves the language choice to the signed-in founder only', async () => {
    const ana = await t.signUp();
    const beto = await t.signUp();
    const saved = await t.request('/api/me', { method: 'PATCH', cookie: ana.cookie, json: { preferredLanguage: 'es-LA' } });
    expect(saved.status).toBe(200);
    expect((await saved.json()).preferredLanguage).toBe('es-LA');
    const other = await (await t.request('/api/me', { cookie: beto.cookie })).json();
    expect(other.preferredLanguage).toBe('en');
    expect(other.id).not.toBe(ana.user.id);
  });
});
