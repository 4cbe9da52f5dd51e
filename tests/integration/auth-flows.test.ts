import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authAccounts, authUsers, authVerifications, users } from '../../src/server/db/schema/index.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // Several links per test from one (address-less) client: the limits on sending
  // links are this file's subject only in 'limits on e-mailed links', at scale 1.
  t = await createTestApp({ RATE_LIMIT_SCALE: '20' });
});
afterAll(() => t.close());

let counter = 0;
const newEmail = () => `flow${++counter}-${Date.now()}@example.com`;

/** A redirect's target as a path, the way the browser will follow it. */
function target(response: Response): string {
  const url = new URL(response.headers.get('location') ?? '', TEST_ORIGIN);
  expect(url.origin).toBe(TEST_ORIGIN);
  return url.pathname + url.search;
}

/** Follows one e-mailed link the way a browser's address bar would: a GET, no body. */
async function open(link: string, cookie?: string) {
  const url = new URL(link);
  expect(url.origin).toBe(TEST_ORIGIN);
  return t.request(url.pathname + url.search, { cookie });
}

async function sessionOf(cookie: string) {
  const response = await t.request('/api/auth/get-session', { cookie });
  return (await response.json()) as { user: { email: string; emailVerified: boolean } } | null;
}

describe('sign-up', () => {
  it('refuses a sign-up without the terms ticked, and creates nothing', async () => {
    const email = newEmail();
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: 'long enough pass', name: 'Sin Términos' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe('TERMS_NOT_ACCEPTED');
    expect(await t.db.select().from(authUsers).where(eq(authUsers.email, email))).toEqual([]);
    expect(t.outbox.all().filter((m) => m.to === email)).toEqual([]);
  });

  it('refuses a password under 8 characters and a malformed e-mail', async () => {
    const short = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: newEmail(), password: 'short', name: '', termsAccepted: true },
    });
    expect(short.status).toBe(400);
    const malformed = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'not-an-email', password: 'long enough pass', name: '', termsAccepted: true },
    });
    expect(malformed.status).toBe(400);
  });

  it('takes an address of 254 characters and refuses one of 255, creating nothing', async () => {
    // A local part of 64 (the most RFC 5321 allows) and labels of at most 63.
    const address = (length: number) => {
      const domain = `${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(length - 64 - 1 - 63 - 1 - 63 - 1 - 4)}.com`;
      return `${'a'.repeat(54)}${String(++counter).padStart(10, '0')}@${domain}`;
    };
    const longest = address(254);
    const tooLong = address(255);
    expect([longest.length, tooLong.length]).toEqual([254, 255]);
    const signUp = (email: string) =>
      t.request('/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'long enough pass', name: '', termsAccepted: true } });
    expect((await signUp(longest)).status).toBe(200);
    const refused = await signUp(tooLong);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'INVALID_EMAIL', message: 'Invalid email format' });
    // Nor does it get a link mailed.
    const link = await t.request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: tooLong, callbackURL: '/auth/callback' } });
    expect(link.status).toBe(400);
    expect(await t.db.select().from(authUsers).where(eq(authUsers.email, tooLong))).toEqual([]);
    expect(t.outbox.all().filter((m) => m.to === tooLong)).toEqual([]);
  });

  it('sends a confirmation e-mail (HTML and text) whose link confirms the address and lands on the overview', async () => {
    const { email, cookie } = await t.signUp({ name: 'Valeria Ríos' });
    expect((await sessionOf(cookie))?.user.emailVerified).toBe(false);

    const message = await t.outbox.latest(email, 'confirm-email');
    expect(message.subject).toBe('Confirm your Rumbo e-mail');
    // The name typed at sign-up is not the mailbox owner's word: the confirmation never carries it.
    expect(message.text).not.toContain('Valeria');
    expect(message.html).toContain('Confirm my e-mail');
    const link = message.links[0] ?? '';
    expect(message.html).toContain(link.replace(/&/g, '&amp;'));

    const confirmed = await open(link);
    expect(confirmed.status).toBe(302);
    expect(target(confirmed)).toBe('/overview?email_confirmed=true');
    // The link also signs the founder in on the device that opened it.
    expect((await sessionOf(sessionCookie(confirmed)))?.user.emailVerified).toBe(true);
  });

  it('cleans the optional name like every profile write: markup stripped, blocked patterns refused', async () => {
    const { email } = await t.signUp({ name: '<b>Ana</b> Pérez' });
    const [profile] = await t.db.select().from(users).where(eq(users.email, email));
    expect(profile?.fullName).toBe('Ana Pérez');
    expect((await t.outbox.latest(email, 'confirm-email')).text).not.toContain('Ana');

    const hostile = newEmail();
    for (const [path, json] of [
      ['/api/auth/sign-up/email', { email: hostile, password: 'long enough pass', name: '<script>alert(1)</script>', termsAccepted: true }],
      ['/api/auth/sign-in/magic-link', { email: hostile, name: '<img src=x onerror=alert(1)>', metadata: { termsAccepted: true }, callbackURL: '/auth/callback' }],
    ] as const) {
      const response = await t.request(path, { method: 'POST', json });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('SECURITY_VIOLATION');
    }
    expect(await t.db.select().from(authUsers).where(eq(authUsers.email, hostile))).toEqual([]);
    expect(t.outbox.all().filter((m) => m.to === hostile)).toEqual([]);

    const long = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: newEmail(), password: 'long enough pass', name: 'x'.repeat(201), termsAccepted: true },
    });
    expect(long.status).toBe(400);
  });

  it("greets a founder who gave no name as 'New User'", async () => {
    const { email } = await t.signUp({ name: '' });
    expect((await t.outbox.latest(email, 'confirm-email')).text).toContain('Hi New User,');
  });

  it('writes the e-mail in the language of the request when the founder has none stored', async () => {
    const email = newEmail();
    const response = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { cookie: 'rumbo_language=es-LA', 'accept-language': 'en-US' },
      json: { email, password: 'long enough pass', name: '', termsAccepted: true },
    });
    expect(response.status).toBe(200);
    const message = await t.outbox.latest(email, 'confirm-email');
    expect(message.subject).toBe('Confirma tu correo de Rumbo');
    expect(message.text).toContain('Hola, Nuevo usuario:');
  });

  it('answers an existing address as a new sign-up, with a cookie that opens no session, and tells only the owner by e-mail', async () => {
    const { email } = await t.signUp({ name: 'Lucía Soto', confirmed: true });
    const fresh = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: newEmail(), password: 'another long pass', name: 'Someone', termsAccepted: true },
    });
    const before = t.outbox.all().length;
    const again = await t.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: email.toUpperCase(), password: 'another long pass', name: 'Someone', termsAccepted: true },
    });
    expect(again.status).toBe(fresh.status);
    const [freshBody, againBody] = [await fresh.json(), await again.json()];
    expect(Object.keys(againBody).sort()).toEqual(Object.keys(freshBody).sort());
    expect(Object.keys(againBody.user).sort()).toEqual(Object.keys(freshBody.user).sort());
    expect(againBody).toMatchObject({ token: expect.stringMatching(/^[A-Za-z0-9]{32}$/), user: { email, name: 'Someone', emailVerified: false } });
    expect(sessionCookie(again)).toContain('session_token=');
    expect(await (await t.request('/api/auth/get-session', { cookie: sessionCookie(again) })).json()).toBeNull();

    // The owner hears of it, in their language, with a way in; nothing else changed.
    const notice = await t.outbox.latest(email, 'account-exists', before);
    expect(notice.subject).toBe('You already have a Rumbo account');
    expect(notice.text).toContain('Hi Lucía Soto,');
    expect(notice.links[0]).toBe(`${TEST_ORIGIN}/auth`);
    expect(t.outbox.all().slice(before).filter((m) => m.to === email && m.kind === 'confirm-email')).toEqual([]);
    expect(await t.db.select().from(authUsers).where(eq(authUsers.email, email))).toHaveLength(1);
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'correct horse battery' } });
    expect(signIn.status).toBe(200);
  });
});

describe('sign-in with a password', () => {
  it('gives the same answer for a wrong password and for an unknown e-mail', async () => {
    const { email } = await t.signUp();
    const wrong = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'not the password' } });
    const unknown = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: newEmail(), password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('refuses a password under 8 characters with that same answer, even when it is the right one', async () => {
    const { email, user } = await t.signUp();
    // An account whose password is short (one set before the rule, say): still refused.
    const hash = await (await t.deps.auth.$context).password.hash('seven77');
    await t.db.update(authAccounts).set({ password: hash }).where(eq(authAccounts.userId, user.id));
    const short = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'seven77' } });
    const wrong = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'not the password' } });
    const unknown = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: newEmail(), password: 'seven77' } });
    expect(short.status).toBe(401);
    expect(short.headers.getSetCookie()).toEqual([]);
    expect(unknown.status).toBe(401);
    const answer = await wrong.json();
    expect(await short.json()).toEqual(answer);
    expect(await unknown.json()).toEqual(answer);
  });
});

describe('magic link', () => {
  async function askForLink(email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const response = await t.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      headers,
      json: { email, callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback', ...extra },
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  it('signs an existing founder in once; the same link a second time shows an error, not a session', async () => {
    const { email } = await t.signUp();
    expect(await askForLink(email)).toEqual({ status: true });
    const link = await t.outbox.link(email, 'magic-link');

    const first = await open(link);
    expect(first.status).toBe(302);
    expect(target(first)).toBe('/auth/callback');
    expect((await sessionOf(sessionCookie(first)))?.user.email).toBe(email);

    const second = await open(link);
    expect(second.status).toBe(302);
    expect(target(second)).toBe('/auth/callback?error=INVALID_TOKEN');
    expect(sessionCookie(second)).not.toContain('rumbo.session_token=');
  });

  it('answers an unknown address exactly as a known one, and mails it a sign-up invitation, not a link', async () => {
    const known = (await t.signUp()).email;
    const unknown = newEmail();
    expect(await askForLink(unknown)).toEqual(await askForLink(known));
    const message = await t.outbox.latest(unknown);
    expect(message.kind).toBe('no-account');
    expect(message.links).toEqual([`${TEST_ORIGIN}/auth?mode=sign-up`]);
    expect(await t.db.select().from(authUsers).where(eq(authUsers.email, unknown))).toEqual([]);
  });

  it('creates the account from a sign-up request with the terms accepted, with its profile', async () => {
    const email = newEmail();
    await askForLink(email, { name: 'Lucía Magic', metadata: { termsAccepted: true } }, { cookie: 'rumbo_language=es-LA' });
    const message = await t.outbox.latest(email, 'magic-link');
    expect(message.subject).toBe('Tu enlace para entrar a Rumbo');
    const opened = await open(message.links[0] ?? '');
    expect((await sessionOf(sessionCookie(opened)))?.user.email).toBe(email);
    const [profile] = await t.db.select().from(users).where(eq(users.email, email));
    expect(profile?.fullName).toBe('Lucía Magic');
  });

  it('an expired link gives the error page', async () => {
    const { email } = await t.signUp();
    await askForLink(email);
    const link = await t.outbox.link(email, 'magic-link');
    // Age every pending link past its 15 minutes.
    await t.db.execute(`update auth_verifications set expires_at = now() - interval '1 minute'`);
    const opened = await open(link);
    expect(target(opened)).toBe('/auth/callback?error=INVALID_TOKEN');
  });

  it('a made-up token gives the error page', async () => {
    const opened = await t.request('/api/auth/magic-link/verify?token=forged&callbackURL=%2Fauth%2Fcallback&errorCallbackURL=%2Fauth%2Fcallback');
    expect(target(opened)).toBe('/auth/callback?error=INVALID_TOKEN');
  });

  it('refuses a malformed e-mail', async () => {
    const response = await t.request('/api/auth/sign-in/magic-link', { method: 'POST', json: { email: 'nope', callbackURL: '/auth/callback' } });
    expect(response.status).toBe(400);
  });
});

describe('password reset', () => {
  async function requestReset(email: string) {
    const response = await t.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email, redirectTo: '/reset-password' },
    });
    expect(response.status).toBe(200);
    return response.json();
  }

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const known = (await t.signUp()).email;
    const unknown = newEmail();
    const before = t.outbox.all().length;
    expect(await requestReset(unknown)).toEqual(await requestReset(known));
    await t.outbox.latest(known, 'reset-password', before);
    expect(t.outbox.all().filter((m) => m.to === unknown)).toEqual([]);
  });

  it('refuses a malformed e-mail, and a made-up token', async () => {
    const malformed = await t.request('/api/auth/request-password-reset', { method: 'POST', json: { email: 'nope', redirectTo: '/reset-password' } });
    expect(malformed.status).toBe(400);
    const forged = await t.request('/api/auth/reset-password', { method: 'POST', json: { token: 'made-up', newPassword: 'a brand new password' } });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { code: string }).code).toBe('INVALID_TOKEN');
  });

  it('sets a new password through the e-mailed link, ends old sessions, and the link works once', async () => {
    const { email, password, cookie } = await t.signUp({ name: 'Reset Me', confirmed: true });
    await requestReset(email);
    const message = await t.outbox.latest(email, 'reset-password');
    expect(message.text).toContain('Hi Reset Me,');
    const opened = await open(message.links[0] ?? '');
    expect(opened.status).toBe(302);
    const location = new URL(opened.headers.get('location') ?? '', TEST_ORIGIN);
    expect(location.pathname).toBe('/reset-password');
    const token = location.searchParams.get('token') ?? '';
    expect(token).not.toBe('');

    const tooShort = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'short' } });
    expect(tooShort.status).toBe(400);

    const reset = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'a brand new password' } });
    expect(reset.status).toBe(200);
    expect(await sessionOf(cookie)).toBeNull();

    const oldPassword = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });
    expect(oldPassword.status).toBe(401);
    const newPassword = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: 'a brand new password' } });
    expect(newPassword.status).toBe(200);

    const reused = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'yet another password' } });
    expect(reused.status).toBe(400);
    const reopened = await open(message.links[0] ?? '');
    expect(new URL(reopened.headers.get('location') ?? '', TEST_ORIGIN).searchParams.get('error')).toBe('INVALID_TOKEN');
  });

  it('a newer reset link replaces the older one: only the last e-mailed link sets a password', async () => {
    const { email, password } = await t.signUp({ name: 'Two Links' });
    const tokenOf = (link: string) => new URL(link).pathname.split('/').at(-1) ?? '';
    await requestReset(email);
    const first = await t.outbox.latest(email, 'reset-password');
    const before = t.outbox.all().length;
    await requestReset(email);
    const second = await t.outbox.latest(email, 'reset-password', before);
    expect(tokenOf(second.links[0] ?? '')).not.toBe(tokenOf(first.links[0] ?? ''));

    const withOld = await t.request('/api/auth/reset-password', { method: 'POST', json: { token: tokenOf(first.links[0] ?? ''), newPassword: 'an attacker password' } });
    expect(withOld.status).toBe(400);
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })).status).toBe(200);
    const withNew = await t.request('/api/auth/reset-password', { method: 'POST', json: { token: tokenOf(second.links[0] ?? ''), newPassword: 'the owner password' } });
    expect(withNew.status).toBe(200);
  });

  it('refuses an expired link with the same clear answer, and the password stays as it was', async () => {
    const { email, password } = await t.signUp({ name: 'Too Late' });
    await requestReset(email);
    const message = await t.outbox.latest(email, 'reset-password');
    const token = new URL(message.links[0] ?? '').pathname.split('/').at(-1) ?? '';
    // The link's hour has passed.
    await t.db.update(authVerifications).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(authVerifications.identifier, `reset-password:${token}`));
    const opened = await open(message.links[0] ?? '');
    expect(new URL(opened.headers.get('location') ?? '', TEST_ORIGIN).searchParams.get('error')).toBe('INVALID_TOKEN');
    const reset = await t.request('/api/auth/reset-password', { method: 'POST', json: { token, newPassword: 'a brand new password' } });
    expect(reset.status).toBe(400);
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password } })).status).toBe(200);
  });
});

describe('GET /api/auth-providers', () => {
  it('offers no Google or OIDC button when they are not configured', async () => {
    const response = await t.request('/api/auth-providers');
    expect(await response.json()).toEqual({ google: false, oidc: null });
  });

  describe('with Google configured', () => {
    let configured: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      configured = await createTestApp({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'shh-secret' });
    });
    afterAll(() => configured.close());

    it('offers Google without revealing its secret, and Better Auth sends the browser to Google', async () => {
      const response = await configured.request('/api/auth-providers');
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ google: true, oidc: null });
      expect(text).not.toContain('shh-secret');
      // And Better Auth really sends the browser to Google.
      const start = await configured.request('/api/auth/sign-in/social', { method: 'POST', json: { provider: 'google', callbackURL: '/auth/callback' } });
      const { url } = (await start.json()) as { url: string };
      expect(new URL(url).origin).toBe('https://accounts.google.com');
      expect(new URL(url).searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/api/auth/callback/google`);
    });
  });
});

