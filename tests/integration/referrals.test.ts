import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REFERRAL_REWARDS_PER_YEAR } from '../../src/core/referrals/referral-schema.ts';
import { pointsLedger, referralCodes, subscriptions, users } from '../../src/server/db/schema/index.ts';
import { attachCode, rewardReferral } from '../../src/server/features/referrals/index.ts';
import { auditRows, errorOf, signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;

const createCode = async (cookie: string) => {
  const response = await t.request('/api/referrals', { method: 'POST', cookie });
  expect(response.status, await response.clone().text()).toBe(201);
  return await answerOf('POST /api/referrals', response);
};
const listCodes = async (cookie: string) => (await answerOf('GET /api/referrals', t.request('/api/referrals', { cookie }))).codes;
const codeRow = async (code: string) => (await t.db.select().from(referralCodes).where(eq(referralCodes.code, code)))[0]!;

/** A sign-up through the e-mail form with `ref` as the web sends it (cookieRef as the auth page's cookie), confirmed from the e-mail. */
async function signUpWith(ref: string | undefined, options: { cookieRef?: string; email?: string } = {}) {
  counter += 1;
  return t.signUp({
    email: options.email ?? `invited${counter}-${Date.now()}@example.com`,
    name: 'Bruno Invited',
    json: ref === undefined ? {} : { ref },
    headers: options.cookieRef ? { cookie: `rumbo_ref=${encodeURIComponent(options.cookieRef)}` } : {},
    confirmed: true,
  });
}
const onboard = (cookie: string) => t.request('/api/onboarding', { method: 'POST', cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
const subscriptionOf = async (userId: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0];
const tierOf = async (userId: string) => (await t.db.select({ tier: users.userTier }).from(users).where(eq(users.id, userId)))[0]!.tier;

describe('referral codes', () => {
  it('creates a code worth 5 points through the ledger and lists it as available; another founder cannot see it', async () => {
    const a = await t.signUp({ name: 'Ana Founder' });
    const created = await createCode(a.cookie);
    expect(created).toMatchObject({ code: expect.stringMatching(/^[A-Z2-9]{8}$/), status: 'available', usedAt: null, rewardedAt: null });
    const points = await t.db.select().from(pointsLedger).where(and(eq(pointsLedger.userId, a.user.id), eq(pointsLedger.event, 'referral-code-created')));
    expect(points.map((row) => row.points)).toEqual([5]);
    expect((await listCodes(a.cookie)).map((code) => [code.code, code.status])).toEqual([[created.code, 'available']]);

    const b = await t.signUp();
    expect(await listCodes(b.cookie)).toEqual([]);
    expect((await t.request(`/api/referrals/${created.code}`, { cookie: a.cookie })).status).toBe(200);
    const hidden = await t.request(`/api/referrals/${created.code}`, { cookie: b.cookie });
    expect(hidden.status).toBe(404);
    expect(await errorOf(hidden)).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.request('/api/referrals', { method: 'POST' })).status).toBe(401);
  });

  it('refuses an 11th unused code with a clear error and writes nothing', async () => {
    const a = await t.signUp();
    for (let i = 0; i < 10; i += 1) await createCode(a.cookie);
    const refused = await t.request('/api/referrals', { method: 'POST', cookie: a.cookie });
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({ code: 'REFERRAL_CODE_LIMIT' });
    expect(await listCodes(a.cookie)).toHaveLength(10);
    const points = await t.db.select().from(pointsLedger).where(and(eq(pointsLedger.userId, a.user.id), eq(pointsLedger.event, 'referral-code-created')));
    expect(points).toHaveLength(10);
  });

  it('names the inviter of a usable code and answers 404 for any other, the same way', async () => {
    const a = await t.signUp({ name: 'Ana Founder' });
    const { code } = await createCode(a.cookie);
    const invite = await t.request(`/api/referrals/invites/${code.toLowerCase()}`);
    expect(invite.status).toBe(200);
    expect(await invite.json()).toEqual({ inviterName: 'Ana' });
    for (const bad of ['ZZZZZZZZ', '<b>x</b>', 'A'.repeat(10_000)]) {
      const response = await t.request(`/api/referrals/invites/${encodeURIComponent(bad)}`);
      expect(response.status).toBe(404);
    }
    await signUpWith(code);
    expect((await t.request(`/api/referrals/invites/${code}`)).status).toBe(404);
  });
});

describe('signing up with a code and the reward', () => {
  it('available → pending at sign-up → rewarded at onboarding: both founders get a month of Premium through the state machine, audited, once', async () => {
    const a = await t.signUp();
    const { code } = await createCode(a.cookie);
    const b = await signUpWith(code);
    expect(await codeRow(code)).toMatchObject({ status: 'pending', referredUserId: b.user.id, usedAt: expect.any(Date), rewardedAt: null });
    expect((await listCodes(a.cookie))[0]).toMatchObject({ status: 'pending', usedAt: expect.any(String) });
    expect(await auditRows(t, 'security_referral_code_used', a.user.id)).toHaveLength(1);

    expect((await onboard(b.cookie)).status).toBe(200);
    expect(await codeRow(code)).toMatchObject({ status: 'rewarded', rewardedAt: expect.any(Date) });
    for (const founder of [a, b]) {
      const subscription = await subscriptionOf(founder.user.id);
      expect(subscription).toMatchObject({ status: 'active', plan: null });
      const months = (subscription!.periodEnd!.getTime() - subscription!.periodStart!.getTime()) / (24 * 3600 * 1000);
      expect(months).toBeGreaterThanOrEqual(28);
      expect(months).toBeLessThanOrEqual(31);
      expect(await tierOf(founder.user.id)).toBe(2);
    }
    const [audit] = await auditRows(t, 'security_referral_rewarded', a.user.id);
    expect(audit!.details).toMatchObject({ referredUserId: b.user.id, months: 1, ownerRewarded: true });

    // Onboarding submitted again: no second month.
    const before = await subscriptionOf(b.user.id);
    expect((await onboard(b.cookie)).status).toBe(200);
    expect((await subscriptionOf(b.user.id))!.periodEnd).toEqual(before!.periodEnd);
    expect(await auditRows(t, 'security_referral_rewarded', a.user.id)).toHaveLength(1);
  });

  it('extends a Premium period already running instead of replacing it', async () => {
    const a = await t.signUp();
    const { code } = await createCode(a.cookie);
    const b = await signUpWith(code);
    // A's first reward, from another referral, then this one: two months in all.
    const first = await createCode(a.cookie);
    const c = await signUpWith(first.code);
    expect((await onboard(c.cookie)).status).toBe(200);
    const once = (await subscriptionOf(a.user.id))!.periodEnd!;
    expect((await onboard(b.cookie)).status).toBe(200);
    const twice = (await subscriptionOf(a.user.id))!.periodEnd!;
    expect(twice.getTime()).toBeGreaterThan(once.getTime() + 27 * 24 * 3600 * 1000);
  });

  it('keeps the code through the auth cookie when the body has none (magic link, Google, another tab)', async () => {
    const a = await t.signUp();
    const { code } = await createCode(a.cookie);
    const b = await signUpWith(undefined, { cookieRef: code });
    expect(await codeRow(code)).toMatchObject({ status: 'pending', referredUserId: b.user.id });
  });

  it('a made-up code, markup or 10,000 characters sign the founder up without a code', async () => {
    for (const ref of ['ZZZZZZZZ', '<script>alert(1)</script>', 'A'.repeat(10_000)]) {
      const b = await signUpWith(ref);
      expect(await t.db.select().from(referralCodes).where(eq(referralCodes.referredUserId, b.user.id))).toEqual([]);
      expect((await onboard(b.cookie)).status).toBe(200);
      expect(await tierOf(b.user.id)).toBe(1);
    }
  });

  it('a used code works once: the second founder signs up without it', async () => {
    const a = await t.signUp();
    const { code } = await createCode(a.cookie);
    const b = await signUpWith(code);
    const c = await signUpWith(code);
    expect(await codeRow(code)).toMatchObject({ referredUserId: b.user.id });
    expect(await t.db.select().from(referralCodes).where(eq(referralCodes.referredUserId, c.user.id))).toEqual([]);
  });

  it('two sign-ups racing for one code: one wins, the other signs up without it', async () => {
    const a = await t.signUp();
    const { code } = await createCode(a.cookie);
    const [b, c] = await Promise.all([signUpWith(code), signUpWith(code)]);
    const row = await codeRow(code);
    expect([b.user.id, c.user.id]).toContain(row.referredUserId);
    expect(row.status).toBe('pending');
  });

  it('onboarding submitted twice at once rewards exactly once', async () => {
    const a = await t.signUp();
    const { code } = await createCode(a.cookie);
    const b = await signUpWith(code);
    // Onboarding done as two submissions would leave it, each then asking for the reward.
    await t.db.update(users).set({ onboardingCompleted: true }).where(eq(users.id, b.user.id));
    const results = await Promise.all([rewardReferral(t.deps, b.user.id), rewardReferral(t.deps, b.user.id)]);
    expect(results.filter((result) => result.rewarded)).toHaveLength(1);
    expect(await auditRows(t, 'security_referral_rewarded', a.user.id)).toHaveLength(1);
  });

  it("nobody uses their own code, and an address that already had an account cannot be referred", async () => {
    const a = await t.signUp();
    const { code } = await createCode(a.cookie);
    expect(await attachCode(t.db, { id: a.user.id, email: a.email }, code)).toBe('own');
    const other = await t.signUp();
    // The same address (any case) as an existing or deleted account's.
    const b = await t.signUp();
    await t.db.update(users).set({ email: other.email.toUpperCase() }).where(eq(users.id, b.user.id));
    expect(await attachCode(t.db, { id: b.user.id, email: other.email.toUpperCase() }, code)).toBe('known-address');
    expect(await codeRow(code)).toMatchObject({ status: 'available', referredUserId: null });
  });

  it(`rewards the inviter at most ${MAX_REFERRAL_REWARDS_PER_YEAR} times in a year; the invited founder still gets the month`, async () => {
    const a = await t.signUp();
    const at = new Date();
    // Twelve rewards already this year, written as the reward writes them.
    for (let i = 0; i < MAX_REFERRAL_REWARDS_PER_YEAR; i += 1) {
      const { code } = await createCode(a.cookie);
      const b = await t.signUp();
      await t.db.update(referralCodes).set({ status: 'rewarded', referredUserId: b.user.id, usedAt: at, rewardedAt: at }).where(eq(referralCodes.code, code));
    }
    const { code } = await createCode(a.cookie);
    const b = await signUpWith(code);
    expect((await onboard(b.cookie)).status).toBe(200);
    expect(await codeRow(code)).toMatchObject({ status: 'rewarded' });
    expect(await tierOf(b.user.id)).toBe(2);
    expect(await subscriptionOf(a.user.id)).toBeUndefined();
    const [audit] = await auditRows(t, 'security_referral_rewarded', a.user.id);
    expect(audit!.details).toMatchObject({ ownerRewarded: false });
  });

  it('the admin user page shows who referred whom', async () => {
    const admin = await signUpAdmin(t);
    const a = await t.signUp();
    const { code } = await createCode(a.cookie);
    const b = await signUpWith(code);
    const page = async (id: string) => (await answerOf('GET /api/admin/users/:userId', t.request(`/api/admin/users/${id}`, { cookie: admin.cookie }))).referrals;
    expect(await page(b.user.id)).toEqual({ referredBy: a.email, referredCount: 0 });
    expect(await page(a.user.id)).toEqual({ referredBy: null, referredCount: 1 });
  });
});
