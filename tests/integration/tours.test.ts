import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';

/** Guided tours remembered per founder on the server (docs/weekly-rhythm.md#guided-tours). */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const state = async (cookie: string) => (await t.request('/api/tours', { cookie })).json() as Promise<{ seen: string[]; autoStart: boolean }>;
const markSeen = (cookie: string, tour: string) => t.request(`/api/tours/${tour}`, { method: 'PUT', cookie });

describe('guided tours', () => {
  it('starts with none seen, remembers each one once, and keeps founders apart', async () => {
    const ana = await t.signUp();
    const ben = await t.signUp();
    expect(await state(ana.cookie)).toEqual({ seen: [], autoStart: true });

    expect((await markSeen(ana.cookie, 'metrics')).status).toBe(204);
    expect((await markSeen(ana.cookie, 'metrics')).status).toBe(204);
    expect((await markSeen(ana.cookie, 'overview')).status).toBe(204);

    expect((await state(ana.cookie)).seen).toEqual(['overview', 'metrics']);
    expect((await state(ben.cookie)).seen).toEqual([]);
  });

  it('refuses an unknown tour and a signed-out client, and stores nothing', async () => {
    const founder = await t.signUp();
    const unknown = await markSeen(founder.cookie, 'everything');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
    expect((await t.request('/api/tours')).status).toBe(401);
    expect((await t.request('/api/tours/metrics', { method: 'PUT' })).status).toBe(401);
    expect((await state(founder.cookie)).seen).toEqual([]);
  });

  it('says when the operator turned automatic tours off', async () => {
    const quiet = await createTestApp({ GUIDED_TOURS_AUTOSTART: 'false' });
    try {
      const founder = await quiet.signUp();
      expect(await ((await quiet.request('/api/tours', { cookie: founder.cookie })).json())).toEqual({ seen: [], autoStart: false });
    } finally {
      await quiet.close();
    }
  });
});
