import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const strategy = {
  coreProblem: 'Corner shops run out of stock because reordering is manual',
  maximas: ['Reorder in one tap from WhatsApp', 'Never let a best-seller run out', 'Pay suppliers on delivery'],
  statement: 'We win by making restocking invisible for corner shops in Bogotá',
};

type ErrorJson = { error: { code: string; details?: { field: string; message: string }[] } };

const save = (cookie: string, body: unknown) => t.request('/api/strategy', { method: 'PUT', cookie, json: body });
const current = async (cookie: string) => await answerOf('GET /api/strategy', t.request('/api/strategy', { cookie }));
const points = async (cookie: string) => await answerOf('GET /api/me/gamification', t.request('/api/me/gamification', { cookie }));

describe('the strategy', () => {
  it('is version 0 before the first save, with the core problem from the profile', async () => {
    const { cookie, user } = await t.signUp();
    await t.db.update(users).set({ coreProblemStatement: 'Founders guess instead of measuring' }).where(eq(users.id, user.id));
    expect(await current(cookie)).toMatchObject({ version: 0, coreProblem: 'Founders guess instead of measuring', maximas: [], statement: '' });
  });

  it('saves versions 1 and 2, mirrors the core problem to the profile, and awards 20 points with Strategy Master once', async () => {
    const { cookie } = await t.signUp();
    const first = await save(cookie, strategy);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ ...strategy, version: 1, restoredFrom: null });
    const second = await save(cookie, { ...strategy, statement: 'We win by owning the reorder moment for every corner shop' });
    expect(await second.json()).toMatchObject({ version: 2 });
    expect(await current(cookie)).toMatchObject({ version: 2, statement: 'We win by owning the reorder moment for every corner shop' });
    const me = await answerOf('GET /api/me', t.request('/api/me', { cookie }));
    expect(me.coreProblemStatement).toBe(strategy.coreProblem);
    const standing = await points(cookie);
    expect(standing.points).toBe(20);
    expect(standing.badges.map((b) => b.key)).toContain('strategy-master');
  });

  it('lists versions newest first and restores version 1 as a new version 3', async () => {
    const { cookie } = await t.signUp();
    await save(cookie, strategy);
    await save(cookie, { ...strategy, maximas: ['Only one maxima now'] });
    const restored = await t.request('/api/strategy/versions/1/restore', { method: 'POST', cookie });
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ ...strategy, version: 3, restoredFrom: 1 });
    const versions = await answerOf('GET /api/strategy/versions', t.request('/api/strategy/versions', { cookie }));
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(versions[1]).toMatchObject({ maximas: ['Only one maxima now'] });
  });

  it('gives eight concurrent saves eight distinct versions, all of them answered 200', async () => {
    const { cookie } = await t.signUp();
    const statements = Array.from({ length: 8 }, (_, n) => `${strategy.statement}, attempt number ${n + 1}`);
    const responses = await Promise.all(statements.map((statement) => save(cookie, { ...strategy, statement })));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    const answered = (await Promise.all(responses.map((r) => r.json()))) as { version: number; statement: string }[];
    expect(answered.map((v) => v.version).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const versions = await answerOf('GET /api/strategy/versions', t.request('/api/strategy/versions', { cookie }));
    expect(versions.map((v) => v.version)).toEqual([8, 7, 6, 5, 4, 3, 2, 1]);
    // Each save is stored under the number it was answered with.
    for (const saved of answered) expect(versions.find((v) => v.version === saved.version)?.statement).toBe(saved.statement);
    expect((await points(cookie)).points).toBe(20);
  });

  it.each([
    ['6 maximas', { maximas: ['Maxima number one', 'Maxima number two', 'Maxima number three', 'Maxima number four', 'Maxima number five', 'Maxima number six'] }, 'maximas', 'Set between 1 and 5 maximas'],
    ['no maximas', { maximas: [] }, 'maximas', 'Set between 1 and 5 maximas'],
    ['a maxima under 10 characters', { maximas: ['Short'] }, 'maximas.0', 'Each maxima must be at least 10 characters'],
    ['an empty statement', { statement: '' }, 'statement', 'Input cannot be empty'],
    ['a statement under 30 characters', { statement: 'We win by being fast' }, 'statement', 'Strategy statement must be at least 30 characters'],
    ['a core problem under 20 characters', { coreProblem: 'Stock runs out' }, 'coreProblem', 'Core problem must be at least 20 characters'],
  ])('refuses %s and saves nothing', async (_case, change, field, message) => {
    const { cookie } = await t.signUp();
    const response = await save(cookie, { ...strategy, ...change });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorJson;
    expect(body.error.details).toContainEqual(expect.objectContaining({ field, message }));
    expect(await current(cookie)).toMatchObject({ version: 0 });
    expect((await points(cookie)).points).toBe(0);
  });

  it("keeps founders apart: another founder's versions are not visible or restorable", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    await save(owner.cookie, strategy);
    expect(await current(other.cookie)).toMatchObject({ version: 0 });
    expect(await (await t.request('/api/strategy/versions', { cookie: other.cookie })).json()).toEqual([]);
    expect((await t.request('/api/strategy/versions/1/restore', { method: 'POST', cookie: other.cookie })).status).toBe(404);
    expect((await t.request('/api/strategy/versions/abc/restore', { method: 'POST', cookie: owner.cookie })).status).toBe(404);
  });

  it('needs a session', async () => {
    expect((await t.request('/api/strategy')).status).toBe(401);
    expect((await t.request('/api/strategy', { method: 'PUT', json: strategy })).status).toBe(401);
  });
});
