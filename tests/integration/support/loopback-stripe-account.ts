import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeInvoice, StripeSubscription } from '../../../src/core/metrics/stripe-weeks.ts';

/**
 * The few Stripe endpoints the import from a founder's own Stripe account reads (`GET /v1/subscriptions`, `GET /v1/invoices`),
 * served on 127.0.0.1 the way Stripe serves them: bearer keys (unknown → 401, a key
 * without the permission → 403), lists of at most `limit` objects after `starting_after`
 * with `has_more`, the pinned API version required. Nothing leaves the machine.
 */
export type FakeAccount = { subscriptions: StripeSubscription[]; invoices: StripeInvoice[] };
export type LoopbackStripe = {
  url: string;
  /** Every request: method, path with query, and the key it carried. */
  requests: { path: string; key: string }[];
  /** Gives a key an account, makes it one without read permission, or revokes it (undefined). */
  setKey: (key: string, account: FakeAccount | 'no-permission' | undefined) => void;
  close: () => Promise<void>;
};

const error = (response: http.ServerResponse, status: number, message: string) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { type: 'invalid_request_error', message } }));
};

export async function startLoopbackStripe(keys: Record<string, FakeAccount | 'no-permission'> = {}, port = 0): Promise<LoopbackStripe> {
  const accounts = new Map(Object.entries(keys));
  const requests: LoopbackStripe['requests'] = [];
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const key = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    requests.push({ path: `${url.pathname}${url.search}`, key });
    const account = accounts.get(key);
    if (request.method !== 'GET') return error(response, 405, 'Only reads here.');
    if (!account) return error(response, 401, `Invalid API Key provided: ${key.slice(0, 8)}****`);
    if (account === 'no-permission') return error(response, 403, `The provided key '${key.slice(0, 8)}***' does not have the required permissions for this endpoint.`);
    if (request.headers['stripe-version'] !== '2024-06-20') return error(response, 400, 'Unexpected API version.');
    const list: { id: string }[] | undefined = url.pathname === '/v1/subscriptions' ? account.subscriptions : url.pathname === '/v1/invoices' ? account.invoices : undefined;
    if (!list) return error(response, 404, 'Unrecognized request URL.');
    const limit = Math.min(100, Number(url.searchParams.get('limit') ?? 10));
    const after = url.searchParams.get('starting_after');
    const start = after ? list.findIndex((item) => item.id === after) + 1 : 0;
    const data = list.slice(start, start + limit);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ object: 'list', url: url.pathname, has_more: start + limit < list.length, data }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    setKey: (key, account) => (account === undefined ? accounts.delete(key) : accounts.set(key, account)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const DAY = 86_400;
const price = (amount: number, interval: 'month' | 'year', currency: string) => ({ currency, unit_amount: amount, recurring: { interval, interval_count: 1 } });

/** A subscription and its paid invoices, one per period from `start` until `until` (or its end). */
export function subscriptionWithInvoices(options: {
  id: string;
  customer: string;
  amount: number;
  interval?: 'month' | 'year';
  start: number;
  endedAt?: number | null;
  until: number;
  currency?: string;
}): FakeAccount {
  const { id, customer, amount, interval = 'month', start, endedAt = null, until, currency = 'usd' } = options;
  const length = (interval === 'month' ? 30 : 365) * DAY;
  const invoices: StripeInvoice[] = [];
  for (let period = start; period < Math.min(until, endedAt ?? Number.POSITIVE_INFINITY); period += length) {
    invoices.push({
      id: `in_${id}_${period}`,
      subscription: id,
      currency,
      lines: { data: [{ type: 'subscription', subscription: id, proration: false, amount, discount_amounts: [], period: { start: period, end: period + length }, price: price(amount, interval, currency) }] },
    });
  }
  const subscription: StripeSubscription = {
    id,
    customer,
    status: endedAt === null ? 'active' : 'canceled',
    currency,
    start_date: start,
    ended_at: endedAt,
    trial_end: null,
    items: { data: [{ price: price(amount, interval, currency), quantity: 1 }] },
  };
  return { subscriptions: [subscription], invoices };
}

/** Accounts side by side, as one. */
export const mergeAccounts = (...accounts: FakeAccount[]): FakeAccount => ({
  subscriptions: accounts.flatMap((account) => account.subscriptions),
  invoices: accounts.flatMap((account) => account.invoices),
});

/**
 * `count` monthly subscriptions of a growing startup, started over the last year up to
 * `now` (seconds), a tenth of them cancelled along the way, each with its paid invoices.
 */
export function syntheticAccount(count: number, now: number): FakeAccount {
  const year = 365 * DAY;
  return mergeAccounts(
    ...Array.from({ length: count }, (_, index) => {
      const start = now - year + Math.floor((index / count) * (year - 7 * DAY));
      const endedAt = index % 10 === 9 ? Math.min(now - DAY, start + 90 * DAY) : null;
      return subscriptionWithInvoices({ id: `sub_${index}`, customer: `cus_${index}`, amount: 2900 + (index % 5) * 1000, start, endedAt, until: now });
    }),
  );
}
