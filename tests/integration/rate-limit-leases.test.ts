import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import type { SharedState } from '../../src/server/cluster/shared-state.ts';
import { createRateLimiters } from '../../src/server/rate-limit/limiter.ts';
import { RATE_LIMIT_RULES } from '../../src/server/rate-limit/rules.ts';

/**
 * The read allowance counted through Redis in leases (src/server/rate-limit/limiter.ts): a
 * founder whose page asks for many things at once gets the whole allowance, not a fraction.
 */
const client = new Redis(`${process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'}/6`, { lazyConnect: true });
afterAll(() => client.quit());

describe('leased read allowance', () => {
  it('lets exactly the allowance through when requests arrive twenty at a time, then refuses', async () => {
    const limiters = createRateLimiters({ limiterStore: { kind: 'redis', client } } as SharedState, 1);
    const key = `founder-${randomUUID()}`;
    const max = RATE_LIMIT_RULES.apiRead.max;
    const answers = [];
    for (let wave = 0; wave < max / 20; wave += 1) {
      answers.push(...(await Promise.all(Array.from({ length: 20 }, () => limiters.consume('apiRead', key)))));
    }
    expect(answers.filter((answer) => !answer.allowed)).toEqual([]);
    expect(answers).toHaveLength(max);
    expect(await limiters.consume('apiRead', key)).toMatchObject({ allowed: false });
  });
});
