import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatWeek, isoWeekStart, type WeekKey } from '../../src/core/metrics/iso-week.ts';
import { stripeConnections, users } from '../../src/server/db/schema/index.ts';
import { syncStripeAccounts } from '../../src/server/features/metrics/stripe-import.ts';
import { openKey } from '../../src/server/features/metrics/stripe-key-box.ts';
import { type LoopbackStripe, mergeAccounts, startLoopbackStripe, subscriptionWithInvoices, syntheticAccount } from './support/loopback-stripe-account.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { createTestApp } from './support/test-app.ts';
import { refusal } from './support/refusal.ts';
import { answerOf } from './support/answer.ts';

const DAY = 86_400;
const KEY = 'rk_test_51ReadOnlyKeyForTheLoopbackFake';
const NO_PERMISSION = 'rk_test_51KeyWithoutInvoicesPermission';
const PAGED = 'rk_test_51AccountWithTwoHundredThirtySubs';
/** Stripe's seconds for `days` after the Monday of the week `offset` weeks ago. */
const at = (offset: number, days = 0) => isoWeekStart(weeksAgo(offset)).getTime() / 1000 + days * DAY;
const now = Date.now() / 1000;

/**
 * Two customers: $100 a month from Tuesday ten weeks ago; $520 a year from Monday six
 * weeks ago, ended on Wednesday three weeks ago.
 */
const account = mergeAccounts(
  subscriptionWithInvoices({ id: 'sub_monthly', customer: 'cus_monthly', amount: 10_000, start: at(10, 1), until: now }),
  subscriptionWithInvoices({ id: 'sub_yearly', customer: 'cus_yearly', amount: 52_000, interval: 'year', start: at(6), endedAt: at(3, 2), until: now }),
);

let stripe: LoopbackStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  stripe = await startLoopbackStripe({ [KEY]: account, [NO_PERMISSION]: 'no-permission', [PAGED]: syntheticAccount(230, now) });
  t = await createTestApp({ STRIPE_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), STRIPE_API_URL: stripe.url });
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type Status = { available: boolean; connection: null | { status: string; keyHint: string; error: string | null; progress: { subscriptions: number; invoices: number }; preview: null | { weeks: (WeekKey & Record<string, number | boolean>)[]; needsBaseline: boolean }; syncedThrough: WeekKey | null } };
const statusOf = async (cookie: string) => await answerOf('GET /api/metrics/stripe', t.request('/api/metrics/stripe', { cookie }));
const connect = (cookie: string, key: string) => t.request('/api/metrics/stripe', { method: 'PUT', cookie, json: { key } });
const apply = (cookie: string, json: unknown = {}) => t.request('/api/metrics/stripe/apply', { method: 'POST', cookie, json });
const connectionRows = async (userId: string) => t.db.select().from(stripeConnections).where(eq(stripeConnections.userId, userId));
const weeksOf = async (cookie: string) => await answerOf('GET /api/metrics/weeks', t.request('/api/metrics/weeks', { cookie }));

/** The connection once its reading has finished. */
async function readingDone(cookie: string): Promise<Status> {
  for (let tries = 0; tries < 400; tries++) {
    const status = await statusOf(cookie);
    if (status.connection?.status !== 'reading') return status;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the Stripe reading did not finish');
}

describe('a key that cannot be used is refused and nothing is stored', () => {
  it.each([
    ['a secret key, which could change the account', 'sk_live_51FullAccessSecretKeyOfTheAccount', 400, 'validation:metrics.stripeFullKey'],
    ['a test secret key', 'sk_test_51FullAccessSecretKeyOfTheAccount', 400, 'validation:metrics.stripeFullKey'],
    ['a publishable key', 'pk_live_51NotAKeyThatCanReadAnything', 400, 'validation:metrics.stripeKeyFormat'],
    ['a key Stripe does not know', 'rk_test_51RevokedOrMistypedRestrictedKey', 400, 'validation:stripe.keyRejected'],
    ['a key without read permission on invoices', NO_PERMISSION, 400, 'validation:stripe.keyPermissions'],
  ])('%s', async (_name, key, status, message) => {
    const founder = await t.signUp();
    const before = stripe.requests.length;
    const response = await connect(founder.cookie, key);
    expect(response.status).toBe(status);
    expect((await response.json()).error.details).toEqual([refusal({ field: 'key', message })]);
    expect(await connectionRows(founder.user.id)).toEqual([]);
    expect((await statusOf(founder.cookie)).connection).toBeNull();
    // A secret key is never sent anywhere, not even to Stripe.
    if (key.startsWith('sk_') || key.startsWith('pk_')) expect(stripe.requests.length).toBe(before);
  });
});

describe('importing from Stripe', () => {
  it('reads the account, shows the weeks before saving, and saves them with the founder\'s costs', async () => {
    const founder = await t.signUp();
    const connected = await connect(founder.cookie, KEY);
    expect(connected.status).toBe(202);
    expect((await connected.json()).connection).toMatchObject({ keyHint: 'rk_test_…Fake', status: 'reading' });

    const { connection } = await readingDone(founder.cookie);
    expect(connection).toMatchObject({ status: 'ready', error: null, progress: { subscriptions: 2, invoices: 4 } });
    const weeks = connection!.preview!.weeks;
    expect(connection!.preview!.needsBaseline).toBe(true);
    expect(weeks.map(formatWeek)).toEqual(Array.from({ length: 10 }, (_, index) => formatWeek(weeksAgo(10 - index))));
    const week = (offset: number) => weeks.find((candidate) => formatWeek(candidate) === formatWeek(weeksAgo(offset)));
    expect(week(10)).toMatchObject({ startingCustomers: 0, newCustomers: 1, weeklyRevenue: 23.08, recorded: false });
    expect(week(6)).toMatchObject({ startingCustomers: 1, newCustomers: 1, startingRevenue: 23.08, weeklyRevenue: 33.08 });
    expect(week(3)).toMatchObject({ startingCustomers: 2, lostCustomers: 1, churnedRevenue: 10, weeklyRevenue: 23.08 });
    expect(week(1)).toMatchObject({ startingCustomers: 1, newCustomers: 0, lostCustomers: 0, startingRevenue: 23.08, weeklyRevenue: 23.08 });
    // Nothing is written before the founder saves.
    expect(await weeksOf(founder.cookie)).toEqual([]);

    // Stripe knows nothing of costs, cash or users: a founder without weeks gives them once.
    const without = await apply(founder.cookie);
    expect(without.status).toBe(400);
    expect((await without.json()).error.details).toEqual([
      { field: 'baseline', message: 'Enter this week’s costs, cash and active users first.', key: 'validation:stripe.baselineRequired' },
    ]);
    const baseline = { weeklyCosts: 9000, marketingCosts: 2000, cashBalance: 200_000, weeklyActiveUsers: 400 };
    const saved = await apply(founder.cookie, { baseline });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ imported: 10 });
    const recorded = await weeksOf(founder.cookie);
    expect(recorded).toHaveLength(10);
    expect(recorded[0]).toMatchObject({ ...weeksAgo(1), ...baseline, startingCustomers: 1, weeklyRevenue: 23.08, monthlyRevenue: null, grossMarginPct: null });
    const summary = await (await t.request('/api/metrics/summary', { cookie: founder.cookie })).json();
    expect(summary.latest.mrr).toBeCloseTo(100.01, 2);

    const [row] = await connectionRows(founder.user.id);
    expect(row).toMatchObject({ status: 'synced', preview: null, syncedThroughYear: weeksAgo(1).year, syncedThroughWeek: weeksAgo(1).week });
    // Sealed with the environment's key and bound to the founder: unreadable elsewhere.
    expect(row!.encryptedKey).not.toContain(KEY.slice(8));
    expect(openKey(row!.encryptedKey, t.env.stripeImport!.encryptionKey, founder.user.id)).toBe(KEY);
    expect(openKey(row!.encryptedKey, t.env.stripeImport!.encryptionKey, 'another-founder')).toBeNull();
    expect(openKey(row!.encryptedKey, randomBytes(32), founder.user.id)).toBeNull();
  });

  it('fills only Stripe\'s figures in weeks the founder recorded, and carries the rest into new ones', async () => {
    const founder = await t.signUp();
    await t.request(weekPath(weeksAgo(4)), { method: 'PUT', cookie: founder.cookie, json: { ...workedWeek, monthlyRevenue: null } });
    await connect(founder.cookie, KEY);
    const { connection } = await readingDone(founder.cookie);
    expect(connection!.preview!.needsBaseline).toBe(false);
    expect(connection!.preview!.weeks.filter((week) => week.recorded).map(formatWeek)).toEqual([formatWeek(weeksAgo(4))]);
    expect((await apply(founder.cookie)).status).toBe(200);
    const recorded = await weeksOf(founder.cookie);
    const week = (offset: number) => recorded.find((candidate) => formatWeek(candidate) === formatWeek(weeksAgo(offset)));
    expect(week(4)).toMatchObject({ startingCustomers: 2, newCustomers: 0, weeklyRevenue: 33.08, weeklyCosts: 9000, cashBalance: 200_000, grossMarginPct: 80, dailyActiveUsers: 120 });
    // Before the recorded week, its costs; after it, the same.
    expect(week(10)).toMatchObject({ newCustomers: 1, weeklyCosts: 9000, cashBalance: 200_000, weeklyActiveUsers: 400 });
    expect(week(1)).toMatchObject({ startingCustomers: 1, weeklyRevenue: 23.08, weeklyCosts: 9000 });
  });

  it('reads a large account page by page, with its progress', async () => {
    const founder = await t.signUp();
    const before = stripe.requests.length;
    await connect(founder.cookie, PAGED);
    const { connection } = await readingDone(founder.cookie);
    expect(connection).toMatchObject({ status: 'ready', progress: { subscriptions: 230 } });
    const pages = stripe.requests.slice(before).filter((request) => request.key === PAGED && request.path.startsWith('/v1/subscriptions?') && request.path.includes('limit=100'));
    expect(pages.map((page) => new URLSearchParams(page.path.split('?')[1]).get('starting_after'))).toEqual([null, 'sub_99', 'sub_199']);
    const last = connection!.preview!.weeks.at(-1)!;
    // Paying as last week ended: started by then and not ended (a tenth end within 90 days).
    const end = at(0) - 1;
    const paying = syntheticAccount(230, now).subscriptions.filter((sub) => sub.start_date <= end && (sub.ended_at === null || sub.ended_at > end));
    expect(Number(last.startingCustomers) + Number(last.newCustomers) - Number(last.lostCustomers)).toBe(paying.length);
  });

  it('is the founder\'s own: another founder sees none, and cannot save or remove it', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    await connect(owner.cookie, KEY);
    await readingDone(owner.cookie);
    expect((await statusOf(other.cookie)).connection).toBeNull();
    expect((await apply(other.cookie, { baseline: { weeklyCosts: 1, marketingCosts: 1, cashBalance: 1, weeklyActiveUsers: 1 } })).status).toBe(404);
    expect((await t.request('/api/metrics/stripe', { method: 'DELETE', cookie: other.cookie })).status).toBe(404);
    expect((await statusOf(owner.cookie)).connection).toMatchObject({ status: 'ready' });

    expect((await t.request('/api/metrics/stripe', { method: 'DELETE', cookie: owner.cookie })).status).toBe(204);
    expect((await statusOf(owner.cookie)).connection).toBeNull();
    expect(await connectionRows(owner.user.id)).toEqual([]);
  });

  it('every week, records the weeks that ended since the last sync; a revoked key is reported, not fatal', async () => {
    const founder = await t.signUp();
    const key = 'rk_test_51KeyThatTheFounderLaterRevokes';
    stripe.setKey(key, account);
    await connect(founder.cookie, key);
    await readingDone(founder.cookie);
    await apply(founder.cookie, { baseline: { weeklyCosts: 9000, marketingCosts: 2000, cashBalance: 200_000, weeklyActiveUsers: 400 } });
    // As if the last sync had been three weeks ago and the weeks since were not recorded yet.
    for (const offset of [1, 2]) expect((await t.request(weekPath(weeksAgo(offset)), { method: 'DELETE', cookie: founder.cookie })).status).toBe(204);
    await t.request(weekPath(weeksAgo(3)), { method: 'PUT', cookie: founder.cookie, json: { ...(await weeksOf(founder.cookie))[0], year: undefined, week: undefined, cashBalance: 150_000 } });
    await t.db.update(stripeConnections).set({ syncedThroughYear: weeksAgo(3).year, syncedThroughWeek: weeksAgo(3).week }).where(eq(stripeConnections.userId, founder.user.id));

    const sync = () => syncStripeAccounts({ db: t.db, stripe: t.env.stripeImport, logger: t.deps.logger, trialDays: t.env.trialDays, bus: t.deps.bus });
    expect(await sync()).toMatchObject({ weeks: 2 });
    const recorded = await weeksOf(founder.cookie);
    expect(recorded.slice(0, 3).map((week) => [formatWeek(week), week.cashBalance, week.startingCustomers])).toEqual([
      [formatWeek(weeksAgo(1)), 150_000, 1],
      [formatWeek(weeksAgo(2)), 150_000, 1],
      [formatWeek(weeksAgo(3)), 150_000, 2],
    ]);
    expect((await statusOf(founder.cookie)).connection).toMatchObject({ status: 'synced', error: null, syncedThrough: weeksAgo(1) });
    // Nothing new a second time.
    expect((await sync()).weeks).toBe(0);

    stripe.setKey(key, undefined);
    await sync();
    expect((await statusOf(founder.cookie)).connection).toMatchObject({ status: 'synced', error: 'stripe.keyRejected' });
    expect(await weeksOf(founder.cookie)).toHaveLength(recorded.length);

    // A suspended (or deleted) founder keeps their data, not their sync.
    stripe.setKey(key, account);
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, founder.user.id));
    await t.db.update(stripeConnections).set({ syncedThroughYear: weeksAgo(3).year, syncedThroughWeek: weeksAgo(3).week }).where(eq(stripeConnections.userId, founder.user.id));
    await sync();
    expect(await connectionRows(founder.user.id)).toMatchObject([{ syncedThroughYear: weeksAgo(3).year, syncedThroughWeek: weeksAgo(3).week, error: 'stripe.keyRejected' }]);
  });
});

describe('without STRIPE_KEY_ENCRYPTION_KEY', () => {
  it('the import is off and says so; no key is taken', async () => {
    const off = await createTestApp();
    try {
      const founder = await off.signUp();
      expect(await (await off.request('/api/metrics/stripe', { cookie: founder.cookie })).json()).toEqual({ available: false, connection: null });
      const refused = await off.request('/api/metrics/stripe', { method: 'PUT', cookie: founder.cookie, json: { key: KEY } });
      expect(refused.status).toBe(503);
      expect((await refused.json()).error.code).toBe('STRIPE_IMPORT_OFF');
      expect(await off.db.select().from(stripeConnections)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
