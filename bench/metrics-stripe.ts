/**
 * Import from Stripe of an account with 10,000 subscriptions (and their ~60,000 paid
 * invoices) against the loopback fake of tests/integration/support/loopback-stripe-account.ts:
 * connecting with the key, the reading followed through GET /api/metrics/stripe as the
 * page follows it (its progress printed as it moves), then saving the weeks. Goal (issue
 * 15): under 60 s. The floor, measured in the same run: paging through the same lists with
 * bare fetch calls and nothing else.
 *
 *   node bench/metrics-stripe.ts            # embedded PGlite
 *   DATABASE_URL=postgres://… node bench/metrics-stripe.ts
 */
import { randomBytes } from 'node:crypto';
import { startLoopbackStripe, syntheticAccount } from '../tests/integration/support/loopback-stripe-account.ts';
import { signUpFounder, startBenchServer } from './lib/metrics-server.ts';

const SUBSCRIPTIONS = 10_000;
const KEY = 'rk_test_51BenchmarkAccountWithTenThousandSubscriptions';
const account = syntheticAccount(SUBSCRIPTIONS, Date.now() / 1000);
const stripe = await startLoopbackStripe({ [KEY]: account });
const server = await startBenchServer({ STRIPE_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'), STRIPE_API_URL: stripe.url });
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Every page of a list with bare fetch: what reading the account costs at the least. */
async function pageThrough(path: string, params: string) {
  let pages = 0;
  for (let after = ''; ; pages++) {
    const response = await fetch(`${stripe.url}${path}?limit=100&${params}${after ? `&starting_after=${after}` : ''}`, {
      headers: { authorization: `Bearer ${KEY}`, 'stripe-version': '2024-06-20' },
    });
    const page = (await response.json()) as { data: { id: string }[]; has_more: boolean };
    if (!page.has_more) return pages + 1;
    after = page.data.at(-1)!.id;
  }
}

async function timedFloor() {
  const start = performance.now();
  const pages = (await pageThrough('/v1/subscriptions', 'status=all')) + (await pageThrough('/v1/invoices', 'status=paid'));
  return { pages, ms: performance.now() - start };
}

try {
  // Once to warm the fake and the runtime, so neither side pays for the first pass.
  await timedFloor();
  const { pages, ms: floor } = await timedFloor();

  const { headers } = await signUpFounder(server.origin, server.appUrl);
  const call = (method: string, body?: unknown) =>
    fetch(`${server.origin}/api/metrics/stripe${method === 'POST' ? '/apply' : ''}`, {
      method,
      headers: { ...headers, origin: server.appUrl, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  let start = performance.now();
  const connected = await call('PUT', { key: KEY });
  if (connected.status !== 202) throw new Error(`connect failed: ${connected.status} ${await connected.text()}`);
  const seen: string[] = [];
  let connection: { status: string; progress: { subscriptions: number; invoices: number }; preview: { weeks: unknown[] } | null };
  for (;;) {
    ({ connection } = (await (await call('GET')).json()) as { connection: typeof connection });
    const progress = `${connection.progress.subscriptions} subscriptions, ${connection.progress.invoices} invoices`;
    if (seen.at(-1) !== progress) seen.push(progress);
    if (connection.status !== 'reading') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const reading = performance.now() - start;
  if (connection.status !== 'ready') throw new Error(`reading ended ${connection.status}`);
  start = performance.now();
  const saved = await call('POST', { baseline: { weeklyCosts: 90_000, marketingCosts: 20_000, cashBalance: 2_000_000, weeklyActiveUsers: 8_000 } });
  const saving = performance.now() - start;
  if (!saved.ok) throw new Error(`saving failed: ${saved.status} ${await saved.text()}`);

  console.log(`account: ${account.subscriptions.length} subscriptions, ${account.invoices.length} paid invoices, ${pages} pages of 100`);
  console.log(`floor (bare paging, same fake):  ${seconds(floor)}`);
  console.log(`connect → weeks ready to review: ${seconds(reading)} (${(reading / floor).toFixed(2)}× the floor; goal < 60 s)`);
  console.log(`progress the page saw (${seen.length} distinct readings): ${seen.slice(0, 3).join(' → ')} … ${seen.at(-1)}`);
  console.log(`saving ${connection.preview?.weeks.length} weeks: ${seconds(saving)}`);
} finally {
  await server.stop();
  await stripe.close();
}
