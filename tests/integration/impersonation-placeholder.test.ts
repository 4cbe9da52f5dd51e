import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * Viewing as a founder who has no profile row (an account made before profiles, or whose
 * row was lost): the admin sees the impersonated placeholder profile, never a 404.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the impersonated placeholder profile', () => {
  it('is what GET /api/me answers while viewing as a founder without a profile', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    await t.db.delete(users).where(eq(users.id, founder.user.id));
    const started = await t.request('/api/impersonation', { method: 'POST', cookie: boss.cookie, json: { targetUserId: founder.user.id } });
    expect(started.status, await started.clone().text()).toBe(201);
    boss.jar.take(started);

    const me = await t.request('/api/me', { cookie: boss.jar.header });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: founder.user.id,
      email: founder.email,
      userTier: 1,
      effectiveUserTier: 1,
      isInTrial: false,
      status: 'active',
      emailMondayHour: '09:00',
      emailFridayHour: '17:00',
      onboardingCompleted: false,
      fullName: null,
      startupName: null,
      country: null,
      placeholder: true,
    });
    // Nothing was written: the founder still has no profile.
    expect(await t.db.select().from(users).where(eq(users.id, founder.user.id))).toHaveLength(0);
  });

  it('is never shown to the founder themself, who gets the plain 404', async () => {
    const founder = await t.signUp();
    await t.db.delete(users).where(eq(users.id, founder.user.id));
    expect((await t.request('/api/me', { cookie: founder.cookie })).status).toBe(404);
  });
});
