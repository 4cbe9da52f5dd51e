import { afterAll, beforeAll, expect } from 'vitest';
import { type LoopbackModel, startLoopbackModel } from './loopback-model.ts';
import { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A signed-up founder who has granted AI consent. */
export async function consentingFounder(t: TestApp) {
  const founder = await t.signUp();
  const consent = await t.request('/api/ai/consent', { method: 'POST', cookie: founder.cookie, json: { granted: true } });
  expect(consent.status).toBe(200);
  return founder;
}

/** POST /api/mentor/chat as the founder with that cookie. */
export const chat = (t: TestApp, cookie: string, json: Record<string, unknown>) => t.request('/api/mentor/chat', { method: 'POST', cookie, json });

/**
 * A test app of the describe block's own, its mentor answered by an OpenAI-compatible model on
 * loopback that each test scripts. Read `model` and `t` inside tests (they start in beforeAll).
 */
export function useAppWithLoopbackModel(env: Record<string, string> = {}) {
  const running = {} as { model: LoopbackModel; t: TestApp };
  beforeAll(async () => {
    running.model = await startLoopbackModel();
    running.t = await createTestApp({ AI_BASE_URL: running.model.baseUrl, AI_MODEL: 'loopback-model', ...env });
  });
  afterAll(async () => {
    await running.t.close();
    await running.model.close();
  });
  return running;
}
