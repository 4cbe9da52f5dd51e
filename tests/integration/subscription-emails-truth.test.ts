import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { founderDate } from '../../src/core/i18n/founder-date.ts';
import { subscriptions, users } from '../../src/server/db/schema/index.ts';
import { runSubscriptionSchedule } from '../../src/server/features/subscription/schedule.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * The subscription e-mails tell the truth (docs/decisions/288-founder-dates-and-premium-ended.md):
 * "Premium has ended" only when the founder really has Free now, once for an ending however
 * many cycles came before the schedule ran; and the date a founder reads is the same day in
 * the account menu, on the Subscription page and in the e-mail, in their time zone.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ TRIAL_DAYS: '14' });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const post = (cookie: string, path: string, json?: unknown) => t.request(`/api/subscription/${path}`, { method: 'POST', cookie, json });
const ended = (to: string) => t.outbox.all().filter((message) => message.to === to && message.kind === 'premium-ended');

async function founderAged(days: number, profile: { preferredLanguage?: 'en' | 'es-LA'; timeZone?: string } = {}) {
  const founder = await t.signUp();
  await t.db.update(users).set({ createdAt: new Date(Date.now() - days * DAY), ...profile }).where(eq(users.id, founder.user.id));
  return founder;
}

async function upgradeThenCancelNow(cookie: string) {
  expect((await post(cookie, 'upgrade', { plan: 'monthly' })).status).toBe(200);
  expect((await post(cookie, 'cancel', { when: 'now' })).status).toBe(200);
}

describe('“Your Premium has ended”', () => {
  it('is not sent to a founder whose trial is still running: they do not have Free yet', async () => {
    const founder = await founderAged(2);
    await upgradeThenCancelNow(founder.cookie);
    await runSubscriptionSchedule(t.deps, new Date());
    expect(ended(founder.email)).toEqual([]);
    const me = await answerOf('GET /api/me', t.request('/api/me', { cookie: founder.cookie }));
    expect(me).toMatchObject({ isInTrial: true, effectiveUserTier: 2 });
  });

  it('is sent once after two upgrade and cancel cycles within a minute, and never again', async () => {
    const founder = await founderAged(30);
    await upgradeThenCancelNow(founder.cookie);
    await upgradeThenCancelNow(founder.cookie);
    const now = new Date();
    await Promise.all([runSubscriptionSchedule(t.deps, now), runSubscriptionSchedule(t.deps, now)]);
    await runSubscriptionSchedule(t.deps, new Date(now.getTime() + 60_000));
    expect(ended(founder.email)).toHaveLength(1);
    expect(ended(founder.email)[0]!.text).toContain('You are on Free now');
  });

  it('is not sent when the founder is on Premium again by the time the schedule runs', async () => {
    const founder = await founderAged(30);
    await upgradeThenCancelNow(founder.cookie);
    expect((await post(founder.cookie, 'upgrade', { plan: 'annual' })).status).toBe(200);
    await runSubscriptionSchedule(t.deps, new Date());
    expect(ended(founder.email)).toEqual([]);
  });
});

describe('one date, in the founder’s time zone, everywhere', () => {
  it('Mexico City: the menu, the API’s date and the e-mail all say December 28 for a period ending at 03:00 UTC on the 29th', async () => {
    const founder = await founderAged(60, { preferredLanguage: 'en', timeZone: 'America/Mexico_City' });
    expect((await post(founder.cookie, 'upgrade', { plan: 'monthly' })).status).toBe(200);
    expect((await post(founder.cookie, 'downgrade', { when: 'period-end' })).status).toBe(200);
    const periodEnd = new Date('2026-12-29T03:00:00Z');
    const anchor = new Date('2026-11-29T03:00:00Z');
    await t.db.update(subscriptions).set({ anchor, periodStart: anchor, periodEnd }).where(eq(subscriptions.userId, founder.user.id));

    const view = await answerOf('GET /api/subscription', t.request('/api/subscription', { cookie: founder.cookie }));
    const me = await answerOf('GET /api/me', t.request('/api/me', { cookie: founder.cookie }));
    expect(view).toMatchObject({ periodEnd: periodEnd.toISOString(), cancelAtPeriodEnd: true });
    // What the account menu and the Subscription page write from these two answers.
    const shown = founderDate(view.periodEnd!, { language: me.preferredLanguage!, timeZone: me.timeZone });
    expect(shown).toBe('December 28, 2026');

    await runSubscriptionSchedule(t.deps, new Date(periodEnd.getTime() + 45_000));
    const [mail] = ended(founder.email);
    expect(mail!.text).toContain(`Your Premium ended on ${shown}.`);
  });

  it('the menu and the Subscription page write dates with that same function, never a formatter of their own', () => {
    for (const file of ['src/web/features/subscription/plan-link.tsx', 'src/web/features/subscription/billing-format.ts']) {
      const source = fs.readFileSync(file, 'utf8');
      expect(source, file).toContain('founderDate(');
      expect(source, file).not.toContain('Intl.DateTimeFormat');
    }
    expect(fs.readFileSync('src/server/features/subscription/emails.ts', 'utf8')).toContain('founderDate(');
  });
});
