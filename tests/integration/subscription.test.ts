import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEvent } from '../../src/core/subscription/ledger-json.ts';
import { replay } from '../../src/core/subscription/state-machine.ts';
import { pointsLedger, subscriptionEvents, subscriptionNotices, subscriptions, users } from '../../src/server/db/schema/index.ts';
import { stateOf } from '../../src/server/features/subscription/ledger.ts';
import { weeksToCsv } from '../../src/core/metrics/csv.ts';
import { errorOf, signUpAdmin } from './support/accounts.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Subscriptions through the API with the local provider (docs/billing.md): the state
 * machine's transitions take effect at once, each written to the ledger; the tier every
 * Premium route reads follows; the upgrade bonus is paid once per account ever.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
let noTrial: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  [t, noTrial] = await Promise.all([createTestApp(), createTestApp({ TRIAL_DAYS: '0' })]);
});
afterAll(() => Promise.all([t.close(), noTrial.close()]));

type App = typeof t;
type View = {
  provider: string;
  phase: string;
  status: string;
  plan: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  trialEndsAt: string | null;
  trialDaysLeft: number;
  upgradeBonus: { points: number; awarded: boolean };
  history: { type: string; source: string; when: string | null; reason: string | null }[];
};

const post = (app: App, cookie: string, path: string, json?: unknown) => app.request(`/api/subscription/${path}`, { method: 'POST', cookie, json });
const view = async (app: App, cookie: string) => await answerOf('GET /api/subscription', app.request('/api/subscription', { cookie }));
const events = (app: App, userId: string) => app.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId)).orderBy(subscriptionEvents.id);
const bonusRows = (app: App, userId: string) =>
  app.db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).then((rows) => rows.filter((row) => row.event === 'upgrade-bonus'));
const tierOf = async (app: App, userId: string) => (await app.db.select({ userTier: users.userTier }).from(users).where(eq(users.id, userId)))[0]?.userTier;

describe('GET /api/subscription', () => {
  it('shows a new founder’s trial: the days left, no plan, the prices and the bonus to come', async () => {
    const founder = await t.signUp();
    const body = await view(t, founder.cookie);
    expect(body).toMatchObject({
      provider: 'local',
      phase: 'trialing',
      status: 'free',
      plan: null,
      periodEnd: null,
      trialDaysLeft: 14,
      prices: { currency: 'USD', monthly: 30, annual: 360 },
      upgradeBonus: { points: 50, awarded: false },
      history: [],
    });
    expect(new Date(body.trialEndsAt!).getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3_600_000);
  });

  it('needs a session; a deleted account’s old cookie gets 401', async () => {
    expect((await t.request('/api/subscription')).status).toBe(401);
    const founder = await t.signUp();
    expect((await t.request('/api/account/delete', { method: 'POST', cookie: founder.cookie, json: { email: founder.email } })).status).toBe(200);
    const refused = await t.request('/api/subscription', { cookie: founder.cookie });
    expect(refused.status).toBe(401);
    expect(await errorOf(refused)).toMatchObject({ code: 'UNAUTHENTICATED', message: expect.any(String) });
    expect((await post(t, founder.cookie, 'upgrade', { plan: 'monthly' })).status).toBe(401);
  });
});

describe('upgrading with the local provider', () => {
  it('starts Premium at once for a month, pays the 50-point bonus and unlocks tier 2', async () => {
    const founder = await noTrial.signUp();
    expect((await noTrial.request('/api/metrics/benchmarks', { cookie: founder.cookie })).status).toBe(403);

    const before = Date.now();
    const response = await post(noTrial, founder.cookie, 'upgrade', { plan: 'monthly' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { redirectUrl: string | null; subscription: View };
    expect(body.redirectUrl).toBeNull();
    expect(body.subscription).toMatchObject({ phase: 'premium', status: 'active', plan: 'monthly', cancelAtPeriodEnd: false, upgradeBonus: { awarded: true } });
    const start = new Date(body.subscription.periodStart!);
    expect(start.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const expectedEnd = new Date(start);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    if (expectedEnd.getUTCDate() !== start.getUTCDate()) expectedEnd.setUTCDate(0); // the 31st → the month's last day
    expect(body.subscription.periodEnd).toBe(expectedEnd.toISOString());

    expect(await tierOf(noTrial, founder.user.id)).toBe(2);
    const me = await (await noTrial.request('/api/me', { cookie: founder.cookie })).json();
    expect(me).toMatchObject({ userTier: 2, effectiveUserTier: 2, isInTrial: false });
    expect((await noTrial.request('/api/metrics/benchmarks', { cookie: founder.cookie })).status).toBe(200);
    const gamification = await (await noTrial.request('/api/me/gamification', { cookie: founder.cookie })).json();
    expect(gamification.points).toBe(50);
    expect(gamification.ledger).toEqual([expect.objectContaining({ event: 'upgrade-bonus', points: 50 })]);
  });

  it('twice, or with a double click, is one subscription and one bonus', async () => {
    const founder = await t.signUp();
    const [first, second] = await Promise.all([post(t, founder.cookie, 'upgrade', { plan: 'annual' }), post(t, founder.cookie, 'upgrade', { plan: 'annual' })]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await post(t, founder.cookie, 'upgrade', { plan: 'annual' })).status).toBe(200);
    expect((await events(t, founder.user.id)).map((row) => row.type)).toEqual(['upgrade']);
    expect(await bonusRows(t, founder.user.id)).toHaveLength(1);
    const body = await view(t, founder.cookie);
    expect(body).toMatchObject({ phase: 'premium', plan: 'annual', trialEndsAt: null, trialDaysLeft: 0 });
    expect(new Date(body.periodEnd!).getUTCFullYear()).toBe(new Date(body.periodStart!).getUTCFullYear() + 1);
    // Another plan while Premium is a switch, not a second subscription.
    const other = await post(t, founder.cookie, 'upgrade', { plan: 'monthly' });
    expect(other.status).toBe(409);
    expect(await errorOf(other)).toMatchObject({ code: 'ALREADY_PREMIUM' });
  });

  it('pays the bonus once per account ever: not again after cancelling and upgrading again', async () => {
    const founder = await t.signUp();
    expect((await post(t, founder.cookie, 'upgrade', { plan: 'monthly' })).status).toBe(200);
    expect((await post(t, founder.cookie, 'cancel', { when: 'now' })).status).toBe(200);
    expect((await post(t, founder.cookie, 'upgrade', { plan: 'annual' })).status).toBe(200);
    expect(await bonusRows(t, founder.user.id)).toHaveLength(1);
    expect((await view(t, founder.cookie)).plan).toBe('annual');
  });
});

describe('tier 2', () => {
  it('every Premium route answers 403 PREMIUM_REQUIRED on Free and opens once Premium starts', async () => {
    const founder = await noTrial.signUp();
    const oldWeek = weekPath(weeksAgo(10));
    const premiumCalls = () => [
      noTrial.request('/api/metrics/benchmarks', { cookie: founder.cookie }),
      noTrial.request('/api/metrics/import', { method: 'POST', cookie: founder.cookie, body: weeksToCsv([{ ...weeksAgo(10), ...workedWeek }]), headers: { 'content-type': 'text/csv' } }),
      noTrial.request(oldWeek, { method: 'PUT', cookie: founder.cookie, json: workedWeek }),
    ];
    for (const response of await Promise.all(premiumCalls())) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({ code: 'PREMIUM_REQUIRED' });
    }
    await post(noTrial, founder.cookie, 'upgrade', { plan: 'monthly' });
    expect((await Promise.all(premiumCalls())).map((response) => response.status)).toEqual([200, 200, 200]);
  });
});

describe('downgrading, cancelling and reactivating', () => {
  it('a scheduled downgrade keeps Premium until the end date; reactivating undoes it; cancelling now ends it', async () => {
    const founder = await noTrial.signUp();
    await post(noTrial, founder.cookie, 'upgrade', { plan: 'monthly' });
    const scheduled = await post(noTrial, founder.cookie, 'downgrade', { when: 'period-end' });
    expect(scheduled.status).toBe(200);
    const ending = await answerOf('POST /api/subscription/downgrade', scheduled);
    expect(ending).toMatchObject({ phase: 'premium', plan: 'monthly', cancelAtPeriodEnd: true });
    expect(ending.periodEnd).not.toBeNull();
    expect((await noTrial.request('/api/metrics/benchmarks', { cookie: founder.cookie })).status).toBe(200);

    const reactivated = await answerOf('POST /api/subscription/reactivate', post(noTrial, founder.cookie, 'reactivate'));
    expect(reactivated).toMatchObject({ phase: 'premium', cancelAtPeriodEnd: false, periodEnd: ending.periodEnd });

    const cancelled = await answerOf('POST /api/subscription/cancel', post(noTrial, founder.cookie, 'cancel', { when: 'now' }));
    expect(cancelled).toMatchObject({ phase: 'free', status: 'free', plan: null, periodEnd: null });
    expect(await tierOf(noTrial, founder.user.id)).toBe(1);
    const refused = await noTrial.request('/api/metrics/benchmarks', { cookie: founder.cookie });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: 'PREMIUM_REQUIRED' });

    expect(cancelled.history.map((entry) => [entry.type, entry.source, entry.reason, entry.when])).toEqual([
      ['cancel', 'founder', 'cancel', 'now'],
      ['reactivate', 'founder', null, null],
      ['cancel', 'founder', 'downgrade', 'period-end'],
      ['upgrade', 'founder', null, null],
    ]);
    // The ending Premium owes its founder one e-mail.
    expect(await noTrial.db.select().from(subscriptionNotices).where(eq(subscriptionNotices.userId, founder.user.id))).toEqual([
      expect.objectContaining({ kind: 'premium-ended', sentAt: null }),
    ]);
  });

  it('a cancellation during the trial returns to the trial, not to Free', async () => {
    const founder = await t.signUp();
    await post(t, founder.cookie, 'upgrade', { plan: 'monthly' });
    const cancelled = await answerOf('POST /api/subscription/cancel', post(t, founder.cookie, 'cancel', { when: 'now' }));
    expect(cancelled).toMatchObject({ phase: 'trialing', status: 'free', trialDaysLeft: 14 });
  });

  it('refuses to downgrade, cancel, switch or reactivate a Free account, and writes nothing', async () => {
    const founder = await t.signUp();
    for (const [path, body] of [
      ['downgrade', { when: 'now' }],
      ['downgrade', { when: 'period-end' }],
      ['cancel', { when: 'now' }],
      ['plan', { plan: 'annual' }],
      ['reactivate', undefined],
    ] as const) {
      const response = await post(t, founder.cookie, path, body);
      expect(response.status, path).toBe(409);
      expect(await errorOf(response)).toEqual({ code: 'NOT_SUBSCRIBED', message: 'You have no Premium plan to change.' });
    }
    expect(await events(t, founder.user.id)).toEqual([]);
  });

  it('cancelling twice is one cancellation', async () => {
    const founder = await t.signUp();
    await post(t, founder.cookie, 'upgrade', { plan: 'monthly' });
    const twice = await Promise.all([post(t, founder.cookie, 'cancel', { when: 'period-end' }), post(t, founder.cookie, 'cancel', { when: 'period-end' })]);
    expect(twice.map((response) => response.status)).toEqual([200, 200]);
    expect((await post(t, founder.cookie, 'cancel', { when: 'now' })).status).toBe(200);
    expect((await post(t, founder.cookie, 'cancel', { when: 'now' })).status).toBe(409);
    expect((await events(t, founder.user.id)).map((row) => row.type)).toEqual(['upgrade', 'cancel', 'cancel']);
  });

  it('switches monthly ⇄ annual from the next renewal, keeping the period already paid', async () => {
    const founder = await t.signUp();
    const upgraded = (await answerOf('POST /api/subscription/upgrade', post(t, founder.cookie, 'upgrade', { plan: 'monthly' }))).subscription;
    const switched = await answerOf('POST /api/subscription/plan', post(t, founder.cookie, 'plan', { plan: 'annual' }));
    expect(switched).toMatchObject({ plan: 'annual', periodStart: upgraded.periodStart, periodEnd: upgraded.periodEnd });
    expect((await answerOf('POST /api/subscription/plan', post(t, founder.cookie, 'plan', { plan: 'monthly' }))).plan).toBe('monthly');
  });
});

describe('bad input', () => {
  it('refuses an upgrade that names another founder, and changes neither', async () => {
    const founder = await t.signUp();
    const other = await t.signUp();
    const response = await post(t, founder.cookie, 'upgrade', { plan: 'monthly', userId: other.user.id });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await view(t, founder.cookie)).phase).toBe('trialing');
    expect((await view(t, other.cookie)).phase).toBe('trialing');
    expect(await events(t, other.user.id)).toEqual([]);
  });

  it('refuses an unknown plan, a missing one, malformed JSON and an unknown timing', async () => {
    const founder = await t.signUp();
    for (const body of [{ plan: 'lifetime' }, {}, { plan: 30 }]) expect((await post(t, founder.cookie, 'upgrade', body)).status).toBe(400);
    const malformed = await t.request('/api/subscription/upgrade', { method: 'POST', cookie: founder.cookie, body: '{"plan":', headers: { 'content-type': 'application/json' } });
    expect(malformed.status).toBe(400);
    await post(t, founder.cookie, 'upgrade', { plan: 'monthly' });
    expect((await post(t, founder.cookie, 'cancel', { when: 'tomorrow' })).status).toBe(400);
    expect((await events(t, founder.user.id)).map((row) => row.type)).toEqual(['upgrade']);
  });

  it('refuses a return address on another origin', async () => {
    const founder = await t.signUp();
    for (const returnUrl of ['https://evil.example/steal', '//evil.example/x', 'http://localhost:3001/subscription']) {
      const response = await post(t, founder.cookie, 'upgrade', { plan: 'monthly', returnUrl });
      expect(response.status, returnUrl).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'returnUrl', message: 'The return address must be on this site.', key: 'validation:subscription.returnUrl' }] });
    }
    expect((await view(t, founder.cookie)).phase).toBe('trialing');
    expect((await post(t, founder.cookie, 'upgrade', { plan: 'monthly', returnUrl: '/pricing' })).status).toBe(200);
  });

  it('the payment provider’s pages do not exist with the local provider', async () => {
    const founder = await t.signUp();
    expect((await post(t, founder.cookie, 'portal', {})).status).toBe(404);
    expect((await post(t, founder.cookie, 'checkout/cs_test_123')).status).toBe(404);
    expect(await (await t.request('/api/subscription/invoices', { cookie: founder.cookie })).json()).toEqual({ invoices: [] });
  });
});

describe('the ledger', () => {
  it('rebuilds the current state from the founder’s events', async () => {
    const founder = await t.signUp();
    for (const [path, body] of [
      ['upgrade', { plan: 'monthly' }],
      ['plan', { plan: 'annual' }],
      ['downgrade', { when: 'period-end' }],
      ['reactivate', undefined],
      ['cancel', { when: 'period-end' }],
    ] as const) {
      expect((await post(t, founder.cookie, path, body)).status, path).toBe(200);
    }
    const rows = await events(t, founder.user.id);
    expect(rows.every((row) => row.actorId === founder.user.id && row.source === 'founder')).toBe(true);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, founder.user.id));
    expect(replay(rows.map((entry) => parseEvent(entry.event)))).toEqual(stateOf(row));
  });
});

describe('account deletion', () => {
  it('erases the subscription and its history with the account, with no “Premium ended” e-mail owed', async () => {
    const founder = await t.signUp();
    await post(t, founder.cookie, 'upgrade', { plan: 'annual' });
    expect((await t.request('/api/account/delete', { method: 'POST', cookie: founder.cookie, json: { email: 'wrong@example.com' } })).status).toBe(400);
    expect(await tierOf(t, founder.user.id)).toBe(2);

    expect((await t.request('/api/account/delete', { method: 'POST', cookie: founder.cookie, json: { email: founder.email } })).status).toBe(200);
    expect(await tierOf(t, founder.user.id)).toBeUndefined();
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, founder.user.id))).toEqual([]);
    expect(await events(t, founder.user.id)).toEqual([]);
    expect(await t.db.select().from(subscriptionNotices).where(eq(subscriptionNotices.userId, founder.user.id))).toEqual([]);
  });
});

describe('the admin view', () => {
  it('shows an admin a founder’s plan and every change, read only; anyone else gets 403, an unknown founder 404', async () => {
    const admin = await signUpAdmin(t);
    const founder = await t.signUp();
    await post(t, founder.cookie, 'upgrade', { plan: 'annual' });
    await post(t, founder.cookie, 'downgrade', { when: 'period-end' });

    const response = await t.request(`/api/admin/users/${founder.user.id}/subscription`, { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { subscription: View; events: { type: string; source: string; actorId: string | null; cancelAtPeriodEnd: boolean }[] };
    expect(body.subscription).toMatchObject({ phase: 'premium', plan: 'annual', cancelAtPeriodEnd: true });
    expect(body.events.map((entry) => [entry.type, entry.source, entry.actorId, entry.cancelAtPeriodEnd])).toEqual([
      ['cancel', 'founder', founder.user.id, true],
      ['upgrade', 'founder', founder.user.id, false],
    ]);

    const other = await t.signUp();
    expect((await t.request(`/api/admin/users/${founder.user.id}/subscription`, { cookie: other.cookie })).status).toBe(403);
    expect((await t.request(`/api/admin/users/${founder.user.id}/subscription`, { cookie: founder.cookie })).status).toBe(403);
    expect((await t.request('/api/admin/users/no-such-user/subscription', { cookie: admin.cookie })).status).toBe(404);
    // Read only: there is no way to change it here.
    expect((await t.request(`/api/admin/users/${founder.user.id}/subscription`, { method: 'POST', cookie: admin.cookie, json: { plan: 'monthly' } })).status).toBe(404);
  });
});
