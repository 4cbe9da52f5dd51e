import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../../src/server/env.ts';
import { createMentorModel } from '../../../src/server/ai/provider.ts';

describe('AI provider and storage settings', () => {
  it('uses the offline mentor and local disk when nothing is configured', () => {
    const env = parseEnv({});
    expect(env.ai).toEqual({ kind: 'offline' });
    expect(env.storage).toEqual({ kind: 'local' });
    expect(createMentorModel(env.ai)).toBeNull();
    expect(env.dataDir).toBe(path.resolve('data'));
  });

  it('chooses an OpenAI-compatible endpoint with its model, timeout and retries', () => {
    const env = parseEnv({ AI_BASE_URL: 'http://localhost:11434/v1/', AI_MODEL: 'llama3.1', AI_TIMEOUT_MS: '5000' });
    expect(env.ai).toEqual({ kind: 'openai-compatible', baseUrl: 'http://localhost:11434/v1', apiKey: undefined, model: 'llama3.1', timeoutMs: 5000, maxRetries: 2, breaker: { failureThreshold: 3, cooldownMs: 30_000 } });
    expect(createMentorModel(env.ai)?.label).toBe('llama3.1');
  });

  it('chooses Anthropic with its key, and prefers the explicit OpenAI-compatible endpoint when both are set', () => {
    expect(parseEnv({ ANTHROPIC_API_KEY: 'sk-ant-test' }).ai).toMatchObject({ kind: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(createMentorModel(parseEnv({ ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_MODEL: 'claude-haiku-4-5' }).ai)?.label).toBe('claude-haiku-4-5');
    expect(parseEnv({ ANTHROPIC_API_KEY: 'k', AI_BASE_URL: 'http://x.test/v1', AI_MODEL: 'm' }).ai.kind).toBe('openai-compatible');
    expect(parseEnv({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'https://gateway.test/anthropic/v1/' }).ai).toMatchObject({ kind: 'anthropic', baseUrl: 'https://gateway.test/anthropic/v1' });
    expect(() => parseEnv({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_BASE_URL: 'not a url' })).toThrow(/ANTHROPIC_BASE_URL/);
  });

  it('refuses an endpoint without a model, naming the variable', () => {
    expect(() => parseEnv({ AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(EnvError);
    expect(() => parseEnv({ AI_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/AI_MODEL/);
  });

  it('switches uploads to S3-compatible storage when S3_BUCKET is set', () => {
    expect(parseEnv({ S3_BUCKET: 'rumbo', S3_ENDPOINT: 'http://minio:9000' }).storage).toMatchObject({ kind: 's3', bucket: 'rumbo', forcePathStyle: true });
    expect(parseEnv({ S3_BUCKET: 'rumbo' }).storage).toMatchObject({ kind: 's3', region: 'us-east-1', forcePathStyle: false });
  });
});
