/**
 * The fetch every model provider uses: it retries a call the gateway could not serve
 * (502, 503, 504) or that the network dropped before any answer, with a growing delay,
 * and gives up on a server that does not start answering within the timeout. Retries
 * happen before a single byte reaches the founder, so an answer is never repeated.
 *
 * The AI SDK's own retries are switched off (maxRetries: 0) so that this is the one
 * policy: the SDK would also retry 500 and 429, which a broken model will not fix.
 */
export const RETRYABLE_STATUSES = new Set([502, 503, 504]);

export type RetryPolicy = { maxRetries: number; timeoutMs: number; baseDelayMs?: number };

export class ModelTimeoutError extends Error {
  override name = 'ModelTimeoutError';
}

const wait = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * One attempt: the request follows the caller's signal for its whole life, and the timeout
 * only until the headers arrive (a long answer that streams fine is never cut here; the
 * SDK's chunk timeout watches the body).
 */
async function attemptOnce(baseFetch: typeof fetch, input: Parameters<typeof fetch>[0], init: RequestInit | undefined, timeoutMs: number) {
  const controller = new AbortController();
  const callerSignal = init?.signal ?? undefined;
  const followCaller = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) followCaller();
  callerSignal?.addEventListener('abort', followCaller, { once: true });
  const timer = setTimeout(() => controller.abort(new ModelTimeoutError(`no answer within ${timeoutMs} ms`)), timeoutMs);
  try {
    return await baseFetch(input, { ...init, signal: controller.signal });
  } catch (error) {
    const reason: unknown = controller.signal.reason;
    throw reason instanceof ModelTimeoutError && !callerSignal?.aborted ? reason : error;
  } finally {
    clearTimeout(timer);
  }
}

export function retryingFetch(policy: RetryPolicy, baseFetch: typeof fetch = fetch): typeof fetch {
  const baseDelayMs = policy.baseDelayMs ?? 250;
  const wrapped = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const callerSignal = init?.signal ?? undefined;
    for (let attempt = 0; ; attempt += 1) {
      const isLast = attempt >= policy.maxRetries;
      try {
        const response = await attemptOnce(baseFetch, input, init, policy.timeoutMs);
        if (!RETRYABLE_STATUSES.has(response.status) || isLast) return response;
        await response.body?.cancel();
      } catch (error) {
        // A provider that did not start answering in time is not retried: it would make the
        // founder wait again (3 × 30 s before, decision 268); the circuit breaker takes it from here.
        if (callerSignal?.aborted || isLast || error instanceof ModelTimeoutError) throw error;
      }
      await wait(baseDelayMs * 2 ** attempt, callerSignal);
    }
  };
  return wrapped as typeof fetch;
}
