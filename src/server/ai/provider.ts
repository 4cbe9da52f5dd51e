import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiProviderConfig } from '../env.ts';
import { retryingFetch } from './retrying-fetch.ts';
import { type CircuitBreaker, createCircuitBreaker } from './circuit-breaker.ts';

/**
 * A configured model, the limits every call to it uses and its circuit breaker (which the
 * chat consults; drafts and analyses keep their own refusal); null means the offline mentor answers.
 */
export type MentorModel = { model: LanguageModel; label: string; timeoutMs: number; breaker: CircuitBreaker };

const DEFAULT_BREAKER = { failureThreshold: 3, cooldownMs: 30_000 };

function breakerFor(config: Exclude<AiProviderConfig, { kind: 'offline' }>): CircuitBreaker {
  return createCircuitBreaker({ model: config.model, ...(config.breaker ?? DEFAULT_BREAKER) });
}

/** Builds the configured provider once at start (docs/product.md#mentor-context: chosen by configuration). */
export function createMentorModel(config: AiProviderConfig, options: { retryDelayMs?: number } = {}): MentorModel | null {
  if (config.kind === 'offline') return null;
  const fetch = retryingFetch({ maxRetries: config.maxRetries, timeoutMs: config.timeoutMs, baseDelayMs: options.retryDelayMs });
  if (config.kind === 'openai-compatible') {
    const provider = createOpenAICompatible({
      name: 'openai-compatible',
      baseURL: config.baseUrl,
      apiKey: config.apiKey,
      includeUsage: true,
      fetch,
    });
    return { model: provider.chatModel(config.model), label: config.model, timeoutMs: config.timeoutMs, breaker: breakerFor(config) };
  }
  const provider = createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl, fetch });
  return { model: provider(config.model), label: config.model, timeoutMs: config.timeoutMs, breaker: breakerFor(config) };
}
