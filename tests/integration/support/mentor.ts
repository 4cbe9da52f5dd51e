import { expect } from 'vitest';
import type { createTestApp } from './test-app.ts';

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
