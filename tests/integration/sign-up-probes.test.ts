import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/core/subscription/billing-dates.ts';
import { knownAddresses, referralCodes, subscriptions, users } from '../../src/server/db/schema/index.ts';
import { addressDigest } from '../../src/server/platform/known-addresses.ts';
import { signUpAdmin } from './support/accounts.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * What outside probes of sign-up look for: a taken address and a new one answered alike
 * whatever the body (decision 240), rewards and trials only for real, first-time founders
 * (decisions 241 and 243), session lists without tokens, no stranger's text in Rumbo's e-mails,
 * the founder's language saved at sign-up (decision 242), and a referral month that starts when
 * the trial or paid period ends.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // The founders' own password hash: the timing test below compares what both answers cost with it (decision 306).
  t = await createTestApp({ RATE_LIMIT_SCALE: '50' }, { passwordHashing: 'standard' });
});
afterAll(() => t.close());

let counter = 0;
const newEmail = (prefix = 'probe') => `${prefix}${++counter}-${Date.now()}@example.com`;
const PASSWORD = 'a long enough password';
const rawSignUp = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request('/api/auth/sign-up/email', { method: 'POST', json: { password: PASSWORD, termsAccepted: true, ...json }, headers });
const mailsTo = (to: string, kind: string) => t.outbox.all().filter((message) => message.to === to && message.kind === kind);
const onboard = (cookie: string) => t.request('/api/onboarding', { method: 'POST', cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
const createCode = async (cookie: string) => (await answerOf('POST /api/referrals', t.request('/api/referrals', { method: 'POST', cookie }))).code;
const codeStatus = async (code: string) => (await t.db.select({ status: referralCodes.status }).from(referralCodes).where(eq(referralCodes.code, code)))[0]!.status;
const subscriptionOf = async (cookie: string) => await answerOf('GET /api/subscription', t.request('/api/subscription', { cookie }));
const sessionOf = async (cookie: string) => (await (await t.request('/api/auth/get-session', { cookie })).json()) as { user: { email: string } } | null;

/** A Set-Cookie header with its value's parts reduced to their shape (length, characters) and its attributes kept. */
const cookieShape = (header: string) => {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const [name, value = ''] = pair.split('=');
  const [token = '', signature = ''] = decodeURIComponent(value).split('.');
  return { name, token: token.replace(/[A-Za-z0-9]/g, 'x'), signature: signature.replace(/[A-Za-z0-9+/=]/g, 's'), attributes };
};

/** What a probe sees: status, body shape (keys and types, recursively), the token's shape, and the cookies set. */
async function shapeOf(response: Response) {
  const body = (await response.json()) as { token?: unknown };
  const types = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, types(inner)])) : value === null ? 'null' : typeof value;
  return {
    status: response.status,
    shape: types(body),
    token: typeof body.token === 'string' ? body.token.replace(/[A-Za-z0-9]/g, 'x') : body.token,
    cookies: response.headers.getSetCookie().map(cookieShape),
  };
}

describe('sign-up tells nobody who has an account', () => {
  it('answers a taken and a new address alike: 200, a token, a user, the same signed cookie; only the new one opens a session', async () => {
    const taken = await t.signUp();
    const fresh = newEmail();
    const forTaken = await rawSignUp({ email: taken.email, name: 'Probe' });
    const forNew = await rawSignUp({ email: fresh, name: 'Probe' });
    const [takenCookie, newCookie] = [sessionCookie(forTaken), sessionCookie(forNew)];
    type Answer = { token: string; user: { id: string; email: string; name: string } };
    const [takenBody, newBody] = [(await forTaken.clone().json()) as Answer, (await forNew.clone().json()) as Answer];
    const [a, b] = await Promise.all([shapeOf(forTaken), shapeOf(forNew)]);
    expect(a).toEqual(b);
    expect(b).toMatchObject({ status: 200, token: 'x'.repeat(32), cookies: [{ name: 'rumbo.session_token' }] });
    expect(takenBody.user).toMatchObject({ email: taken.email, name: 'Probe' });
    expect(newBody.user).toMatchObject({ email: fresh, name: 'Probe' });
    expect(takenBody.user.id).not.toBe(taken.user.id);
    // The new founder is signed in, as the API promises; the taken address's cookie opens nothing (decision 240).
    expect((await sessionOf(newCookie))?.user.email).toBe(fresh);
    expect(await sessionOf(takenCookie)).toBeNull();
    expect((await sessionOf(taken.cookie))?.user.email).toBe(taken.email);
  });

  it('validates the body first: a bad body is refused the same way for both', async () => {
    const taken = await t.signUp();
    const bodies: Record<string, unknown>[] = [
      ...[42, null, {}, [], true].map((name) => ({ name })),
      { name: 'Probe', password: 'short' },
      { name: 'Probe', password: 42 },
      { name: 'Probe', image: 7 },
      { name: 'Probe', rememberMe: 'yes' },
      { name: 'Probe', termsAccepted: false },
    ];
    for (const body of bodies) {
      const forTaken = await rawSignUp({ email: taken.email, ...body });
      const forNew = await rawSignUp({ email: newEmail(), ...body });
      expect(forTaken.status, JSON.stringify(body)).toBe(400);
      expect(forNew.status, JSON.stringify(body)).toBe(400);
      expect(await forTaken.json()).toEqual(await forNew.json());
      expect(forTaken.headers.getSetCookie()).toEqual(forNew.headers.getSetCookie());
    }
  });

  it('takes the same time for both, within the noise (medians of alternating probes)', async () => {
    const taken = await t.signUp();
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await rawSignUp({ email, name: 'Probe' })).status).toBe(200);
      return performance.now() - started;
    };
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const forTaken: number[] = [];
    const forNew: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      forTaken.push(await timed(taken.email));
      forNew.push(await timed(newEmail('timing')));
    }
    const [a, b] = [median(forTaken), median(forNew)];
    // Both are a password hash and a few small queries; e-mails go out after the answer.
    expect(Math.abs(a - b), `taken ${a.toFixed(0)} ms, new ${b.toFixed(0)} ms`).toBeLessThan(Math.max(60, 0.5 * Math.max(a, b)));
  });

  it('tells the owner of a taken address at most once a day, however many probes', async () => {
    const taken = await t.signUp();
    for (let probe = 0; probe < 4; probe += 1) expect((await rawSignUp({ email: taken.email, name: 'Probe' })).status).toBe(200);
    // A later sign-up's e-mail has arrived: the background sends of the probes are done too.
    const control = newEmail();
    await rawSignUp({ email: control, name: 'Control' });
    await t.outbox.latest(control, 'confirm-email');
    await t.outbox.latest(taken.email, 'account-exists');
    expect(mailsTo(taken.email, 'account-exists')).toHaveLength(1);
  });
});

describe('no stranger\'s text in the e-mails Rumbo sends', () => {
  it('the confirmation e-mail never carries the name typed at sign-up, nor does a later notice to that unconfirmed address', async () => {
    const email = newEmail('victim');
    const name = 'Claim your prize at evil.example now';
    expect((await rawSignUp({ email, name })).status).toBe(200);
    const confirmation = await t.outbox.latest(email, 'confirm-email');
    expect(confirmation.text + confirmation.html).not.toMatch(/prize|evil/);
    expect((await rawSignUp({ email, name: 'Second try' })).status).toBe(200);
    const notice = await t.outbox.latest(email, 'account-exists');
    expect(notice.text + notice.html).not.toMatch(/prize|evil/);
  });
});

describe('referral rewards only for real founders', () => {
  it('six never-confirmed throwaway sign-ups with codes, even onboarded, reward nobody', async () => {
    const inviter = await t.signUp({ confirmed: true });
    const codes: string[] = [];
    for (let throwaway = 0; throwaway < 6; throwaway += 1) {
      const code = await createCode(inviter.cookie);
      codes.push(code);
      const account = await t.signUp({ email: newEmail('throwaway'), name: 'Throwaway', json: { ref: code } });
      expect((await onboard(account.cookie)).status).toBe(200);
    }
    expect(await Promise.all(codes.map(codeStatus))).toEqual(Array(6).fill('pending'));
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, inviter.user.id))).toEqual([]);
    expect((await subscriptionOf(inviter.cookie)).phase).toBe('trialing');
  });

  it('rewards once the address is confirmed and onboarding done, whichever comes last', async () => {
    const inviter = await t.signUp();
    const code = await createCode(inviter.cookie);
    const invited = await t.signUp({ json: { ref: code } });
    expect((await onboard(invited.cookie)).status).toBe(200);
    expect(await codeStatus(code)).toBe('pending');
    // Opening the e-mailed confirmation link rewards both.
    await t.confirmAddress(invited.email);
    expect(await codeStatus(code)).toBe('rewarded');
    expect((await subscriptionOf(inviter.cookie)).phase).toBe('premium');
  });
});

describe('one trial per address', () => {
  it('deleting the account and signing up again neither restarts the trial nor allows a referral', async () => {
    const first = await t.signUp();
    expect((await subscriptionOf(first.cookie)).phase).toBe('trialing');
    expect(await t.db.select().from(knownAddresses).where(eq(knownAddresses.emailHash, addressDigest(first.email)))).toHaveLength(1);
    const removed = await t.request('/api/account/delete', { method: 'POST', cookie: first.cookie, json: { email: first.email } });
    expect(removed.status).toBe(200);
    // The account is erased (decision 307): only the address's digest remembers it had one.
    expect(await t.db.select().from(users).where(eq(users.id, first.user.id))).toEqual([]);
    expect(await t.db.select().from(knownAddresses).where(eq(knownAddresses.emailHash, addressDigest(first.email)))).toHaveLength(1);

    const inviter = await t.signUp();
    const code = await createCode(inviter.cookie);
    const again = await t.signUp({ email: first.email.toUpperCase(), json: { ref: code } });
    expect(again.user.id).not.toBe(first.user.id);
    const subscription = await subscriptionOf(again.cookie);
    expect(subscription).toMatchObject({ phase: 'free', trialEndsAt: null, stretches: [] });
    expect(await (await t.request('/api/me', { cookie: again.cookie })).json()).toMatchObject({ isInTrial: false, effectiveUserTier: 1 });
    expect(await codeStatus(code)).toBe('available');
    // Stored only as a digest: the address itself is nowhere in that table.
    expect(JSON.stringify(await t.db.select().from(knownAddresses))).not.toContain(first.email);
  });
});

describe('referral time adds up', () => {
  it('a month given during the trial starts when the trial ends; the page lists each stretch and its source', async () => {
    const inviter = await t.signUp();
    const invited = await t.signUp({ json: { ref: await createCode(inviter.cookie) }, confirmed: true });
    const trialEnd = (await subscriptionOf(invited.cookie)).trialEndsAt!;
    expect((await onboard(invited.cookie)).status).toBe(200);
    for (const founder of [inviter, invited]) {
      const subscription = await subscriptionOf(founder.cookie);
      const [row] = await t.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, founder.user.id));
      const ends = new Date(row!.createdAt.getTime() + 14 * 24 * 3600 * 1000);
      expect(subscription.periodEnd).toBe(addMonths(ends, 1).toISOString());
      expect(subscription.stretches).toEqual([
        { source: 'trial', start: row!.createdAt.toISOString(), end: ends.toISOString() },
        { source: 'referral', start: ends.toISOString(), end: addMonths(ends, 1).toISOString() },
      ]);
    }
    expect(trialEnd).toBeTruthy();
  });

  it('a month given during a paid period starts when that period ends', async () => {
    const inviter = await t.signUp();
    expect((await t.request('/api/subscription/upgrade', { method: 'POST', cookie: inviter.cookie, json: { plan: 'monthly' } })).status).toBe(200);
    const paid = await subscriptionOf(inviter.cookie);
    const invited = await t.signUp({ json: { ref: await createCode(inviter.cookie) }, confirmed: true });
    expect((await onboard(invited.cookie)).status).toBe(200);
    const after = await subscriptionOf(inviter.cookie);
    expect(after.periodEnd).toBe(addMonths(new Date(paid.stretches[0]!.start), 2).toISOString());
    expect(after.stretches.map((stretch) => [stretch.source, stretch.start])).toEqual([
      ['paid', paid.stretches[0]!.start],
      ['referral', paid.periodEnd],
    ]);
  });
});

describe('session lists', () => {
  it('never carry a raw token nor a whole IP address; an admin viewing as the founder sees neither network nor browser', async () => {
    const founder = await t.signUp();
    const second = sessionCookie(await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: founder.email, password: founder.password }, clientAddress: '203.0.113.7' }));
    const listed = await t.request('/api/auth/list-sessions', { cookie: second });
    expect(listed.status).toBe(200);
    const text = await listed.clone().text();
    const tokens = [founder.cookie, second].map((cookie) => decodeURIComponent(/session_token=([^;.]+)/.exec(cookie)![1]!));
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toContain('203.0.113.7');
    const sessions = (await listed.json()) as Record<string, unknown>[];
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    for (const session of sessions) expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'expiresAt', 'id', 'network', 'updatedAt', 'userAgent']);
    expect(sessions.find((session) => session.current)).toMatchObject({ network: '203.0.113.x', userAgent: expect.stringContaining('RumboTest') });

    const boss = await signUpAdmin(t);
    const started = await t.request('/api/impersonation', { method: 'POST', cookie: boss.jar.header, json: { targetUserId: founder.user.id } });
    expect(started.status, await started.clone().text()).toBe(201);
    boss.jar.take(started);
    const asAdmin = (await (await t.request('/api/auth/list-sessions', { cookie: boss.jar.header })).json()) as Record<string, unknown>[];
    expect(asAdmin.length).toBeGreaterThanOrEqual(2);
    for (const session of asAdmin) expect(session).toMatchObject({ network: null, userAgent: null });
  });
});

describe("the founder's language is saved at sign-up", () => {
  it('from the page the e-mail sign-up came from: Spanish e-mails from the first, and the founder can still change it', async () => {
    const founder = await t.signUp({ json: { language: 'es-LA' }, headers: { 'accept-language': 'en-US' } });
    expect((await t.outbox.latest(founder.email, 'confirm-email')).subject).toBe('Confirma tu correo de Rumbo');
    expect(await (await t.request('/api/me', { cookie: founder.cookie })).json()).toMatchObject({ preferredLanguage: 'es-LA' });
    const changed = await t.request('/api/me', { method: 'PATCH', cookie: founder.cookie, json: { preferredLanguage: 'en' } });
    expect(changed.status).toBe(200);
    expect(await (await t.request('/api/me', { cookie: founder.cookie })).json()).toMatchObject({ preferredLanguage: 'en' });
  });

  it("from the browser's Accept-Language for a magic-link sign-up", async () => {
    const email = newEmail('magic');
    const headers = { 'accept-language': 'es-MX,es;q=0.9' };
    const asked = await t.request('/api/auth/sign-in/magic-link', {
      method: 'POST',
      headers,
      json: { email, name: 'Mateo', metadata: { termsAccepted: true }, callbackURL: '/auth/callback', newUserCallbackURL: '/auth/callback?new=1' },
    });
    expect(asked.status).toBe(200);
    const link = new URL(await t.outbox.link(email, 'magic-link'));
    const opened = await t.request(link.pathname + link.search, { headers });
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get('location')!, TEST_ORIGIN).pathname).toBe('/auth/callback');
    const [profile] = await t.db.select({ language: users.preferredLanguage }).from(users).where(eq(users.email, email));
    expect(profile?.language).toBe('es-LA');
  });
});
