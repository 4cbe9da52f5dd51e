import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, pointsLedger, subscriptionEvents, subscriptionNotices, subscriptions, users } from '../../src/server/db/schema/index.ts';
import { errorOf } from './support/accounts.ts';
import { FAKE_PRICES, type LoopbackStripe, startLoopbackStripe } from './support/loopback-stripe.ts';
import { createTestApp, TEST_ORIGIN } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Stripe as the payment provider (docs/billing.md#stripe), against a loopback stand-in for its
 * API: Checkout, the Customer Portal, subscriptions and invoices; signed webhooks applied once
 * per event id and in any order; the founder's own changes made at Stripe first.
 */

let stripe: LoopbackStripe;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  stripe = await startLoopbackStripe();
  t = await createTestApp(stripe.env);
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

type View = { provider: string; phase: string; status: string; plan: string | null; periodEnd: string | null; cancelAtPeriodEnd: boolean; canManageBilling: boolean };

const post = (cookie: string, path: string, json?: unknown) => t.request(`/api/subscription/${path}`, { method: 'POST', cookie, json });
const view = async (cookie: string) => await answerOf('GET /api/subscription', t.request('/api/subscription', { cookie }));
const eventsOf = (userId: string) => t.db.select().from(subscriptionEvents).where(eq(subscriptionEvents.userId, userId)).orderBy(subscriptionEvents.id);
const bonusesOf = (userId: string) => t.db.select().from(pointsLedger).where(and(eq(pointsLedger.userId, userId), eq(pointsLedger.event, 'upgrade-bonus')));

/** Delivers an event to the webhook as Stripe does: raw JSON, its signature, no cookie and no Origin. */
async function deliver(event: unknown, signature?: string | null) {
  const payload = JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' };
  const header = signature === undefined ? stripe.sign(payload) : signature;
  if (header !== null) headers['stripe-signature'] = header;
  return t.app.request('/api/webhooks/stripe', { method: 'POST', headers, body: payload });
}

/** A founder who went through Checkout: the session Rumbo opened, paid at the stand-in, its webhook delivered. */
async function subscribed(plan: 'monthly' | 'annual' = 'monthly') {
  const founder = await t.signUp();
  const upgrade = await post(founder.cookie, 'upgrade', { plan });
  expect(upgrade.status).toBe(200);
  const { redirectUrl } = (await upgrade.json()) as { redirectUrl: string };
  const sessionId = redirectUrl.split('/').at(-1)!;
  const { session, subscription } = stripe.completeCheckout(sessionId);
  expect((await deliver(stripe.event('checkout.session.completed', session))).status).toBe(200);
  return { ...founder, sessionId, subscriptionId: subscription.id };
}

describe('upgrading through Stripe Checkout', () => {
  it('sends the founder to Checkout for the plan’s price, with a return to this site; nothing changes before paying', async () => {
    const founder = await t.signUp();
    const response = await post(founder.cookie, 'upgrade', { plan: 'annual' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { redirectUrl: string; subscription: View };
    expect(body.redirectUrl).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    expect(body.subscription).toMatchObject({ provider: 'stripe', phase: 'trialing' });
    const session = stripe.sessions().find((entry) => body.redirectUrl.endsWith(String(entry.id)))!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: founder.user.id,
      customer_email: founder.email,
      line_items: { 0: { price: FAKE_PRICES.annual, quantity: '1' } },
      success_url: `${TEST_ORIGIN}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${TEST_ORIGIN}/subscription?checkout=cancelled`,
    });
    // A double click opens the same Checkout, not a second subscription.
    const again = await answerOf('POST /api/subscription/upgrade', post(founder.cookie, 'upgrade', { plan: 'annual' }));
    expect(again.redirectUrl).toBe(body.redirectUrl);
    expect(await eventsOf(founder.user.id)).toEqual([]);
  });

  it('refuses a return address on another origin before asking Stripe anything', async () => {
    const founder = await t.signUp();
    const before = stripe.requests.length;
    const response = await post(founder.cookie, 'upgrade', { plan: 'monthly', returnUrl: 'https://evil.example/thanks' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'returnUrl' }] });
    expect(stripe.requests.length).toBe(before);
  });

  it('the paid Checkout’s webhook starts Premium on Stripe’s dates, with the bonus once; a replay changes nothing', async () => {
    const founder = await subscribed('monthly');
    const stored = stripe.subscription(founder.subscriptionId)!;
    const item = stored.items.data[0] as unknown as { current_period_end: number };
    expect(await view(founder.cookie)).toMatchObject({
      phase: 'premium',
      status: 'active',
      plan: 'monthly',
      periodEnd: new Date(item.current_period_end * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      canManageBilling: true,
    });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, founder.user.id));
    expect(row).toMatchObject({ provider: 'stripe', stripeSubscriptionId: founder.subscriptionId, stripeCustomerId: stored.customer });
    expect(await bonusesOf(founder.user.id)).toHaveLength(1);

    const replayed = stripe.event('customer.subscription.updated', stored);
    expect(await (await deliver(replayed)).json()).toMatchObject({ outcome: 'unchanged' });
    expect(await (await deliver(replayed)).json()).toMatchObject({ outcome: 'replayed' });
    // Back from Checkout after the webhook: already applied.
    expect((await post(founder.cookie, `checkout/${founder.sessionId}`)).status).toBe(200);
    expect((await eventsOf(founder.user.id)).map((event) => [event.type, event.source])).toEqual([['provider-sync', 'provider']]);
    expect(await bonusesOf(founder.user.id)).toHaveLength(1);
  });

  it('back from Checkout before the webhook, the founder sees Premium at once; the webhook then changes nothing', async () => {
    const founder = await t.signUp();
    const { redirectUrl } = await answerOf('POST /api/subscription/upgrade', post(founder.cookie, 'upgrade', { plan: 'monthly' }));
    const { session } = stripe.completeCheckout(redirectUrl!.split('/').at(-1)!);
    const confirmed = await post(founder.cookie, `checkout/${String(session.id)}`);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as View).phase).toBe('premium');
    expect(await (await deliver(stripe.event('checkout.session.completed', session))).json()).toMatchObject({ outcome: 'unchanged' });
    expect(await eventsOf(founder.user.id)).toHaveLength(1);
    expect(await bonusesOf(founder.user.id)).toHaveLength(1);
  });

  it('answers 404 for another founder’s Checkout session, and for one that does not exist', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const { redirectUrl } = await answerOf('POST /api/subscription/upgrade', post(owner.cookie, 'upgrade', { plan: 'monthly' }));
    const sessionId = redirectUrl!.split('/').at(-1)!;
    stripe.completeCheckout(sessionId);
    for (const id of [sessionId, 'cs_test_missing', 'not-a-session']) {
      const response = await post(other.cookie, `checkout/${id}`);
      expect(response.status, id).toBe(404);
      expect(await errorOf(response)).toMatchObject({ code: 'NOT_FOUND' });
    }
    expect((await view(other.cookie)).phase).toBe('trialing');
    expect((await view(owner.cookie)).phase).toBe('trialing');
  });

  it('with Stripe down, the upgrade fails with a clear error and changes nothing', async () => {
    const founder = await t.signUp();
    stripe.setUnavailable(true);
    try {
      const response = await post(founder.cookie, 'upgrade', { plan: 'monthly' });
      expect(response.status).toBe(502);
      expect(await errorOf(response)).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR' });
    } finally {
      stripe.setUnavailable(false);
    }
    expect((await view(founder.cookie)).phase).toBe('trialing');
  });
});

describe('signed webhooks', () => {
  it('refuses a bad, missing or reused signature with 400, audits it and changes nothing; the genuine event still applies after', async () => {
    const founder = await t.signUp();
    const { redirectUrl } = await answerOf('POST /api/subscription/upgrade', post(founder.cookie, 'upgrade', { plan: 'monthly' }));
    const { session } = stripe.completeCheckout(redirectUrl!.split('/').at(-1)!);
    const event = stripe.event('checkout.session.completed', session);
    const otherPayload = JSON.stringify({ ...event, id: 'evt_forged' });

    for (const signature of [stripe.sign(JSON.stringify(event), 'whsec_wrong_secret'), null, stripe.sign(otherPayload), 't=1,v1=deadbeef']) {
      const response = await deliver(event, signature);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Invalid webhook signature.' });
    }
    expect((await view(founder.cookie)).phase).toBe('trialing');
    const audited = await t.db.select().from(auditLogs).where(eq(auditLogs.actionType, 'security_webhook_signature_invalid'));
    expect(audited.map((row) => row.details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'stripe', signature: 'invalid', userAgent: expect.stringContaining('Stripe') }),
        expect.objectContaining({ provider: 'stripe', signature: 'missing' }),
      ]),
    );

    expect(await (await deliver(event)).json()).toMatchObject({ outcome: 'applied' });
    expect((await view(founder.cookie)).phase).toBe('premium');
  });

  it('out of order: an older “updated” arriving after “deleted” does not bring Premium back', async () => {
    const founder = await subscribed();
    const activeSnapshot = structuredClone(stripe.subscription(founder.subscriptionId)!);
    const olderUpdate = stripe.event('customer.subscription.updated', activeSnapshot, new Date(Date.now() - 60_000));
    // Cancelled in Stripe's portal.
    const cancelled = stripe.update(founder.subscriptionId, { status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) });
    expect(await (await deliver(stripe.event('customer.subscription.deleted', cancelled))).json()).toMatchObject({ outcome: 'applied' });
    expect(await (await deliver(olderUpdate)).json()).toMatchObject({ outcome: 'unchanged' });
    expect(await view(founder.cookie)).toMatchObject({ phase: 'trialing', status: 'free' });
    expect(await t.db.select().from(subscriptionNotices).where(eq(subscriptionNotices.userId, founder.user.id))).toEqual([expect.objectContaining({ kind: 'premium-ended' })]);
  });

  it('a failed renewal keeps Premium as past due until Stripe gives up or the card is fixed', async () => {
    const founder = await subscribed();
    const invoice = stripe.failRenewal(founder.subscriptionId);
    expect(await (await deliver(stripe.event('invoice.payment_failed', invoice))).json()).toMatchObject({ outcome: 'applied' });
    expect(await view(founder.cookie)).toMatchObject({ phase: 'premium', status: 'past_due' });
    expect((await (await t.request('/api/me', { cookie: founder.cookie })).json()).effectiveUserTier).toBe(2);
    stripe.update(founder.subscriptionId, { status: 'active' });
    expect(await (await deliver(stripe.event('invoice.paid', { ...invoice, status: 'paid' }))).json()).toMatchObject({ outcome: 'applied' });
    expect((await view(founder.cookie)).status).toBe('active');
  });

  it('a late event about an earlier subscription does not end the current one', async () => {
    const founder = await subscribed();
    const first = founder.subscriptionId;
    expect((await post(founder.cookie, 'cancel', { when: 'now' })).status).toBe(200);
    const { redirectUrl } = await answerOf('POST /api/subscription/upgrade', post(founder.cookie, 'upgrade', { plan: 'annual' }));
    const { session } = stripe.completeCheckout(redirectUrl!.split('/').at(-1)!);
    expect(await (await deliver(stripe.event('checkout.session.completed', session))).json()).toMatchObject({ outcome: 'applied' });
    expect(await (await deliver(stripe.event('customer.subscription.deleted', stripe.subscription(first)))).json()).toMatchObject({ outcome: 'ignored' });
    expect(await view(founder.cookie)).toMatchObject({ phase: 'premium', plan: 'annual' });
    expect(await bonusesOf(founder.user.id)).toHaveLength(1);
  });

  it('acknowledges events about nobody here, and those it does not use', async () => {
    const founder = await t.signUp();
    const { redirectUrl } = await answerOf('POST /api/subscription/upgrade', post(founder.cookie, 'upgrade', { plan: 'monthly' }));
    const stranger = stripe.completeCheckout(redirectUrl!.split('/').at(-1)!);
    stripe.update(stranger.subscription.id, { metadata: { userId: 'someone-elsewhere' }, customer: 'cus_elsewhere' });
    const response = await deliver(stripe.event('customer.subscription.updated', stripe.subscription(stranger.subscription.id)));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: 'ignored' });
    expect(await (await deliver(stripe.event('customer.created', { id: 'cus_x', object: 'customer' }))).json()).toMatchObject({ outcome: 'ignored' });
  });
});

describe('the founder’s changes, made at Stripe first', () => {
  it('schedule the end, reactivate, switch the plan and cancel at once', async () => {
    const founder = await subscribed('monthly');
    const last = () => stripe.requests.at(-1)!;

    expect((await answerOf('POST /api/subscription/downgrade', post(founder.cookie, 'downgrade', { when: 'period-end' }))).cancelAtPeriodEnd).toBe(true);
    expect(last()).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${founder.subscriptionId}`, body: { cancel_at_period_end: 'true' } });
    // Stripe's own webhook about it agrees: nothing more is written.
    expect(await (await deliver(stripe.event('customer.subscription.updated', stripe.subscription(founder.subscriptionId)))).json()).toMatchObject({ outcome: 'unchanged' });

    expect((await answerOf('POST /api/subscription/reactivate', post(founder.cookie, 'reactivate'))).cancelAtPeriodEnd).toBe(false);
    expect(last().body).toEqual({ cancel_at_period_end: 'false' });

    expect((await answerOf('POST /api/subscription/plan', post(founder.cookie, 'plan', { plan: 'annual' }))).plan).toBe('annual');
    expect(last().body).toMatchObject({ items: { 0: { price: FAKE_PRICES.annual } }, proration_behavior: 'none' });
    expect(await (await deliver(stripe.event('customer.subscription.updated', stripe.subscription(founder.subscriptionId)))).json()).toMatchObject({ outcome: 'unchanged' });

    expect((await answerOf('POST /api/subscription/cancel', post(founder.cookie, 'cancel', { when: 'now' }))).phase).not.toBe('premium');
    expect(last()).toMatchObject({ method: 'DELETE', path: `/v1/subscriptions/${founder.subscriptionId}` });
    expect(stripe.subscription(founder.subscriptionId)!.status).toBe('canceled');
    expect((await eventsOf(founder.user.id)).map((event) => [event.type, event.source])).toEqual([
      ['provider-sync', 'provider'],
      ['cancel', 'founder'],
      ['reactivate', 'founder'],
      ['switch-plan', 'founder'],
      ['cancel', 'founder'],
    ]);
  });

  it('refuses to downgrade a Free founder without calling Stripe', async () => {
    const founder = await t.signUp();
    const before = stripe.requests.length;
    expect((await post(founder.cookie, 'downgrade', { when: 'now' })).status).toBe(409);
    expect(stripe.requests.length).toBe(before);
  });

  it('opens the Customer Portal and lists the invoices', async () => {
    const founder = await subscribed('annual');
    const portal = await post(founder.cookie, 'portal', {});
    expect(portal.status).toBe(200);
    const customer = stripe.subscription(founder.subscriptionId)!.customer;
    expect(await portal.json()).toEqual({ url: `${stripe.url}/portal/${customer}` });
    expect(stripe.requests.at(-1)!.body).toEqual({ customer, return_url: `${TEST_ORIGIN}/subscription` });
    const { invoices } = await answerOf('GET /api/subscription/invoices', t.request('/api/subscription/invoices', { cookie: founder.cookie }));
    expect(invoices).toEqual([expect.objectContaining({ amountPaid: 36000, currency: 'usd', status: 'paid', url: expect.stringContaining(stripe.url) })]);
    const free = await t.signUp();
    expect((await post(free.cookie, 'portal', {})).status).toBe(404);
  });
});

describe('account deletion', () => {
  it('cancels the subscription at Stripe, then erases it with the account', async () => {
    const founder = await subscribed();
    expect((await t.request('/api/account/delete', { method: 'POST', cookie: founder.cookie, json: { email: founder.email } })).status).toBe(200);
    expect(stripe.subscription(founder.subscriptionId)!.status).toBe('canceled');
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, founder.user.id))).toEqual([]);
    expect(await eventsOf(founder.user.id)).toEqual([]);
  });

  it('deletes nothing while Stripe cannot stop the billing', async () => {
    const founder = await subscribed();
    stripe.setUnavailable(true);
    try {
      const response = await t.request('/api/account/delete', { method: 'POST', cookie: founder.cookie, json: { email: founder.email } });
      expect(response.status).toBe(502);
    } finally {
      stripe.setUnavailable(false);
    }
    const [account] = await t.db.select({ status: users.status }).from(users).where(eq(users.id, founder.user.id));
    expect(account?.status).toBe('active');
    expect((await view(founder.cookie)).phase).toBe('premium');
  });
});

describe('without Stripe configured', () => {
  it('the webhook route does not exist', async () => {
    const local = await createTestApp();
    try {
      const response = await local.app.request('/api/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, body: '{}' });
      expect(response.status).toBe(404);
    } finally {
      await local.close();
    }
  });
});
