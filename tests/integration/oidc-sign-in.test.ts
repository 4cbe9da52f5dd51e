import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OidcTestProvider, oidcTestEmail, startOidcTestProvider } from '../../scripts/lib/oidc-test-provider.ts';
import { emailOwedNotices } from '../../src/server/features/referrals/notices.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Sign-in through a real OpenID provider on loopback: Rumbo's server fetches the
 * discovery document, exchanges the code (with PKCE) and checks the ID token over
 * real HTTP; this test plays the browser, carrying each side's cookies.
 */
let provider: OidcTestProvider;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  provider = await startOidcTestProvider({ appUrl: TEST_ORIGIN });
  t = await createTestApp({
    RATE_LIMIT_SCALE: '20',
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_NAME: 'Acme SSO',
  });
});
afterAll(async () => {
  await t.close();
  await provider.close();
});

/** A minimal cookie jar for the provider's origin. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Submits the provider's HTML form (login or consent) as a browser would. */
async function submitForm(html: string, pageUrl: string, jar: Jar, login: string) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no form on ${pageUrl}: ${html.slice(0, 300)}`);
  const fields = new URLSearchParams();
  for (const [, name = '', value = ''] of html.matchAll(/<input[^>]*name="([^"]+)"(?:[^>]*value="([^"]*)")?/g)) {
    fields.set(name, name === 'login' ? login : name === 'password' ? 'any password' : value);
  }
  return fetch(new URL(action, pageUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: fields,
  });
}

/**
 * Starts at Rumbo, signs in at the provider as `login`, and returns Rumbo's final answer.
 * `browserCookie` is what else the browser holds for Rumbo, e.g. the referral cookie the auth page set.
 */
async function signInWithOidc(login: string, browserCookie?: string) {
  const start = await t.request('/api/auth/sign-in/social', {
    method: 'POST',
    json: { provider: 'oidc', callbackURL: '/auth/callback', newUserCallbackURL: '/auth/callback?new=1', errorCallbackURL: '/auth/callback' },
  });
  expect(start.status).toBe(200);
  const appCookie = sessionCookie(start);
  let url = ((await start.json()) as { url: string }).url;
  expect(url.startsWith(`${provider.issuer}/`)).toBe(true);
  expect(new URL(url).searchParams.get('code_challenge_method')).toBe('S256');

  const jar = new Jar();
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(TEST_ORIGIN)) {
      const target = new URL(url);
      return t.request(target.pathname + target.search, { cookie: browserCookie ? `${appCookie}; ${browserCookie}` : appCookie });
    }
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(response);
    const next = response.headers.get('location');
    if (next) {
      url = new URL(next, url).toString();
      continue;
    }
    const submitted = await submitForm(await response.text(), url, jar, login);
    jar.take(submitted);
    url = new URL(submitted.headers.get('location') ?? '', url).toString();
  }
  throw new Error('the provider never sent the browser back');
}

async function sessionUser(cookie: string) {
  const response = await t.request('/api/auth/get-session', { cookie });
  return ((await response.json()) as { user: { email: string; name: string; emailVerified: boolean } } | null)?.user ?? null;
}

describe('sign-in with an OpenID Connect provider', () => {
  it('shows its button by name', async () => {
    expect(await (await t.request('/api/auth-providers')).json()).toEqual({ google: false, oidc: { id: 'oidc', name: 'Acme SSO' } });
  });

  it('creates the account on first sign-in (verified e-mail, name, profile) and lands on the callback page', async () => {
    const done = await signInWithOidc('ana');
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toMatch(/\/auth\/callback\?new=1$/);
    const user = await sessionUser(sessionCookie(done));
    expect(user).toMatchObject({ email: oidcTestEmail('ana'), name: 'OIDC ana', emailVerified: true });
    const me = await t.request('/api/me', { cookie: sessionCookie(done) });
    expect(((await me.json()) as { fullName: string }).fullName).toBe('OIDC ana');
  });

  it('signs the same person into the same account the next time', async () => {
    const first = await sessionUser(sessionCookie(await signInWithOidc('bruno')));
    const again = await signInWithOidc('bruno');
    expect(again.headers.get('location')).toMatch(/\/auth\/callback$/);
    expect((await sessionUser(sessionCookie(again)))?.email).toBe(first?.email);
  });

  it('a first sign-in from a referral link attaches the code the auth page kept in its cookie', async () => {
    const inviter = await t.signUp({ name: 'Ana Founder' });
    const created = await t.request('/api/referrals', { method: 'POST', cookie: inviter.cookie });
    const { code } = (await created.json()) as { code: string };
    const done = await signInWithOidc('camila', `rumbo_ref=${code}`);
    expect(done.headers.get('location')).toMatch(/\/auth\/callback\?new=1$/);
    const codes = async () => (await answerOf('GET /api/referrals', t.request('/api/referrals', { cookie: inviter.cookie }))).codes;
    expect((await codes()).map((row) => [row.code, row.status])).toEqual([[code, 'pending']]);

    // Onboarding rewards it, and the founder who came through the provider is the one invited.
    const invited = sessionCookie(done);
    const onboarded = await t.request('/api/onboarding', { method: 'POST', cookie: invited, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
    expect(onboarded.status).toBe(200);
    expect((await codes())[0]!.status).toBe('rewarded');
    // The referral e-mails job sends it (decision 244).
    await emailOwedNotices({ db: t.db, mailer: t.deps.mailer, env: { appUrl: t.env.appUrl } });
    expect((await t.outbox.latest(oidcTestEmail('camila'), 'referral-rewarded')).subject).toBe('Welcome gift: a month of Premium');
  });

  it('signing in again to an existing account with a code in the cookie leaves the code available', async () => {
    await signInWithOidc('dario');
    const inviter = await t.signUp({ name: 'Ana Founder' });
    const { code } = await answerOf('POST /api/referrals', t.request('/api/referrals', { method: 'POST', cookie: inviter.cookie }));
    const again = await signInWithOidc('dario', `rumbo_ref=${code}`);
    expect(again.headers.get('location')).toMatch(/\/auth\/callback$/);
    const [row] = (await answerOf('GET /api/referrals', t.request('/api/referrals', { cookie: inviter.cookie }))).codes;
    expect(row!.status).toBe('available');
  });

  it('after the account is deleted, the same provider account signs up anew: a new, empty account (decision 197)', async () => {
    const first = await signInWithOidc('elena');
    const cookie = sessionCookie(first);
    const old = await answerOf('GET /api/me', t.request('/api/me', { cookie }));
    const onboarded = await t.request('/api/onboarding', { method: 'POST', cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
    expect(onboarded.status).toBe(200);
    expect((await t.request('/api/account/delete', { method: 'POST', cookie, json: { email: oidcTestEmail('elena') } })).status).toBe(200);

    const again = await signInWithOidc('elena');
    expect(again.headers.get('location')).toMatch(/\/auth\/callback\?new=1$/);
    const me = await answerOf('GET /api/me', t.request('/api/me', { cookie: sessionCookie(again) }));
    expect(me.id).not.toBe(old.id);
    expect(me).toMatchObject({ email: oidcTestEmail('elena'), onboardingCompleted: false });
  });

  it('a callback with a forged state signs nobody in and lands on the error page', async () => {
    const forged = await t.request('/api/auth/callback/oidc?code=made-up&state=made-up');
    expect(forged.status).toBe(302);
    expect(forged.headers.get('location')).toMatch(/error=/);
    expect(sessionCookie(forged)).not.toMatch(/rumbo\.session_token=[^;]/);
  });
});
