import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionEvents, subscriptions, users } from '../../src/server/db/schema/index.ts';
import { runSubscriptionSchedule } from '../../src/server/features/subscription/schedule.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * The subscription schedule (docs/billing.md#the-schedule): periods that have passed renew or
 * end, and the two e-mails (the trial ends in 3 days, Premium ended) go out once per account,
 * in the founder's language, however many instances run the schedule at once.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const schedule = (now: Date) => runSubscriptionSchedule(t.deps, now);
const post = (cookie: string, path: string, json?: unknown) => t.request(`/api/subscription/${path}`, { method: 'POST', cookie, json });
const rowOf = async (userId: string) => (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)))[0]!;
const mails = (to: string, kind: string) => t.outbox.all().filter((message) => message.to === to && message.kind === kind);

/** A founder whose account is `days` old (the trial counts from sign-up). */
async function founderAged(days: number, language?: 'en' | 'es-LA') {
  const founder = await t.signUp();
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - days * DAY), ...(language ? { preferredLanguage: language, timeZone: 'America/Mexico_City' } : {}) })
    .where(eq(users.id, founder.user.id));
  return founder;
}

describe('periods that have passed', () => {
  it('a local subscription renews for another period, written as the schedule’s, with no e-mail', async () => {
    const founder = await t.signUp();
    await post(founder.cookie, 'upgrade', { plan: 'monthly' });
    const before = await rowOf(founder.user.id);
    await schedule(new Date(before.periodEnd!.getTime() - 1000));
    expect((await rowOf(founder.user.id)).periodEnd).toEqual(before.periodEnd);

    await schedule(new Date(before.periodEnd!.getTime() + 60_000));
    const after = await rowOf(founder.user.id);
    expect(after).toMatchObject({ status: 'active', plan: 'monthly', periodStart: before.periodEnd });
    expect(after.periodEnd!.getTime()).toBeGreaterThan(before.periodEnd!.getTime() + 27 * DAY);
    const [last] = await t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, founder.user.id)).orderBy(subscriptionEvents.id).then((rows) => rows.slice(-1));
    expect(last).toMatchObject({ type: 'period-ended', source: 'schedule', actorId: null });
    expect(mails(founder.email, 'premium-ended')).toEqual([]);
  });

  it('a scheduled downgrade ends at the end date: Free, tier 1, and one “Premium ended” e-mail in the founder’s language', async () => {
    const founder = await founderAged(20, 'es-LA');
    await post(founder.cookie, 'upgrade', { plan: 'annual' });
    await post(founder.cookie, 'downgrade', { when: 'period-end' });
    const { periodEnd } = await rowOf(founder.user.id);
    const after = new Date(periodEnd!.getTime() + 30_000);

    // Two instances at the same moment, then the next minute's run.
    await Promise.all([schedule(after), schedule(after)]);
    await schedule(new Date(after.getTime() + 60_000));

    expect(await rowOf(founder.user.id)).toMatchObject({ status: 'free', plan: null });
    expect((await (await t.request('/api/me', { cookie: founder.cookie })).json()).effectiveUserTier).toBe(1);
    const sent = mails(founder.email, 'premium-ended');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Tu Premium de Rumbo terminó');
    expect(sent[0]!.text).toContain('Ahora estás en el plan Gratis');
    expect(sent[0]!.links).toEqual(['http://localhost:3000/subscription']);
  });
});

describe('the trial-ending e-mail', () => {
  it('goes once to a Free founder whose trial ends within 3 days, with its date, and to nobody else', async () => {
    const ending = await founderAged(11.5, 'en');
    const early = await founderAged(5);
    const over = await founderAged(15);
    const premium = await founderAged(12);
    await post(premium.cookie, 'upgrade', { plan: 'monthly' });
    const deleted = await founderAged(12);
    expect((await t.request('/api/account/delete', { method: 'POST', cookie: deleted.cookie, json: { email: deleted.email } })).status).toBe(200);

    const now = new Date();
    await Promise.all([schedule(now), schedule(now)]);
    await schedule(new Date(now.getTime() + 60_000));

    const sent = mails(ending.email, 'trial-ending');
    expect(sent).toHaveLength(1);
    const [created] = await t.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, ending.user.id));
    const endDate = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(new Date(created!.createdAt.getTime() + 14 * DAY));
    expect(sent[0]!.subject).toBe(`Your Rumbo trial ends on ${endDate}`);
    expect(sent[0]!.text).toContain('$30 a month or $360 a year');
    for (const other of [early, over, premium, deleted]) expect(mails(other.email, 'trial-ending')).toEqual([]);
  });

  it('is not sent when the founder upgraded after it was owed', async () => {
    const founder = await founderAged(12);
    const { oweTrialNotices } = await import('../../src/server/features/subscription/schedule.ts');
    expect(await oweTrialNotices(t.db, 14)).toBeGreaterThanOrEqual(1);
    await post(founder.cookie, 'upgrade', { plan: 'monthly' });
    await schedule(new Date());
    expect(mails(founder.email, 'trial-ending')).toEqual([]);
  });
});

describe('with the trial off', () => {
  it('owes no trial e-mail', async () => {
    const noTrial = await createTestApp({ TRIAL_DAYS: '0' });
    try {
      const founder = await noTrial.signUp();
      await runSubscriptionSchedule(noTrial.deps, new Date());
      expect(noTrial.outbox.all().filter((message) => message.to === founder.email && message.kind === 'trial-ending')).toEqual([]);
    } finally {
      await noTrial.close();
    }
  });
});
