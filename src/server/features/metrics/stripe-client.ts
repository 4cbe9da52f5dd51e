/**
 * The few Stripe calls the import makes (decision 118), all reads: list subscriptions and
 * paid invoices, a page of 100 at a time. The API version is pinned, so the shapes
 * `src/core/metrics/stripe-weeks.ts` reads never change under it; a rate limit or a
 * server error is retried with a growing pause, a refused key is not.
 */
export const STRIPE_API_VERSION = '2024-06-20';
const PAGE_SIZE = 100;
const RETRIES = 4;
const REQUEST_TIMEOUT_MS = 30_000;

export type StripeFailure = 'stripe.keyRejected' | 'stripe.keyPermissions' | 'stripe.unreachable';

/** Why reading Stripe failed, as a `metrics` translation key the founder reads. */
export class StripeReadError extends Error {
  override name = 'StripeReadError';
  readonly reason: StripeFailure;
  constructor(reason: StripeFailure) {
    super(reason);
    this.reason = reason;
  }
}

type Page<T> = { data: T[]; has_more: boolean };

export type StripeReader = {
  /** Fails unless the key is accepted and may read subscriptions and invoices. */
  probe: () => Promise<void>;
  /** Every object of a list; `onPage` hears how many have been read so far. */
  list: <T extends { id: string }>(path: string, params: Record<string, string>, onPage?: (read: number) => Promise<void> | void) => Promise<T[]>;
};

export function stripeReader(apiUrl: string, key: string, options: { pauseMs?: number } = {}): StripeReader {
  const pauseMs = options.pauseMs ?? 500;

  async function get<T>(path: string, params: Record<string, string>): Promise<T> {
    const url = `${apiUrl}${path}?${new URLSearchParams(params)}`;
    for (let attempt = 0; ; attempt++) {
      let response: Response | null = null;
      try {
        response = await fetch(url, {
          headers: { authorization: `Bearer ${key}`, 'stripe-version': STRIPE_API_VERSION },
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch {
        // The network or a timeout: tried again below, like a 5xx.
      }
      if (response?.ok) return (await response.json()) as T;
      if (response?.status === 401) throw new StripeReadError('stripe.keyRejected');
      if (response?.status === 403) throw new StripeReadError('stripe.keyPermissions');
      const retriable = !response || response.status === 429 || response.status >= 500;
      await response?.body?.cancel();
      if (!retriable || attempt >= RETRIES) throw new StripeReadError('stripe.unreachable');
      await new Promise((resolve) => setTimeout(resolve, pauseMs * 2 ** attempt));
    }
  }

  return {
    async probe() {
      await get('/v1/subscriptions', { limit: '1', status: 'all' });
      await get('/v1/invoices', { limit: '1', status: 'paid' });
    },
    async list<T extends { id: string }>(path: string, params: Record<string, string>, onPage?: (read: number) => Promise<void> | void) {
      const all: T[] = [];
      for (let after: string | undefined; ; ) {
        const page = await get<Page<T>>(path, { ...params, limit: String(PAGE_SIZE), ...(after ? { starting_after: after } : {}) });
        all.push(...page.data);
        await onPage?.(all.length);
        if (!page.has_more || page.data.length === 0) return all;
        after = page.data.at(-1)!.id;
      }
    },
  };
}
