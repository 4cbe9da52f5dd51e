import { describe, expect, it } from 'vitest';
import { retryingFetch } from '../../../src/server/ai/retrying-fetch.ts';

/** A scripted fetch: each call answers the next status, or throws for 'network'. */
function scripted(steps: (number | 'network')[]) {
  let calls = 0;
  const fetchFn = (async () => {
    const step = steps[Math.min(calls, steps.length - 1)];
    calls += 1;
    if (step === 'network') throw new TypeError('fetch failed');
    return new Response('{}', { status: step });
  }) as unknown as typeof fetch;
  return { fetchFn, calls: () => calls };
}

describe('retryingFetch', () => {
  it('retries 502, 503, 504 and network failures, then returns the answer', async () => {
    const { fetchFn, calls } = scripted([502, 'network', 504, 200]);
    const response = await retryingFetch({ maxRetries: 3, timeoutMs: 1000, baseDelayMs: 1 }, fetchFn)('http://model.test');
    expect(response.status).toBe(200);
    expect(calls()).toBe(4);
  });

  it('returns the last gateway error when retries run out', async () => {
    const { fetchFn, calls } = scripted([503]);
    const response = await retryingFetch({ maxRetries: 2, timeoutMs: 1000, baseDelayMs: 1 }, fetchFn)('http://model.test');
    expect(response.status).toBe(503);
    expect(calls()).toBe(3);
  });

  it('does not retry other errors (400, 401, 429, 500)', async () => {
    for (const status of [400, 401, 429, 500]) {
      const { fetchFn, calls } = scripted([status, 200]);
      expect((await retryingFetch({ maxRetries: 2, timeoutMs: 1000, baseDelayMs: 1 }, fetchFn)('http://model.test')).status).toBe(status);
      expect(calls()).toBe(1);
    }
  });

  it('stops at once when the caller aborts', async () => {
    const { fetchFn, calls } = scripted([502]);
    const controller = new AbortController();
    controller.abort();
    await expect(retryingFetch({ maxRetries: 5, timeoutMs: 1000, baseDelayMs: 1 }, fetchFn)('http://model.test', { signal: controller.signal })).rejects.toBeDefined();
    expect(calls()).toBeLessThanOrEqual(1);
  });
});
