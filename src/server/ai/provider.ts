import type { createAnthropic } from '@ai-sdk/anthropic';
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

/** What a provider SDK hands back: the one model interface both providers implement. */
type ProviderModel = ReturnType<ReturnType<typeof createAnthropic>>;

/**
 * The model, its provider SDK loaded on the first call rather than at start (decision 304):
 * the interface is the SDK's own, so the AI SDK cannot tell the difference.
 */
function lazyModel(provider: string, modelId: string, load: () => Promise<ProviderModel>): ProviderModel {
  let loading: Promise<ProviderModel> | undefined;
  const model = () => (loading ??= load());
  return {
    specificationVersion: 'v4',
    provider,
    modelId,
    get supportedUrls() {
      return model().then((loaded) => loaded.supportedUrls);
    },
    doGenerate: async (options) => (await model()).doGenerate(options),
    doStream: async (options) => (await model()).doStream(options),
  };
}

/** Builds the configured provider once (docs/product.md#mentor-context: chosen by configuration). */
export function createMentorModel(config: AiProviderConfig, options: { retryDelayMs?: number } = {}): MentorModel | null {
  if (config.kind === 'offline') return null;
  const fetch = retryingFetch({ maxRetries: config.maxRetries, timeoutMs: config.timeoutMs, baseDelayMs: options.retryDelayMs });
  const model =
    config.kind === 'openai-compatible'
      ? lazyModel('openai-compatible.chat', config.model, async () => {
          const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
          return createOpenAICompatible({ name: 'openai-compatible', baseURL: config.baseUrl, apiKey: config.apiKey, includeUsage: true, fetch }).chatModel(config.model);
        })
      : lazyModel('anthropic.messages', config.model, async () => {
          const { createAnthropic } = await import('@ai-sdk/anthropic');
          return createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl, fetch })(config.model);
        });
  return { model, label: config.model, timeoutMs: config.timeoutMs, breaker: breakerFor(config) };
}
