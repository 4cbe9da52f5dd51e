import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A loopback stand-in for the few Stripe endpoints Rumbo calls (Checkout, subscriptions,
 * the Customer Portal, invoices), speaking Stripe's wire format: form-encoded requests,
 * JSON objects, `resource_missing` errors. The SDK talks to it through STRIPE_API_URL, so
 * tests never reach the network. What Stripe would do on its own side (a founder paying on
 * Checkout, a renewal, a failed card) the test does with the methods below, then delivers the
 * matching webhook signed with the SDK's own `generateTestHeaderString`.
 */

export const FAKE_PRICES = { monthly: 'price_monthly_test', annual: 'price_annual_test' } as const;
export const WEBHOOK_SECRET = 'whsec_rumbo_test_secret';
const PRICES: Record<string, { interval: 'month' | 'year'; amount: number }> = {
  [FAKE_PRICES.monthly]: { interval: 'month', amount: 3000 },
  [FAKE_PRICES.annual]: { interval: 'year', amount: 36000 },
};

type Json = Record<string, unknown>;
type FakeSubscription = Json & { id: string; status: string; customer: string; items: { object: 'list'; data: (Json & { id: string; price: Json & { id: string } })[] } };

/** `a[b][0][c]=1` → `{ a: { b: { 0: { c: '1' } } } }`, as Stripe reads its form bodies. */
function parseForm(body: string): Json {
  const out: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\]\[|\[|\]/).filter(Boolean);
    let node = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Json;
    });
  }
  return out;
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
/** Stripe's month arithmetic, done independently of Rumbo's: the same day next month, or the month's last. */
function plusMonths(seconds: number, months: number): number {
  const start = new Date(seconds * 1000);
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months);
  if (end.getUTCDate() !== start.getUTCDate()) end.setUTCDate(0);
  return unix(end);
}

export type LoopbackStripe = Awaited<ReturnType<typeof startLoopbackStripe>>;

export async function startLoopbackStripe() {
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_test_${++counter}`;
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices: Json[] = [];
  const byIdempotencyKey = new Map<string, Json>();
  /** Every request, for tests that check what Rumbo asked Stripe. */
  const requests: { method: string; path: string; body: Json; idempotencyKey: string | undefined }[] = [];
  let unavailable = false;
  const signer = new Stripe('sk_test_signer');

  function invoiceFor(subscription: FakeSubscription, status: 'paid' | 'open') {
    const price = PRICES[subscription.items.data[0]!.price.id]!;
    const invoice = {
      id: nextId('in'),
      object: 'invoice',
      number: `RUMBO-${String(invoices.length + 1).padStart(4, '0')}`,
      created: unix(new Date()),
      amount_paid: status === 'paid' ? price.amount : 0,
      amount_due: price.amount,
      currency: 'usd',
      status,
      customer: subscription.customer,
      hosted_invoice_url: `${url}/invoices/${invoices.length + 1}`,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    };
    invoices.push(invoice);
    return invoice;
  }

  function route(method: string, path: string, body: Json, query: URLSearchParams, idempotencyKey: string | undefined): [number, unknown] {
    const missing = (what: string): [number, unknown] => [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } }];
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const known = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (known) return [200, known];
      const id = nextId('cs');
      const session = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        url: `${url}/pay/${id}`,
        client_reference_id: body.client_reference_id ?? null,
        customer: body.customer ?? null,
        customer_email: body.customer_email ?? null,
        subscription: null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        line_items: body.line_items,
        subscription_data: body.subscription_data ?? {},
      };
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, session);
      return [200, session];
    }
    let match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && match) return sessions.has(match[1]!) ? [200, sessions.get(match[1]!)] : missing('checkout.session');
    match = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
    if (match) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) return missing('subscription');
      if (method === 'GET') return [200, subscription];
      if (method === 'DELETE') {
        Object.assign(subscription, { status: 'canceled', canceled_at: unix(new Date()), ended_at: unix(new Date()) });
        return [200, subscription];
      }
      if (method === 'POST') {
        if (body.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = body.cancel_at_period_end === 'true';
        const items = body.items as Record<string, { price?: string }> | undefined;
        const price = items?.['0']?.price;
        if (price) subscription.items.data[0]!.price = { id: price, object: 'price', recurring: { interval: PRICES[price]!.interval } };
        return [200, subscription];
      }
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      return [200, { id: nextId('bps'), object: 'billing_portal.session', customer: body.customer, return_url: body.return_url, url: `${url}/portal/${String(body.customer)}` }];
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const customer = query.get('customer');
      return [200, { object: 'list', url: '/v1/invoices', has_more: false, data: invoices.filter((invoice) => invoice.customer === customer).reverse() }];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } }];
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const address = new URL(request.url ?? '/', 'http://localhost');
      const body = parseForm(raw);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method: request.method ?? 'GET', path: address.pathname, body, idempotencyKey });
      const [status, answer] = unavailable
        ? [500, { error: { type: 'api_error', message: 'Stripe is down (test)' } }]
        : route(request.method ?? 'GET', address.pathname, body, address.searchParams, idempotencyKey);
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': nextId('req'), 'stripe-should-retry': 'false' });
      response.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    env: {
      STRIPE_SECRET_KEY: 'sk_test_rumbo',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_MONTHLY: FAKE_PRICES.monthly,
      STRIPE_PRICE_ANNUAL: FAKE_PRICES.annual,
      STRIPE_API_URL: url,
    },
    /** Stripe refuses every call (an outage) until set back. */
    setUnavailable(down: boolean) {
      unavailable = down;
    },
    sessions: () => [...sessions.values()],
    subscription: (id: string) => subscriptions.get(id),
    /** The founder paid on Checkout: a customer, an active subscription on the session's price, a paid invoice. */
    completeCheckout(sessionId: string, at = new Date()) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const price = ((session.line_items as Record<string, { price: string }>)['0']!).price;
      const start = unix(at);
      const months = PRICES[price]!.interval === 'year' ? 12 : 1;
      const subscription: FakeSubscription = {
        id: nextId('sub'),
        object: 'subscription',
        status: 'active',
        customer: (session.customer as string | null) ?? nextId('cus'),
        metadata: ((session.subscription_data as Json).metadata as Json | undefined) ?? {},
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        billing_cycle_anchor: start,
        created: start,
        items: {
          object: 'list',
          data: [{ id: nextId('si'), object: 'subscription_item', quantity: 1, current_period_start: start, current_period_end: plusMonths(start, months), price: { id: price, object: 'price', recurring: { interval: PRICES[price]!.interval } } }],
        },
      };
      subscriptions.set(subscription.id, subscription);
      Object.assign(session, { status: 'complete', subscription: subscription.id, customer: subscription.customer });
      invoiceFor(subscription, 'paid');
      return { session, subscription };
    },
    /** Changes a subscription as Stripe would on its side (the portal, a failed card, a renewal). */
    update(id: string, changes: Json) {
      const subscription = subscriptions.get(id);
      if (!subscription) throw new Error(`no subscription ${id}`);
      Object.assign(subscription, changes);
      return subscription;
    },
    /** A renewal charge that failed: the invoice stays open and the subscription is past due. */
    failRenewal(id: string) {
      const subscription = subscriptions.get(id)!;
      subscription.status = 'past_due';
      return invoiceFor(subscription, 'open');
    },
    /** A Stripe event around `object`, as its webhook delivers it. */
    event(type: string, object: unknown, created = new Date()) {
      return { id: nextId('evt'), object: 'event', api_version: Stripe.API_VERSION, created: unix(created), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object: structuredClone(object) } };
    },
    /** The Stripe-Signature header for a payload, made by the SDK as Stripe would. */
    sign(payload: string, secret: string = WEBHOOK_SECRET) {
      return signer.webhooks.generateTestHeaderString({ payload, secret });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
