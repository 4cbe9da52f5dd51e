/**
 * The model provider's circuit breaker (decision 268). `closed`: calls go to the provider.
 * After `failureThreshold` failed answers in a row (a first byte later than AI_TIMEOUT_MS, a
 * 5xx, the network) it opens: for `cooldownMs` every founder gets the offline mentor at once,
 * with a notice, instead of waiting for a provider that is down. Then it is `half-open`: one
 * question tries the provider again (the others still get the offline mentor); its success
 * closes the breaker, its failure opens it for another cooldown.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

/** What Admin › Telemetry shows of the provider. */
export type ProviderStatus = {
  /** The model's name, or null when the offline mentor is all there is. */
  model: string | null;
  state: BreakerState;
  /** Failed answers in a row. */
  consecutiveFailures: number;
  /** When the last failure happened and what it was (its first line). */
  lastFailureAt: string | null;
  lastFailure: string | null;
  /** When an open breaker lets the next question try the provider. */
  retryAt: string | null;
};

export type CircuitBreaker = {
  /** Whether this answer may go to the provider (in half-open, only the one trial may). */
  allow: () => boolean;
  succeeded: () => void;
  failed: (error: unknown) => void;
  /** Whether questions go to the offline mentor right now (open, or half-open with its trial under way). */
  isOpen: () => boolean;
  status: () => ProviderStatus;
};

export function createCircuitBreaker(options: { model: string; failureThreshold: number; cooldownMs: number; now?: () => number }): CircuitBreaker {
  const now = options.now ?? Date.now;
  let state: BreakerState = 'closed';
  let failures = 0;
  let openedAt = 0;
  let trialUnderWay = false;
  let lastFailureAt: number | null = null;
  let lastFailure: string | null = null;

  const open = () => {
    state = 'open';
    openedAt = now();
    trialUnderWay = false;
  };
  const current = (): BreakerState => (state === 'open' && now() - openedAt >= options.cooldownMs ? 'half-open' : state);

  return {
    allow: () => {
      const seen = current();
      if (seen === 'closed') return true;
      if (seen === 'open' || trialUnderWay) return false;
      state = 'half-open';
      trialUnderWay = true;
      return true;
    },
    succeeded: () => {
      state = 'closed';
      failures = 0;
      trialUnderWay = false;
    },
    failed: (error) => {
      failures += 1;
      lastFailureAt = now();
      lastFailure = String(error instanceof Error ? error.message : error).split('\n')[0]!.slice(0, 200);
      if (state === 'half-open' || failures >= options.failureThreshold) open();
    },
    isOpen: () => current() !== 'closed',
    status: () => {
      const seen = current();
      return {
        model: options.model,
        state: seen,
        consecutiveFailures: failures,
        lastFailureAt: lastFailureAt === null ? null : new Date(lastFailureAt).toISOString(),
        lastFailure,
        retryAt: seen === 'open' ? new Date(openedAt + options.cooldownMs).toISOString() : null,
      };
    },
  };
}
