import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';

// Own file: Better Auth's in-memory limiter counts per process, and other files raise the scale.
describe('limits on e-mailed links', () => {
  let strict: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    strict = await createTestApp();
  });
  afterAll(() => strict.close());

  it('sends at most 3 magic links and 3 reset links an hour to one client', async () => {
    const { email } = await strict.signUp();
    for (const [path, body] of [
      ['/api/auth/sign-in/magic-link', { email, callbackURL: '/auth/callback' }],
      ['/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }],
    ] as const) {
      const statuses = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        statuses.push((await strict.request(path, { method: 'POST', json: body })).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });
});
