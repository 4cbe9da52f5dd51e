import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '../../src/core/subscription/billing-dates.ts';
import { authUsers, knownAddresses, referralCodes, subscriptions, users } from '../../src/server/db/schema/index.ts';
import { addressDigest } from '../../src/server/platform/known-addresses.ts';
import { signUpAdmin } from './support/accounts.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN } from './support/test-app.ts';

/**
 * The sign-up findings of issue #31 (items 1–3, 8, 9), #30 item 2 and #33 item 5, as the outside
 * probes made them: a taken address and a new one answered alike whatever the body, no session
 * before the address is confirmed, rewards and trials only for real, first-time founders,
 * session lists without tokens, no attacker text in Rumbo's e-mails, the founder's language
 * saved at sign-up, and a referral month that starts when the trial or paid period ends.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_SCALE: '50' });
});
afterAll(() => t.close());

let counter = 0;
const newEmail = (prefix = 'probe') => `${prefix}${++counter}-${Date.now()}@example.com`;
const PASSWORD = 'a long enough password';
const rawSignUp = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request('/api/auth/sign-up/email', { method: 'POST', json: { password: PASSWORD, termsAccepted: true, ...json }, headers });
const mailsTo = (to: string, kind: string) => t.outbox.all().filter((message) => message.to === to && message.kind === kind);
const onboard = (cookie: string) => t.request('/api/onboarding', { method: 'POST', cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
const createCode = async (cookie: string) => ((await (await t.request('/api/referrals', { method: 'POST', cookie })).json()) as { code: string }).code;
const codeStatus = async (code: string) => (await t.db.select({ status: referralCodes.status }).from(referralCodes).where(eq(referralCodes.code, code)))[0]!.status;
type Subscription = { phase: string; periodEnd: string | null; trialEndsAt: string | null; stretches: { source: string; start: string; end: string }[] };
const subscriptionOf = async (cookie: string) => (await (await t.request('/api/subscription', { cookie })).json()) as Subscription;

/** What a probe compares: status, body shape (keys, recursively), the token, and the cookies set. */
async function shapeOf(response: Response) {
  const body: unknown = await response.json();
  const keys = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, keys(inner)])) : typeof value;
  return { status: response.status, shape: keys(body), token: body && typeof body === 'object' && 'token' in body ? body.token : 'absent', cookies: response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]) };
}

describe('sign-up tells nobody who has an account (#31.1)', () => {
  it('answers a taken and a new address alike: 200, the same body shape, no token, no cookie', async () => {
    const taken = await t.signUp();
    const answers = [await rawSignUp({ email: taken.email, name: 'Probe' }), await rawSignUp({ email: newEmail(), name: 'Probe' })];
    const [forTaken, forNew] = await Promise.all(answers.map(shapeOf));
    expect(forTaken).toEqual(forNew);
    expect(forNew).toMatchObject({ status: 200, token: null, cookies: [] });
  });

  it('validates the body first: a name that is not text is refused the same way for both', async () => {
    const taken = await t.signUp();
    for (const name of [42, null, {}, [], true]) {
      const forTaken = await rawSignUp({ email: taken.email, name });
      const forNew = await rawSignUp({ email: newEmail(), name });
      expect(forTaken.status, JSON.stringify(name)).toBe(400);
      expect(await forTaken.json()).toEqual(await forNew.json());
      expect(forNew.status).toBe(400);
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

  it('gives no session before the address is confirmed; the confirmation link signs in', async () => {
    const email = newEmail();
    const answer = await rawSignUp({ email, name: 'Nadie' });
    expect(answer.headers.getSetCookie()).toEqual([]);
    const signIn = await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password: PASSWORD } });
    expect(signIn.status).toBe(403);
    expect(signIn.headers.getSetCookie().some((cookie) => cookie.includes('session_token='))).toBe(false);
    const cookie = await t.confirmAddress(email);
    expect(((await (await t.request('/api/auth/get-session', { cookie })).json()) as { user: { email: string } }).user.email).toBe(email);
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

describe('no attacker text in the e-mails Rumbo sends (#31.9)', () => {
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

describe('referral rewards only for real founders (#31.2)', () => {
  it('never-confirmed throwaway sign-ups with a code reward nobody', async () => {
    const inviter = await t.signUp();
    const codes = [await createCode(inviter.cookie), await createCode(inviter.cookie), await createCode(inviter.cookie)];
    for (const ref of codes) {
      const throwaway = await rawSignUp({ email: newEmail('throwaway'), name: 'Throwaway', ref });
      expect(throwaway.headers.getSetCookie()).toEqual([]);
    }
    expect(await Promise.all(codes.map(codeStatus))).toEqual(['pending', 'pending', 'pending']);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, inviter.user.id))).toEqual([]);
  });

  it('rewards once the address is confirmed and onboarding done, whichever comes last', async () => {
    const inviter = await t.signUp();
    const code = await createCode(inviter.cookie);
    const invited = await t.signUp({ json: { ref: code } });
    // An account from before confirmation was required: onboarded, not confirmed.
    await t.db.update(authUsers).set({ emailVerified: false }).where(eq(authUsers.id, invited.user.id));
    expect((await onboard(invited.cookie)).status).toBe(200);
    expect(await codeStatus(code)).toBe('pending');

    // Signing in with the password sends a new confirmation link; opening it rewards both.
    const before = t.outbox.all().length;
    expect((await t.request('/api/auth/sign-in/email', { method: 'POST', json: { email: invited.email, password: invited.password } })).status).toBe(403);
    await t.confirmAddress(invited.email, {}, before);
    expect(await codeStatus(code)).toBe('rewarded');
    expect((await subscriptionOf(inviter.cookie)).phase).toBe('premium');
  });
});

describe('one trial per address (#31.3)', () => {
  it('deleting the account and signing up again neither restarts the trial nor allows a referral', async () => {
    const first = await t.signUp();
    expect((await subscriptionOf(first.cookie)).phase).toBe('trialing');
    expect(await t.db.select().from(knownAddresses).where(eq(knownAddresses.emailHash, addressDigest(first.email)))).toHaveLength(1);
    const removed = await t.request('/api/account/delete', { method: 'POST', cookie: first.cookie, json: { email: first.email } });
    expect(removed.status).toBe(200);

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

describe('referral time adds up (#33.5)', () => {
  it('a month given during the trial starts when the trial ends; the page lists each stretch and its source', async () => {
    const inviter = await t.signUp();
    const invited = await t.signUp({ json: { ref: await createCode(inviter.cookie) } });
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
    const invited = await t.signUp({ json: { ref: await createCode(inviter.cookie) } });
    expect((await onboard(invited.cookie)).status).toBe(200);
    const after = await subscriptionOf(inviter.cookie);
    expect(after.periodEnd).toBe(addMonths(new Date(paid.stretches[0]!.start), 2).toISOString());
    expect(after.stretches.map((stretch) => [stretch.source, stretch.start])).toEqual([
      ['paid', paid.stretches[0]!.start],
      ['referral', paid.periodEnd],
    ]);
  });
});

describe('session lists (#31.8)', () => {
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

describe("the founder's language is saved at sign-up (#30.2)", () => {
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
