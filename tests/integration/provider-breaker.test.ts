import { describe, expect, it } from 'vitest';
import { signUpAdmin } from './support/accounts.ts';
import { readUiStream } from './support/loopback-model.ts';
import { chat, consentingFounder, useAppWithLoopbackModel } from './support/mentor.ts';
import { answerOf } from './support/answer.ts';

/**
 * A slow or down model provider (decision 268: a founder used to wait 90.8 s for an error). A first byte
 * later than AI_TIMEOUT_MS is not retried: the offline mentor answers with a notice; two
 * failures in a row open the breaker, and until its cooldown ends every question goes to the
 * offline mentor at once; Admin › Telemetry shows the provider's state. Short timeouts here.
 */
const running = useAppWithLoopbackModel({ AI_TIMEOUT_MS: '400', AI_MAX_RETRIES: '2', AI_BREAKER_FAILURES: '2', AI_BREAKER_COOLDOWN_MS: '1500' });

type ProviderStatus = { model: string | null; state: string; consecutiveFailures: number; lastFailure: string | null; retryAt: string | null };

async function providerState(cookie: string): Promise<ProviderStatus> {
  const response = await running.t.request('/api/admin/telemetry?range=hour', { cookie });
  expect(response.status).toBe(200);
  return ((await response.json()) as { provider: ProviderStatus }).provider;
}

async function ask(cookie: string, message: string) {
  const read = await readUiStream(await chat(running.t, cookie, { message, language: 'es-LA' }));
  const notice = read.chunks.some((chunk) => chunk.type === 'data-notice' && (chunk.data as { code?: string }).code === 'provider-unavailable');
  return { ...read, notice };
}

describe('a provider that stalls', () => {
  it('hands the question to the offline mentor with a notice, opens the breaker, and closes it once the provider answers again', { timeout: 60_000 }, async () => {
    const { t, model } = running;
    const admin = await signUpAdmin(t);
    const founder = await consentingFounder(t);
    expect(await providerState(admin.cookie)).toMatchObject({ model: 'loopback-model', state: 'closed', consecutiveFailures: 0 });

    model.reset([{ kind: 'hang' }]);
    const first = await ask(founder.cookie, '¿Cómo reduzco el churn?');
    expect(first.error).toBeUndefined();
    expect(first.notice).toBe(true);
    // The offline mentor's answer, in the founder's language.
    expect(first.answer.length).toBeGreaterThan(40);
    expect(first.answer).toMatch(/[áéíóúñ¿]/);
    // No retry of a provider that did not start answering (AI_MAX_RETRIES is 2 here): one call, one timeout.
    expect(model.requests).toHaveLength(1);
    const id = (first.chunks.find((chunk) => chunk.type === 'data-conversation')?.data as { id: string }).id;
    const saved = await answerOf('GET /api/mentor/conversations/:id', t.request(`/api/mentor/conversations/${id}`, { cookie: founder.cookie }));
    expect(saved.messages.map((message) => [message.role, message.answeredBy ?? null])).toEqual([
      ['user', null],
      ['assistant', 'offline'],
    ]);
    expect(await providerState(admin.cookie)).toMatchObject({ state: 'closed', consecutiveFailures: 1 });

    // The second stall in a row opens the breaker.
    expect((await ask(founder.cookie, '¿Y el burn?')).notice).toBe(true);
    const open = await providerState(admin.cookie);
    expect(open).toMatchObject({ state: 'open', consecutiveFailures: 2 });
    expect(open.lastFailure).toBeTruthy();
    expect(open.retryAt).toBeTruthy();

    // Open: the offline mentor answers at once, the provider is not even asked.
    const whileOpen = await ask(founder.cookie, '¿Qué hago esta semana?');
    expect(whileOpen.notice).toBe(true);
    expect(whileOpen.answer.length).toBeGreaterThan(40);
    expect(model.requests).toHaveLength(2);

    // After the cooldown one question tries the provider again; its answer closes the breaker.
    model.reset([{ kind: 'answer', text: 'De vuelta: enfócate en retener a tus mejores clientes.' }]);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await providerState(admin.cookie)).state).toBe('half-open');
    const back = await ask(founder.cookie, '¿Sigues ahí?');
    expect(back.notice).toBe(false);
    expect(back.answer).toBe('De vuelta: enfócate en retener a tus mejores clientes.');
    expect(await providerState(admin.cookie)).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
  });
});
