import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp } from './support/test-app.ts';
import { tasksSource } from '../../src/server/features/tasks/index.ts';
import { answerOf } from './support/answer.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
type ErrorJson = { error: { code: string; details?: { field: string; message: string }[] } };

async function createTask(cookie: string, body: Json = validTask, headers: Record<string, string> = {}) {
  return t.request('/api/tasks', { method: 'POST', cookie, json: body, headers });
}

async function gamification(cookie: string) {
  return await answerOf('GET /api/me/gamification', t.request('/api/me/gamification', { cookie }));
}

async function activeTasks(cookie: string) {
  return await answerOf('GET /api/tasks', t.request('/api/tasks?status=active', { cookie }));
}

describe('creating a task', () => {
  it('answers 201 with the task, its ICE total, and awards 10 points', async () => {
    const { cookie } = await t.signUp();
    const response = await createTask(cookie);
    expect(response.status).toBe(201);
    const task = await answerOf('POST /api/tasks', response);
    expect(task).toMatchObject({ ...validTask, status: 'active', iceTotal: 2.4, maximaIndex: null, completionNotes: null });
    expect(typeof task.id).toBe('string');
    const standing = await gamification(cookie);
    expect(standing).toMatchObject({ points: 10, level: 1, streak: 1 });
    expect(standing.ledger).toEqual([expect.objectContaining({ event: 'task-created', points: 10, revokedAt: null })]);
  });

  it('lists active tasks by ICE total, highest first', async () => {
    const { cookie } = await t.signUp();
    await createTask(cookie, { ...validTask, impact: 2 });
    await createTask(cookie, { ...validTask, impact: 10, confidence: 10, ease: 10 });
    await createTask(cookie, { ...validTask, impact: 5 });
    expect((await activeTasks(cookie)).map((task) => task.iceTotal)).toEqual([10, 1.5, 0.6]);
  });

  it.each([
    ['hypothesis of 19 characters', { hypothesis: 'x'.repeat(19) }, 'hypothesis', 'Hypothesis statement must be at least 20 characters'],
    ['why relevant of 14 characters', { whyRelevant: 'y'.repeat(14) }, 'whyRelevant', 'Why relevant must be at least 15 characters'],
    ['no metric', { metric: undefined }, 'metric', 'Please select a metric'],
    ['an unknown metric', { metric: 'vanity' }, 'metric', 'Please select a metric'],
    ['impact 0', { impact: 0 }, 'impact', 'ICE values must be whole numbers from 1 to 10'],
    ['confidence 11', { confidence: 11 }, 'confidence', 'ICE values must be whole numbers from 1 to 10'],
    ['ease 2.5', { ease: 2.5 }, 'ease', 'ICE values must be whole numbers from 1 to 10'],
    ['impact as text', { impact: '8' }, 'impact', 'ICE values must be whole numbers from 1 to 10'],
    ['a target that is no number', { targetValue: 'lots' }, 'targetValue', 'Target value must be a number'],
    ['a maxima position past the fifth', { maximaIndex: 5 }, 'maximaIndex', undefined],
    ['a negative maxima position', { maximaIndex: -1 }, 'maximaIndex', undefined],
    ['a maxima position that is no whole number', { maximaIndex: 1.5 }, 'maximaIndex', undefined],
  ])('refuses %s, and nothing is written or awarded', async (_case, change, field, message) => {
    const { cookie } = await t.signUp();
    const response = await createTask(cookie, { ...validTask, ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorJson;
    expect(body.error.code).toBe('VALIDATION_FAILED');
    const detail = body.error.details?.find((d) => d.field === field);
    expect(detail).toBeDefined();
    if (message) expect(detail?.message).toBe(message);
    expect(await activeTasks(cookie)).toEqual([]);
    expect((await gamification(cookie)).points).toBe(0);
  });

  it('counts the 20 characters after sanitising: markup does not pad a hypothesis', async () => {
    const { cookie } = await t.signUp();
    const response = await createTask(cookie, { ...validTask, hypothesis: '<b>short</b> claim <i></i>' });
    expect(response.status).toBe(400);
  });

  it('refuses a blocked pattern with SECURITY_VIOLATION', async () => {
    const { cookie } = await t.signUp();
    const response = await createTask(cookie, { ...validTask, hypothesis: '<script>alert(1)</script> churn falls by half' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorJson).error.code).toBe('SECURITY_VIOLATION');
    expect(await activeTasks(cookie)).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await t.request('/api/tasks', { method: 'POST', json: validTask })).status).toBe(401);
    expect((await t.request('/api/tasks')).status).toBe(401);
  });

  it('makes one task and one award from a concurrent double submit of the form', async () => {
    const { cookie } = await t.signUp();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const responses = await Promise.all([createTask(cookie, validTask, headers), createTask(cookie, validTask, headers)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 201]);
    const [first, second] = (await Promise.all(responses.map((r) => r.json()))) as Json[];
    expect(first?.id).toBe(second?.id);
    expect(await activeTasks(cookie)).toHaveLength(1);
    const standing = await gamification(cookie);
    expect(standing.points).toBe(10);
    expect(standing.ledger).toHaveLength(1);
  });

  it('refuses a malformed idempotency key', async () => {
    const { cookie } = await t.signUp();
    const response = await createTask(cookie, validTask, { 'idempotency-key': 'short' });
    expect(response.status).toBe(400);
    expect(await activeTasks(cookie)).toEqual([]);
  });

  it('keeps idempotency keys per founder: the same key from two founders makes two tasks', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const headers = { 'idempotency-key': 'shared-key-123' };
    expect((await createTask(a.cookie, validTask, headers)).status).toBe(201);
    expect((await createTask(b.cookie, validTask, headers)).status).toBe(201);
  });
});

describe('the creation limit: 10 tasks an hour', () => {
  it('refuses the 11th task within the hour with Rate limit exceeded, and keeps the first ten', async () => {
    const { cookie } = await t.signUp();
    for (let i = 0; i < 10; i++) expect((await createTask(cookie)).status).toBe(201);
    const refused = await createTask(cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Rate limit exceeded/),
    });
    expect(await activeTasks(cookie)).toHaveLength(10);

    // The limit is per founder: someone else still creates tasks.
    const other = await t.signUp();
    expect((await createTask(other.cookie)).status).toBe(201);
  });

  it('counts tasks made, not attempts: ten refused submissions do not block a valid one', async () => {
    const { cookie } = await t.signUp();
    for (let i = 0; i < 10; i++) expect((await createTask(cookie, { ...validTask, hypothesis: 'too short' })).status).toBe(400);
    expect((await createTask(cookie)).status).toBe(201);
  });

  it('counts a replayed submission (same Idempotency-Key) once, and still answers it at the limit', async () => {
    const { cookie } = await t.signUp();
    const headers = { 'idempotency-key': crypto.randomUUID() };
    const first = await answerOf('POST /api/tasks', createTask(cookie, validTask, headers));
    for (let i = 0; i < 10; i++) expect((await createTask(cookie, validTask, headers)).status).toBe(200);
    // Nine more tasks reach the ten of the hour; the replays took nothing.
    for (let i = 0; i < 9; i++) expect((await createTask(cookie)).status).toBe(201);
    expect((await createTask(cookie)).status).toBe(429);
    const replay = await createTask(cookie, validTask, headers);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as Json).id).toBe(first.id);
  });

  it('never lets racing submissions past the limit', async () => {
    const { cookie } = await t.signUp();
    const statuses = (await Promise.all(Array.from({ length: 14 }, () => createTask(cookie)))).map((r) => r.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    expect(await activeTasks(cookie)).toHaveLength(10);
  });
});

describe('the metric then and now', () => {
  it('stores the metric’s latest value when the task is created and when it is completed', async () => {
    const { cookie } = await t.signUp();
    const none = await answerOf('POST /api/tasks', createTask(cookie));
    expect(none.metricValueAtCreation).toBeNull();

    expect((await t.request(weekPath(weeksAgo(1)), { method: 'PUT', cookie, json: workedWeek })).status).toBe(200);
    const latest = async () =>
      (await answerOf('GET /api/metrics/summary', t.request('/api/metrics/summary', { cookie }))).latest!.churnRate;
    const churnThen = await latest();
    const task = await answerOf('POST /api/tasks', createTask(cookie));
    expect(task.metricValueAtCreation).toBe(churnThen);

    expect((await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie, json: { ...workedWeek, lostCustomers: 1 } })).status).toBe(200);
    const churnNow = await latest();
    expect(churnNow).not.toBe(churnThen);
    const done = await t.request(`/api/tasks/${String(task.id)}/complete`, { method: 'POST', cookie, json: { outcome: 'validated', completionNotes: 'Onboarding calls cut churn' } });
    expect(((await done.json()) as Json).metricValueAtCompletion).toBe(churnNow);
  });
});

describe('linking a task to a strategy maxima', () => {
  it('stores the maxima position, reads it back, changes it and clears it', async () => {
    const { cookie } = await t.signUp();
    const created = await createTask(cookie, { ...validTask, maximaIndex: 1 });
    expect(created.status).toBe(201);
    const task = await answerOf('POST /api/tasks', created);
    expect(task.maximaIndex).toBe(1);
    const path = `/api/tasks/${String(task.id)}`;
    expect(((await (await t.request(path, { cookie })).json()) as Json).maximaIndex).toBe(1);
    expect((await activeTasks(cookie))[0]?.maximaIndex).toBe(1);

    const moved = await t.request(path, { method: 'PATCH', cookie, json: { maximaIndex: 4 } });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Json).maximaIndex).toBe(4);
    expect(((await (await t.request(path, { cookie })).json()) as Json).maximaIndex).toBe(4);

    const cleared = await t.request(path, { method: 'PATCH', cookie, json: { maximaIndex: null } });
    expect(((await cleared.json()) as Json).maximaIndex).toBeNull();
    expect(((await (await t.request(path, { cookie })).json()) as Json).maximaIndex).toBeNull();
  });
});

describe('a due date', () => {
  it('is optional, stored as the day chosen, changed and cleared; anything but a date is refused and changes nothing', async () => {
    const { cookie } = await t.signUp();
    const without = await answerOf('POST /api/tasks', createTask(cookie));
    expect(without.dueDate).toBeNull();

    const created = await createTask(cookie, { ...validTask, dueDate: '2026-12-04' });
    expect(created.status).toBe(201);
    const task = await answerOf('POST /api/tasks', created);
    expect(task.dueDate).toBe('2026-12-04');
    const path = `/api/tasks/${String(task.id)}`;
    expect(((await (await t.request(path, { cookie })).json()) as Json).dueDate).toBe('2026-12-04');

    for (const dueDate of ['2026-02-30', 'next friday', 20261204]) {
      const refused = await t.request(path, { method: 'PATCH', cookie, json: { dueDate } });
      expect(refused.status).toBe(400);
      const body = (await refused.json()) as ErrorJson;
      expect(body.error.details).toContainEqual(expect.objectContaining({ field: 'dueDate', message: 'Due date must be a date' }));
    }
    expect(((await (await t.request(path, { cookie })).json()) as Json).dueDate).toBe('2026-12-04');

    const moved = await t.request(path, { method: 'PATCH', cookie, json: { dueDate: '2027-01-15' } });
    expect(((await moved.json()) as Json).dueDate).toBe('2027-01-15');
    const cleared = await t.request(path, { method: 'PATCH', cookie, json: { dueDate: null } });
    expect(((await cleared.json()) as Json).dueDate).toBeNull();

    // Another founder's task stays theirs.
    const other = await t.signUp();
    expect((await t.request(path, { method: 'PATCH', cookie: other.cookie, json: { dueDate: '2027-01-15' } })).status).toBe(404);
  });
});

describe('editing a task', () => {
  it('changes the fields and recomputes the ICE total', async () => {
    const { cookie } = await t.signUp();
    const task = await answerOf('POST /api/tasks', createTask(cookie));
    const response = await t.request(`/api/tasks/${task.id}`, { method: 'PATCH', cookie, json: { impact: 10, confidence: 10, hypothesis: 'A weekly call with every new customer halves churn' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ impact: 10, confidence: 10, ease: 5, iceTotal: 5, hypothesis: 'A weekly call with every new customer halves churn' });
  });

  it('validates like creation and changes nothing on bad input', async () => {
    const { cookie } = await t.signUp();
    const task = await answerOf('POST /api/tasks', createTask(cookie));
    const response = await t.request(`/api/tasks/${task.id}`, { method: 'PATCH', cookie, json: { hypothesis: 'too short', ease: 0 } });
    expect(response.status).toBe(400);
    const fields = ((await response.json()) as ErrorJson).error.details?.map((d) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['hypothesis', 'ease']));
    expect((await t.request(`/api/tasks/${task.id}`, { cookie }).then((r) => r.json())) as Json).toMatchObject({ hypothesis: validTask.hypothesis, ease: 5 });
  });

  it('refuses to edit a completed task', async () => {
    const { cookie } = await t.signUp();
    const task = await answerOf('POST /api/tasks', createTask(cookie));
    await t.request(`/api/tasks/${task.id}/complete`, { method: 'POST', cookie, json: { outcome: 'validated', completionNotes: 'Churn fell to 3 %' } });
    const response = await t.request(`/api/tasks/${task.id}`, { method: 'PATCH', cookie, json: { impact: 1 } });
    expect(response.status).toBe(400);
  });
});

describe('completing a task', () => {
  it('moves it to done with its notes and awards 15 points once, however often it is sent', async () => {
    const { cookie } = await t.signUp();
    const task = await answerOf('POST /api/tasks', createTask(cookie));
    const complete = (notes: string) => t.request(`/api/tasks/${task.id}/complete`, { method: 'POST', cookie, json: { outcome: 'validated', completionNotes: notes } });
    const [first, second] = await Promise.all([complete('Churn fell to 3 %'), complete('Churn fell to 3 %')]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const again = await complete('Different notes later');
    expect(await again.json()).toMatchObject({ status: 'done', outcome: 'validated', completionNotes: 'Churn fell to 3 %' });

    const done = await answerOf('GET /api/tasks', t.request('/api/tasks?status=done', { cookie }));
    expect(done).toEqual([expect.objectContaining({ id: task.id, status: 'done', outcome: 'validated', completionNotes: 'Churn fell to 3 %', metricValueAtCompletion: null })]);
    expect(typeof done[0]?.completedAt).toBe('string');
    expect(await activeTasks(cookie)).toEqual([]);
    expect((await gamification(cookie)).points).toBe(25);
  });

  it.each([
    ['no result', {}],
    ['an unknown result', { outcome: 'sort of' }],
  ])('needs the result (%s) and keeps the task active', async (_, body) => {
    const { cookie } = await t.signUp();
    const task = await answerOf('POST /api/tasks', createTask(cookie));
    const response = await t.request(`/api/tasks/${task.id}/complete`, { method: 'POST', cookie, json: { completionNotes: 'It worked', ...body } });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorJson;
    expect(error.details).toEqual([expect.objectContaining({ field: 'outcome', message: 'Choose the result: validated, invalidated or inconclusive' })]);
    expect(await activeTasks(cookie)).toHaveLength(1);
  });

  it('gives the mentor the latest results with their notes', async () => {
    const { cookie, user } = await t.signUp();
    const task = await answerOf('POST /api/tasks', createTask(cookie));
    await createTask(cookie, { ...validTask, hypothesis: 'A still open experiment on pricing pages' });
    await t.request(`/api/tasks/${task.id}/complete`, { method: 'POST', cookie, json: { outcome: 'invalidated', completionNotes: 'Churn stayed at 6 %' } });
    const { chunks } = await tasksSource.load({ db: t.db, userId: user.id });
    const result = chunks.find((chunk) => chunk.id === `task-result:${String(task.id)}`);
    expect(result?.text).toContain('Result: invalidated (the hypothesis did not hold)');
    expect(result?.text).toContain('Notes: Churn stayed at 6 %');
    expect(chunks.filter((chunk) => chunk.id.startsWith('task:'))).toHaveLength(1);
    // Another founder's context holds none of it.
    const other = await t.signUp();
    expect((await tasksSource.load({ db: t.db, userId: other.user.id })).chunks).toEqual([]);
  });

  it('needs completion notes', async () => {
    const { cookie } = await t.signUp();
    const task = await answerOf('POST /api/tasks', createTask(cookie));
    const response = await t.request(`/api/tasks/${task.id}/complete`, { method: 'POST', cookie, json: { outcome: 'validated', completionNotes: '   ' } });
    expect(response.status).toBe(400);
    expect(await activeTasks(cookie)).toHaveLength(1);
  });
});

describe('ownership', () => {
  it("answers 404 for another founder's task on read, edit, complete and delete", async () => {
    const owner = await t.signUp();
    const intruder = await t.signUp();
    const task = await answerOf('POST /api/tasks', createTask(owner.cookie));
    const attempts = [
      t.request(`/api/tasks/${task.id}`, { cookie: intruder.cookie }),
      t.request(`/api/tasks/${task.id}`, { method: 'PATCH', cookie: intruder.cookie, json: { impact: 1 } }),
      t.request(`/api/tasks/${task.id}/complete`, { method: 'POST', cookie: intruder.cookie, json: { outcome: 'validated', completionNotes: 'Not mine to close' } }),
      t.request(`/api/tasks/${task.id}`, { method: 'DELETE', cookie: intruder.cookie }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect(await activeTasks(intruder.cookie)).toEqual([]);
    expect((await gamification(intruder.cookie)).points).toBe(0);
    expect(await activeTasks(owner.cookie)).toEqual([expect.objectContaining({ id: task.id, impact: 8, status: 'active' })]);
  });

  it('answers 404 for an id that is not a task', async () => {
    const { cookie } = await t.signUp();
    expect((await t.request('/api/tasks/not-a-uuid', { cookie })).status).toBe(404);
    expect((await t.request(`/api/tasks/${crypto.randomUUID()}`, { cookie })).status).toBe(404);
  });
});

describe('deleting a task', () => {
  it('takes back the points awarded today, and they are not awarded again', async () => {
    const { cookie } = await t.signUp();
    const task = await answerOf('POST /api/tasks', createTask(cookie));
    await t.request(`/api/tasks/${task.id}/complete`, { method: 'POST', cookie, json: { outcome: 'validated', completionNotes: 'It worked' } });
    expect((await gamification(cookie)).points).toBe(25);
    expect((await t.request(`/api/tasks/${task.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    const standing = await gamification(cookie);
    expect(standing.points).toBe(0);
    expect(standing.ledger.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await t.request(`/api/tasks/${task.id}`, { cookie })).status).toBe(404);
  });
});

describe('GET /api/tasks', () => {
  it('refuses an unknown status', async () => {
    const { cookie } = await t.signUp();
    expect((await t.request('/api/tasks?status=archived', { cookie })).status).toBe(400);
  });
});
