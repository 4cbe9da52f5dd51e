import { Hono } from 'hono';
import type { Context } from 'hono';
import { CurrencyChangeInput } from '../../../core/metrics/currency-change.ts';
import { decodeCsvBytes } from '../../../core/metrics/csv-table.ts';
import { SummaryQuery } from '../../../core/metrics/summary-range.ts';
import { WeekKeySchema, WeekRecordInput } from '../../../core/metrics/week-record.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody, parseParams, parseQuery } from '../../http/validate.ts';
import { changeCurrency, listCurrencyChanges } from './currency.ts';
import { premiumOnly } from '../../http/require-premium.ts';
import { StripeApplyInput, StripeKeyInput } from '../../../core/metrics/stripe-import.ts';
import { deleteWeek, exportCsv, importCsv, listWeeks, peerBenchmarks, saveWeek } from './service.ts';
import { applyStripeWeeks, connectStripe, disconnectStripe, type StripeDeps, stripeStatus } from './stripe-import.ts';

const weekParam = (c: Context<AppBindings>) => parseParams(c, WeekKeySchema);

/**
 * A CSV body as text: in the charset its type declares when that is not UTF-8, otherwise
 * as its bytes say (UTF-8, UTF-16 with a mark, or the Latin-1 of older spreadsheets).
 */
function csvText(bytes: Uint8Array, type: string): string {
  const charset = /charset="?([\w-]+)/i.exec(type)?.[1]?.toLowerCase();
  if (!charset || charset === 'utf-8' || charset === 'utf8') return decodeCsvBytes(bytes).text;
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'body', message: 'import.notCsv' }] });
  }
}

const tierContext = (c: Context<AppBindings>) => ({ trialDays: c.get('deps').env.trialDays });
const stripeDeps = (c: Context<AppBindings>): StripeDeps => {
  const { db, env, logger } = c.get('deps');
  return { db, stripe: env.stripeImport, logger, trialDays: env.trialDays };
};

/** The founder's weekly records, metrics, CSV, peer benchmarks and currency changes (docs/metrics.md#api); always their own. */
export const metricsRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/weeks', async (c) => c.json(await listWeeks(c.get('deps').db, c.get('user').id)))
  .put('/weeks/:year/:week', async (c) => {
    const key = weekParam(c);
    const input = await parseJsonBody(c, WeekRecordInput);
    return c.json(await saveWeek(c.get('deps').db, c.get('user').id, key, input, tierContext(c)));
  })
  .delete('/weeks/:year/:week', async (c) => {
    await deleteWeek(c.get('deps').db, c.get('user').id, weekParam(c), tierContext(c));
    return c.body(null, 204);
  })
  .get('/summary', async (c) => {
    const { range } = parseQuery(c, SummaryQuery);
    return c.body(await c.get('deps').summaries.body(c.get('deps').db, c.get('user').id, range), 200, { 'content-type': 'application/json' });
  })
  .get('/benchmarks', premiumOnly, async (c) => c.json(await peerBenchmarks(c.get('deps').db, c.get('user').id)))
  .get('/export.csv', async (c) => {
    const csv = await exportCsv(c.get('deps').db, c.get('user').id);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="rumbo-metrics.csv"',
      'cache-control': 'no-store',
    });
  })
  .post('/currency', async (c) => {
    const input = await parseJsonBody(c, CurrencyChangeInput);
    return c.json(await changeCurrency(c.get('deps').db, c.get('user').id, input), 201);
  })
  .get('/currency-changes', async (c) => c.json(await listCurrencyChanges(c.get('deps').db, c.get('user').id)))
  .post('/import', premiumOnly, async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^text\/(csv|plain)\b/i.test(type)) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'body', message: 'import.notCsv' }] });
    }
    const text = csvText(new Uint8Array(await c.req.arrayBuffer()), type);
    return c.json(await importCsv(c.get('deps').db, c.get('user').id, text));
  })
  // The import from Stripe (decision 118): the founder's one connection, by their session.
  .get('/stripe', async (c) => c.json(await stripeStatus(stripeDeps(c), c.get('user').id)))
  .put('/stripe', async (c) => {
    const { key } = await parseJsonBody(c, StripeKeyInput);
    return c.json(await connectStripe(stripeDeps(c), c.get('user').id, key), 202);
  })
  .post('/stripe/apply', async (c) => {
    const input = await parseJsonBody(c, StripeApplyInput);
    return c.json(await applyStripeWeeks(stripeDeps(c), c.get('user').id, input));
  })
  .delete('/stripe', async (c) => {
    await disconnectStripe(c.get('deps').db, c.get('user').id);
    return c.body(null, 204);
  });
