import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { AiProviderConfig } from '../env.ts';
import { retryingFetch } from './retrying-fetch.ts';

/** A configured model and the limits every call to it uses; null means the offline mentor answers. */
export type MentorModel = { model: LanguageModel; label: string; timeoutMs: number };

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
    return { model: provider.chatModel(config.model), label: config.model, timeoutMs: config.timeoutMs };
  }
  const provider = createAnthropic({ apiKey: config.apiKey, baseURL: config.baseUrl, fetch });
  return { model: provider(config.model), label: config.model, timeoutMs: config.timeoutMs };
}
