import { expect, type Page, test } from '@playwright/test';
import { type LoopbackModel, startLoopbackModel } from '../../tests/integration/support/loopback-model.ts';
import { type AppServer, startAppServer } from './app-server.ts';
import { uniqueEmail } from './founder.ts';

/**
 * A spec's own server, configured with an OpenAI-compatible model on loopback that the
 * spec scripts call by call. Read `model` and `server` inside tests (they start in beforeAll).
 */
export function useServerWithLoopbackModel(env: Record<string, string> = {}) {
  const running = {} as { model: LoopbackModel; server: AppServer };
  test.beforeAll(async () => {
    running.model = await startLoopbackModel();
    running.server = await startAppServer({
      env: { AI_BASE_URL: running.model.baseUrl, AI_MODEL: 'loopback-model', AI_MAX_RETRIES: '1', AI_TIMEOUT_MS: '3000', ...env },
    });
  });
  test.afterAll(async () => {
    await running.server?.stop();
    await running.model?.close();
  });
  return running;
}

/** Lucía of Pesito, onboarded, with AI consent granted unless told otherwise, on that server. */
export async function signUpConsentingFounder(page: Page, serverUrl: string, { consent = true } = {}) {
  const signUp = await page.request.post(`${serverUrl}/api/auth/sign-up/email`, {
    data: { email: uniqueEmail('model'), password: 'a long enough password', name: 'Lucía', termsAccepted: true },
  });
  expect(signUp.status()).toBe(200);
  await page.request.post(`${serverUrl}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp', startupName: 'Pesito' } });
  if (consent) await page.request.post(`${serverUrl}/api/ai/consent`, { data: { granted: true } });
}
