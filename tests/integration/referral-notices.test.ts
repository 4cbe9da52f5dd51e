import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REFERRAL_REWARDS_PER_YEAR } from '../../src/core/referrals/referral-schema.ts';
import { referralCodes, referralNotices, users } from '../../src/server/db/schema/index.ts';
import { emailOwedNotices } from '../../src/server/features/referrals/notices.ts';
import { errorOf } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * What each founder is told when a referral is rewarded (docs/decisions/195-referral-reward-notices.md):
 * an in-app notice until dismissed and one e-mail in their own language; and who used each
 * code, as their community visibility allows.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
const createCode = async (cookie: string) => (await answerOf('POST /api/referrals', t.request('/api/referrals', { method: 'POST', cookie }))).code;
const listCodes = async (cookie: string) => (await answerOf('GET /api/referrals', t.request('/api/referrals', { cookie }))).codes;
const notices = async (cookie: string) => (await answerOf('GET /api/referrals/notices', t.request('/api/referrals/notices', { cookie }))).notices;
const onboard = (cookie: string) => t.request('/api/onboarding', { method: 'POST', cookie, json: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp' } });
const speaks = (userId: string, language: 'en' | 'es-LA') => t.db.update(users).set({ preferredLanguage: language }).where(eq(users.id, userId));

async function signUpWith(ref: string, name: string) {
  counter += 1;
  return t.signUp({ email: `invited-notice${counter}-${Date.now()}@example.com`, name, json: { ref }, confirmed: true });
}

/** One run of the referral e-mails job, as every instance runs it every 30 seconds (the reward itself sends nothing). */
const runEmailJob = () => emailOwedNotices({ db: t.db, mailer: t.deps.mailer, env: { appUrl: t.env.appUrl } });

const rewardedMails = (to: string) => t.outbox.all().filter((message) => message.to === to && message.kind === 'referral-rewarded');

describe('the reward tells both founders', () => {
  it('e-mails each founder once, in their own language, and shows each an in-app notice until dismissed', async () => {
    const a = await t.signUp({ name: 'Ana Founder' });
    await speaks(a.user.id, 'es-LA');
    const code = await createCode(a.cookie);
    const b = await signUpWith(code, 'Bruno Invited');
    await speaks(b.user.id, 'en');
    expect(await notices(a.cookie)).toEqual([]);
    expect(await notices(b.cookie)).toEqual([]);

    expect((await onboard(b.cookie)).status).toBe(200);
    // The request wrote the notices and sent nothing: the job does (decision 244).
    expect(rewardedMails(a.email)).toEqual([]);
    expect(await runEmailJob()).toBe(2);
    const toA = await t.outbox.latest(a.email, 'referral-rewarded');
    expect(toA.subject).toBe('Tu invitación te dio un mes de Premium');
    expect(toA.text).toContain('Hola, Ana Founder:');
    expect(toA.text).toContain('Un founder que invitaste a Rumbo acaba de completar su onboarding');
    expect(toA.html).toContain('lang="es');
    expect(toA.links[0]).toMatch(/\/referral$/);
    const toB = await t.outbox.latest(b.email, 'referral-rewarded');
    expect(toB.subject).toBe('Welcome gift: a month of Premium');
    expect(toB.text).toContain('Hi Bruno Invited,');
    expect(toB.text).toContain('you and the founder who invited you each get a month of Premium');
    expect(toB.html).toContain('lang="en');
    expect(toB.links[0]).toMatch(/\/subscription$/);

    const [forA] = await notices(a.cookie);
    const [forB] = await notices(b.cookie);
    expect(forA).toMatchObject({ role: 'inviter', months: 1 });
    expect(forB).toMatchObject({ role: 'invited', months: 1 });

    // Onboarding again: no second notice, no second e-mail.
    expect((await onboard(b.cookie)).status).toBe(200);
    expect(await runEmailJob()).toBe(0);
    expect(await notices(b.cookie)).toHaveLength(1);
    expect(rewardedMails(a.email)).toHaveLength(1);
    expect(rewardedMails(b.email)).toHaveLength(1);

    // Nobody dismisses another's notice; a made-up id is 400; dismissing twice is fine.
    const foreign = await t.request(`/api/referrals/notices/${forA!.id}/dismiss`, { method: 'POST', cookie: b.cookie });
    expect(foreign.status).toBe(404);
    expect(await errorOf(foreign)).toMatchObject({ code: 'NOT_FOUND' });
    for (const bad of ['abc', '0', '-1', '1e3', '9'.repeat(40)]) {
      const response = await t.request(`/api/referrals/notices/${bad}/dismiss`, { method: 'POST', cookie: a.cookie });
      expect(response.status, bad).toBe(400);
    }
    expect(await notices(a.cookie)).toHaveLength(1);
    for (let i = 0; i < 2; i += 1) expect((await t.request(`/api/referrals/notices/${forA!.id}/dismiss`, { method: 'POST', cookie: a.cookie })).status).toBe(204);
    expect(await notices(a.cookie)).toEqual([]);
    expect(await notices(b.cookie)).toHaveLength(1);
    expect((await t.request('/api/referrals/notices')).status).toBe(401);
  });

  it('both e-mails in English when both founders speak it, in Spanish when both speak Spanish', async () => {
    for (const language of ['en', 'es-LA'] as const) {
      const a = await t.signUp({ name: 'Carla Founder' });
      await speaks(a.user.id, language);
      const b = await signUpWith(await createCode(a.cookie), 'Diego Invited');
      await speaks(b.user.id, language);
      expect((await onboard(b.cookie)).status).toBe(200);
      await runEmailJob();
      const subjects = [(await t.outbox.latest(a.email, 'referral-rewarded')).subject, (await t.outbox.latest(b.email, 'referral-rewarded')).subject];
      expect(subjects).toEqual(
        language === 'en'
          ? ['Your referral earned you a month of Premium', 'Welcome gift: a month of Premium']
          : ['Tu invitación te dio un mes de Premium', 'Regalo de bienvenida: un mes de Premium'],
      );
    }
  });

  it(`an inviter past ${MAX_REFERRAL_REWARDS_PER_YEAR} rewards a year gets no month, so no notice and no e-mail; the invited founder gets both`, async () => {
    const a = await t.signUp();
    const at = new Date();
    for (let i = 0; i < MAX_REFERRAL_REWARDS_PER_YEAR; i += 1) {
      const code = await createCode(a.cookie);
      const filler = await t.signUp();
      await t.db.update(referralCodes).set({ status: 'rewarded', referredUserId: filler.user.id, usedAt: at, rewardedAt: at }).where(eq(referralCodes.code, code));
    }
    const b = await signUpWith(await createCode(a.cookie), 'Elena Invited');
    expect((await onboard(b.cookie)).status).toBe(200);
    await runEmailJob();
    await t.outbox.latest(b.email, 'referral-rewarded');
    expect(await notices(b.cookie)).toHaveLength(1);
    expect(await notices(a.cookie)).toEqual([]);
    expect(rewardedMails(a.email)).toEqual([]);
  });

  it('onboarding submitted twice at once: one notice and one e-mail for each founder', async () => {
    const a = await t.signUp();
    const b = await signUpWith(await createCode(a.cookie), 'Hugo Invited');
    const answers = await Promise.all([onboard(b.cookie), onboard(b.cookie)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    await runEmailJob();
    await t.outbox.latest(a.email, 'referral-rewarded');
    await t.outbox.latest(b.email, 'referral-rewarded');
    expect(await notices(a.cookie)).toHaveLength(1);
    expect(await notices(b.cookie)).toHaveLength(1);
    expect(rewardedMails(a.email)).toHaveLength(1);
    expect(rewardedMails(b.email)).toHaveLength(1);
  });

  it('the job run by several instances at once sends each e-mail exactly once', async () => {
    const a = await t.signUp();
    const b = await signUpWith(await createCode(a.cookie), 'Iris Invited');
    expect((await onboard(b.cookie)).status).toBe(200);
    const sent = await Promise.all([runEmailJob(), runEmailJob(), runEmailJob()]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(rewardedMails(a.email)).toHaveLength(1);
    expect(rewardedMails(b.email)).toHaveLength(1);
    expect(await t.db.select().from(referralNotices).where(isNull(referralNotices.emailedAt))).toEqual([]);
    expect(await runEmailJob()).toBe(0);
  });

  it('a suspended inviter gets no e-mail', async () => {
    const a = await t.signUp();
    const b = await signUpWith(await createCode(a.cookie), 'Fede Invited');
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, a.user.id));
    expect((await onboard(b.cookie)).status).toBe(200);
    await runEmailJob();
    await t.outbox.latest(b.email, 'referral-rewarded');
    expect(rewardedMails(a.email)).toEqual([]);
  });
});

describe('who used a code', () => {
  it('shows the name of a public founder, the pseudonym of an anonymous one and nothing identifying of a hidden one, read at each request', async () => {
    const a = await t.signUp();
    const code = await createCode(a.cookie);
    expect((await listCodes(a.cookie))[0]).toMatchObject({ status: 'available', referred: null });
    const b = await signUpWith(code, 'Gabriela Invited');
    const visibility = (value: string) => t.request('/api/community/visibility', { method: 'PUT', cookie: b.cookie, json: { visibility: value } });
    const who = async () => (await listCodes(a.cookie))[0]!.referred;

    // Anonymous by default: their pseudonym, the one the community shows.
    const settings = await answerOf('GET /api/community/me', t.request('/api/community/me', { cookie: b.cookie }));
    expect(await who()).toEqual({ kind: 'anonymous', pseudonym: settings.pseudonym });

    expect((await visibility('public')).status).toBe(200);
    expect(await who()).toEqual({ kind: 'public', name: 'Gabriela Invited' });
    expect((await answerOf('GET /api/referrals/:code', t.request(`/api/referrals/${code}`, { cookie: a.cookie }))).referred).toEqual({ kind: 'public', name: 'Gabriela Invited' });

    expect((await visibility('hidden')).status).toBe(200);
    const hidden = await t.request('/api/referrals', { cookie: a.cookie });
    expect((await hidden.clone().json()).codes[0].referred).toEqual({ kind: 'hidden' });
    const body = await hidden.text();
    expect(body).not.toContain('Gabriela');
    expect(body).not.toContain(String(settings.pseudonym));
    expect(body).not.toContain(b.user.id);

    // Rewarded keeps the same rule; a suspended founder shows as nobody in particular.
    expect((await visibility('public')).status).toBe(200);
    expect((await onboard(b.cookie)).status).toBe(200);
    expect((await listCodes(a.cookie))[0]).toMatchObject({ status: 'rewarded', referred: { kind: 'public', name: 'Gabriela Invited' } });
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, b.user.id));
    expect(await who()).toEqual({ kind: 'hidden' });
  });
});
