import { Hono } from 'hono';
import type { Context } from 'hono';
import { CurrencyChangeInput } from '../../../core/metrics/currency-change.ts';
import { decodeCsvBytes } from '../../../core/metrics/csv-table.ts';
import { SummaryQuery } from '../../../core/metrics/summary-range.ts';
import { WeekKeySchema, WeekRecordInput } from '../../../core/metrics/week-record.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { changeCurrency, listCurrencyChanges } from './currency.ts';
import { premiumOnly } from '../../http/require-premium.ts';
import { StripeApplyInput, StripeKeyInput } from '../../../core/metrics/stripe-import.ts';
import { deleteWeek, exportCsv, importCsv, listWeeks, peerBenchmarks, saveWeek } from './service.ts';
import { applyStripeWeeks, connectStripe, disconnectStripe, type StripeDeps, stripeStatus } from './stripe-import.ts';
import { documented, jsonBody, paramsOf, pureQueryOf, readsBody } from '../../http/route-doc.ts';
import { hotJson } from '../../http/hot-json.ts';


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
    throw new AppError('VALIDATION_FAILED', { details: [{ field: 'body', message: 'validation:import.notCsv' }] });
  }
}

const tierContext = (c: Context<AppBindings>) => ({ trialDays: c.get('deps').settings.current().trialDays });
const stripeDeps = (c: Context<AppBindings>): StripeDeps => {
  const { db, env, logger } = c.get('deps');
  return { db, stripe: env.stripeImport, logger, trialDays: c.get('deps').settings.current().trialDays };
};

/** The founder's weekly records, metrics, CSV, peer benchmarks and currency changes (docs/metrics.md#api); always their own. */
export const metricsRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/weeks', documented({ summary: 'Every recorded week, newest first', tag: 'metrics' }), async (c) => c.json(await listWeeks(c.get('deps').db, c.get('user').id)))
  .put(
    '/weeks/:year/:week',
    documented({ summary: 'Record or replace an ISO week (older than the last 4: tier 2)', tag: 'metrics' }),
    paramsOf(WeekKeySchema),
    jsonBody(WeekRecordInput),
    async (c) => {
      const key = c.req.valid('param');
      const input = c.req.valid('json');
      return c.json(await saveWeek(c.get('deps').db, c.get('user').id, key, input, tierContext(c)));
    },
  )
  .delete('/weeks/:year/:week', documented({ summary: 'Delete a week (older than the last 4: tier 2)', tag: 'metrics' }), paramsOf(WeekKeySchema), async (c) => {
    await deleteWeek(c.get('deps').db, c.get('user').id, c.req.valid('param'), tierContext(c));
    return c.body(null, 204);
  })
  .get('/summary', documented({ summary: 'Latest computed metrics, series (?range=12w|6m|1y|all, default 1y) and targets', tag: 'metrics' }), pureQueryOf(SummaryQuery), async (c) => {
    const { range } = c.req.valid('query');
    return hotJson(c, await c.get('deps').summaries.body(c.get('deps').db, c.get('user').id, range));
  })
  .get('/benchmarks', documented({ summary: 'Tier 2: which quarter of 5+ anonymous peers, from a daily snapshot', tag: 'metrics' }), premiumOnly, async (c) =>
    c.json(await peerBenchmarks(c.get('deps').db, c.get('user').id)),
  )
  .get('/export.csv', documented({ summary: 'Every week as CSV', tag: 'metrics', answers: 'text/csv' }), async (c) => {
    const csv = await exportCsv(c.get('deps').db, c.get('user').id);
    return c.body(csv, 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="rumbo-metrics.csv"',
      'cache-control': 'no-store',
    });
  })
  .post(
    '/currency',
    documented({ summary: 'Change the currency: relabel, or convert every past amount at a rate > 0 (1 old = rate new), in one transaction, recorded', tag: 'metrics' }),
    jsonBody(CurrencyChangeInput),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(await changeCurrency(c.get('deps').db, c.get('user').id, input), 201);
    },
  )
  .get('/currency-changes', documented({ summary: "The founder's currency changes, newest first", tag: 'metrics' }), async (c) =>
    c.json(await listCurrencyChanges(c.get('deps').db, c.get('user').id)),
  )
  .post(
    '/import',
    documented({ summary: 'Tier 2: import weeks from CSV, all or nothing; columns matched by name in English or Spanish, dates, ISO weeks or months', tag: 'metrics' }),
    readsBody({ 'text/csv': null }),
    premiumOnly,
    async (c) => {
      const type = c.req.header('content-type') ?? '';
      if (!/^text\/(csv|plain)\b/i.test(type)) {
        throw new AppError('VALIDATION_FAILED', { details: [{ field: 'body', message: 'validation:import.notCsv' }] });
      }
      const text = csvText(new Uint8Array(await c.req.arrayBuffer()), type);
      return c.json(await importCsv(c.get('deps').db, c.get('user').id, text));
    },
  )
  // The import from Stripe (decision 118): the founder's one connection, by their session.
  .get('/stripe', documented({ summary: 'The import from Stripe: whether it is on, and the founder’s connection (progress, weeks found, last sync)', tag: 'metrics' }), async (c) =>
    c.json(await stripeStatus(stripeDeps(c), c.get('user').id)),
  )
  .put(
    '/stripe',
    documented({ summary: 'Tier 2: connect Stripe with a restricted read-only key (202; reading starts in the background)', tag: 'metrics' }),
    jsonBody(StripeKeyInput),
    async (c) => {
      const { key } = c.req.valid('json');
      return c.json(await connectStripe(stripeDeps(c), c.get('user').id, key), 202);
    },
  )
  .post('/stripe/apply', documented({ summary: 'Tier 2: save the weeks the reading found', tag: 'metrics' }), jsonBody(StripeApplyInput), async (c) => {
    const input = c.req.valid('json');
    return c.json(await applyStripeWeeks(stripeDeps(c), c.get('user').id, input));
  })
  .delete('/stripe', documented({ summary: 'Disconnect Stripe: the stored key is deleted, saved weeks stay', tag: 'metrics' }), async (c) => {
    await disconnectStripe(c.get('deps').db, c.get('user').id);
    return c.body(null, 204);
  });
