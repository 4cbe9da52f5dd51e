import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Detail = { field: string; message: string; key?: string; params?: Record<string, unknown> };
type ErrorJson = { error: { code: string; message: string; details: Detail[] } };

async function refused(response: Response) {
  expect(response.status).toBe(400);
  const { error } = (await response.json()) as ErrorJson;
  expect(error.code).toBe('VALIDATION_FAILED');
  // Whatever the schema said, an API client reads sentences, never a translation key.
  for (const detail of error.details) expect(detail.message).not.toMatch(/^[\w-]+[:.][\w.]+$/);
  return error.details;
}

/** Schema messages are translation keys (decision 236); a 400 answers their English text, with the key and its params beside it. */
describe('a 400 VALIDATION_FAILED', () => {
  it('says each field’s problem in English, with the numbers filled in', async () => {
    const { cookie } = await t.signUp();
    const details = await refused(await t.request('/api/tasks', { method: 'POST', cookie, json: { ...validTask, hypothesis: 'Too short to test', impact: 11 } }));
    expect(details).toEqual(
      expect.arrayContaining([
        { field: 'hypothesis', message: 'Hypothesis statement must be at least 20 characters', key: 'validation:tasks.hypothesisMin', params: { min: 20 } },
        { field: 'impact', message: 'ICE values must be whole numbers from 1 to 10', key: 'validation:tasks.ice', params: { max: 10 } },
      ]),
    );
  });

  it('says zod’s own checks (an unknown field) and the shared text rules (an over-long text) in English too', async () => {
    const { cookie } = await t.signUp();
    const unknown = await refused(await t.request('/api/tasks', { method: 'POST', cookie, json: { ...validTask, status: 'done' } }));
    expect(unknown).toEqual([{ field: '', message: 'Unknown field: status', key: 'validation:unknownField', params: { keys: 'status' } }]);
    const long = await refused(await t.request('/api/me', { method: 'PATCH', cookie, json: { nickname: 'n'.repeat(201) } }));
    expect(long).toEqual([expect.objectContaining({ field: 'nickname', message: 'Text is too long (max 200 characters)', key: 'validation:tooLong' })]);
  });

  it('answers the rules that were keys of the metrics form in English as well', async () => {
    const { cookie } = await t.signUp();
    const details = await refused(await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie, json: { ...workedWeek, startingCustomers: -1 } }));
    expect(details).toContainEqual(expect.objectContaining({ field: 'startingCustomers', message: 'Cannot be negative.', key: 'validation:metrics.nonNegative' }));
  });
});
