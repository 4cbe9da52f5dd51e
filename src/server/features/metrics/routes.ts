import { Hono } from 'hono';
import type { Context } from 'hono';
import { SummaryRangeParam } from '../../../core/metrics/summary-range.ts';
import { WeekKeySchema, WeekRecordInput } from '../../../core/metrics/week-record.ts';
import { AppError } from '../../http/app-error.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { premiumOnly } from '../../http/require-premium.ts';
import { fieldErrors, parseJsonBody } from '../../http/validate.ts';
import { deleteWeek, exportCsv, importCsv, listWeeks, peerBenchmarks, saveWeek } from './service.ts';

function weekParam(c: Context<AppBindings>) {
  const result = WeekKeySchema.safeParse({ year: c.req.param('year'), week: c.req.param('week') });
  if (!result.success) throw new AppError('VALIDATION_FAILED', { details: fieldErrors(result.error) });
  return result.data;
}

const tierContext = (c: Context<AppBindings>) => ({ trialDays: c.get('deps').env.trialDays });

/** The founder's weekly records, metrics, CSV and peer benchmarks (API-CONTRACT "Metrics"); always their own. */
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
    const range = SummaryRangeParam.safeParse(c.req.query('range'));
    if (!range.success) throw new AppError('VALIDATION_FAILED', { details: [{ field: 'range', message: range.error.issues[0]!.message }] });
    return c.body(await c.get('deps').summaries.body(c.get('deps').db, c.get('user').id, range.data), 200, { 'content-type': 'application/json' });
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
  .post('/import', premiumOnly, async (c) => {
    const type = c.req.header('content-type') ?? '';
    if (!/^text\/(csv|plain)\b/i.test(type)) {
      throw new AppError('VALIDATION_FAILED', { details: [{ field: 'body', message: 'import.notCsv' }] });
    }
    const text = await c.req.text();
    return c.json(await importCsv(c.get('deps').db, c.get('user').id, text));
  });
