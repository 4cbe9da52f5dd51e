import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../src/server/db/schema/index.ts';
import { createTestApp } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; details?: { field: string; message: string }[] } };

async function onboarded() {
  const account = await t.signUp();
  const response = await t.request('/api/onboarding', {
    method: 'POST',
    cookie: account.cookie,
    json: { nickname: 'Cami', industry: 'Fintech', teamSize: '1', startupPhase: 'mvp', startupName: 'Cuentas' },
  });
  expect(response.status).toBe(200);
  return account;
}

const me = async (cookie: string) => (await t.request('/api/me', { cookie })).json();
const patch = (cookie: string, json: unknown) => t.request('/api/me', { method: 'PATCH', cookie, json });

describe('GET /api/me', () => {
  it('answers the documented shape, with the trial and no AI consent for a new founder', async () => {
    const { cookie, email } = await t.signUp();
    const profile = await me(cookie);
    for (const field of ['id', 'email', 'fullName', 'lastName', 'nickname', 'country', 'startupName', 'industry', 'teamSize', 'startupPhase', 'startupWebpageUrl', 'linkedinLink', 'customerInformation', 'founderCharacteristics', 'coreProblemStatement', 'onboardingCompleted', 'preferredLanguage', 'userTier', 'effectiveUserTier', 'isInTrial', 'role', 'emailMondayHour', 'emailFridayHour', 'status', 'createdAt', 'updatedAt', 'currency', 'timeZone', 'emailRemindersEnabled', 'aiAssistanceEnabled', 'benchmarkSharing', 'aiConsent']) {
      expect(profile).toHaveProperty(field);
    }
    expect(profile).toMatchObject({ email, userTier: 1, isInTrial: true, effectiveUserTier: 2, role: 'user', aiConsent: false, aiAssistanceEnabled: true, emailMondayHour: '09:00', emailFridayHour: '17:00', currency: 'USD' });
  });

  it('ends the trial 14 days after sign-up', async () => {
    const { cookie, user } = await t.signUp();
    // Written behind the app's back, so it tells the profile cache as a job would (decision 020).
    const signedUpDaysAgo = async (days: number) => {
      await t.db.update(users).set({ createdAt: new Date(Date.now() - days * 24 * 3600 * 1000) }).where(eq(users.id, user.id));
      await t.deps.bus.publish({ type: 'user-invalidated', userId: user.id });
    };
    await signedUpDaysAgo(14.001);
    expect(await me(cookie)).toMatchObject({ isInTrial: false, effectiveUserTier: 1 });
    await signedUpDaysAgo(13);
    expect(await me(cookie)).toMatchObject({ isInTrial: true, effectiveUserTier: 2 });
  });

  it('TRIAL_DAYS=0 turns the trial off', async () => {
    // CLIENT_DIR: any folder that exists, so the page handler has nothing to warn about.
    const noTrial = await createTestApp({ TRIAL_DAYS: '0', CLIENT_DIR: 'src/web/public' });
    try {
      const { cookie } = await noTrial.signUp();
      const profile = await (await noTrial.request('/api/me', { cookie })).json();
      expect(profile).toMatchObject({ isInTrial: false, effectiveUserTier: 1, trialEndsAt: null });
    } finally {
      await noTrial.close();
    }
  });

  it('a premium founder is never "in trial" and keeps tier 2', async () => {
    const { cookie, user } = await t.signUp();
    await t.db.update(users).set({ userTier: 2 }).where(eq(users.id, user.id));
    expect(await me(cookie)).toMatchObject({ isInTrial: false, effectiveUserTier: 2 });
  });

  it('needs a session', async () => {
    expect((await t.request('/api/me')).status).toBe(401);
    expect((await t.request('/api/me', { method: 'PATCH', json: { nickname: 'x' } })).status).toBe(401);
  });
});

describe('PATCH /api/me', () => {
  it('changes every editable field and setting, and answers the new profile', async () => {
    const { cookie } = await onboarded();
    const changes = {
      fullName: 'Camila', lastName: 'Torres', nickname: 'Cami T', country: 'MX', startupName: 'Cuentas Claras',
      industry: 'Accounting software', teamSize: '5-10', startupPhase: 'scaling',
      startupWebpageUrl: 'https://cuentas.example', linkedinLink: 'https://www.linkedin.com/in/camila',
      customerInformation: 'Small shops in Monterrey', founderCharacteristics: 'business',
      coreProblemStatement: 'Shops lose a day a week to bookkeeping', emailRemindersEnabled: false,
      emailMondayHour: '07:30', emailFridayHour: '18:15', timeZone: 'America/Monterrey',
      preferredLanguage: 'es-LA', currency: 'MXN', aiAssistanceEnabled: false, benchmarkSharing: false,
    };
    const response = await patch(cookie, changes);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject(changes);
    expect(await me(cookie)).toMatchObject(changes);
  });

  it('leaves absent fields alone and stores emptied optional fields as null', async () => {
    const { cookie } = await onboarded();
    const response = await patch(cookie, { startupName: '', linkedinLink: '   ' });
    expect(response.status).toBe(200);
    expect(await me(cookie)).toMatchObject({ startupName: null, linkedinLink: null, nickname: 'Cami', industry: 'Fintech' });
  });

  it('strips harmless markup and keeps ordinary prose as written', async () => {
    const { cookie } = await onboarded();
    await patch(cookie, { fullName: '<b>Ana</b>', customerInformation: 'Key data: churn is 5%', coreProblemStatement: 'Key data: on=3 and ?online=1' });
    expect(await me(cookie)).toMatchObject({ fullName: 'Ana', customerInformation: 'Key data: churn is 5%', coreProblemStatement: 'Key data: on=3 and ?online=1' });
  });

  it.each([
    ['fullName', '<script>alert(1)</script>Ana'],
    ['nickname', '<img src=x onerror=alert(1)>'],
    ['startupWebpageUrl', 'javascript:alert(1)'],
    ['customerInformation', '<iframe src="https://evil.example"></iframe>'],
    ['coreProblemStatement', 'see data:text/html;base64,PHNjcmlwdD4='],
  ])('refuses a %s carrying a blocked pattern with SECURITY_VIOLATION, changing nothing', async (field, value) => {
    const { cookie } = await onboarded();
    const before = await me(cookie);
    const response = await patch(cookie, { nickname: 'Changed', [field]: value });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe('SECURITY_VIOLATION');
    expect(body.error.message).toMatch(/^Security violation/);
    expect(await me(cookie)).toEqual(before);
  });

  it("offers no way around the sanitiser through Better Auth's update-user route", async () => {
    const { cookie } = await onboarded();
    const response = await t.request('/api/auth/update-user', { method: 'POST', cookie, json: { name: '<img src=x onerror=alert(1)>', image: 'javascript:alert(1)' } });
    expect(response.status).toBe(404);
    const session = await (await t.request('/api/auth/get-session', { cookie })).json();
    expect(session.user.name).not.toContain('onerror');
    expect(session.user.image ?? null).toBeNull();
  });

  it.each([
    ['fullName', 'a'.repeat(201), 'Text is too long (max 200 characters)'],
    ['startupName', 'b'.repeat(201), 'Text is too long (max 200 characters)'],
    ['industry', 'c'.repeat(201), 'Text is too long (max 200 characters)'],
    ['customerInformation', 'd'.repeat(5001), 'Text is too long (max 5000 characters)'],
    ['coreProblemStatement', 'e'.repeat(5001), 'Text is too long (max 5000 characters)'],
    ['industry', '   ', 'Input cannot be empty'],
    ['industry', '<b></b>', 'Input cannot be empty'],
    ['startupWebpageUrl', 'ftp://files.example', 'Only http/https URLs are allowed'],
    ['linkedinLink', 'my linkedin profile', 'Invalid URL format'],
    ['startupWebpageUrl', 'https://x.example/?q=%3Cscript%3E', 'URL contains disallowed patterns'],
    ['country', 'Mexico', 'Choose a country from the list'],
    ['timeZone', 'Mars/Olympus_Mons', 'Choose a time zone from the list'],
    ['emailMondayHour', '25:00', 'Enter a time like 09:00'],
    ['currency', 'DOGE', 'Choose a currency from the list'],
  ])('refuses %s = %j with a field-level message, changing nothing', async (field, value, message) => {
    const { cookie } = await onboarded();
    const before = await me(cookie);
    const response = await patch(cookie, { nickname: 'Changed', [field]: value });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details).toContainEqual(expect.objectContaining({ field, message }));
    expect(await me(cookie)).toEqual(before);
  });

  it.each([
    ['teamSize', '3'],
    ['startupPhase', 'ipo'],
    ['founderCharacteristics', 'wizard'],
    ['preferredLanguage', 'fr'],
    ['emailRemindersEnabled', 'yes'],
  ])('refuses %s = %j outside its values', async (field, value) => {
    const { cookie } = await onboarded();
    const response = await patch(cookie, { [field]: value });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.details?.map((d) => d.field)).toContain(field);
  });

  it.each([['email', 'other@example.com'], ['userTier', 2], ['role', 'admin'], ['onboardingCompleted', false], ['id', 'someone-else'], ['aiConsentAt', '2020-01-01']])(
    'refuses to change %s, which is not editable here',
    async (field, value) => {
      const { cookie } = await onboarded();
      const before = await me(cookie);
      const response = await patch(cookie, { [field]: value });
      expect(response.status).toBe(400);
      expect(await me(cookie)).toEqual(before);
    },
  );

  it('keeps the answers to the number question per mark, and refuses anything else (decision 250)', async () => {
    const a = await onboarded();
    const b = await onboarded();
    expect((await me(a.cookie)).separatorAnswers).toBeNull();
    const response = await patch(a.cookie, { separatorAnswers: { '.': 'group' } });
    expect(response.status).toBe(200);
    expect((await response.json()).separatorAnswers).toEqual({ '.': 'group' });
    expect((await patch(a.cookie, { separatorAnswers: { '.': 'group', ',': 'decimal' } })).status).toBe(200);
    expect((await me(a.cookie)).separatorAnswers).toEqual({ '.': 'group', ',': 'decimal' });
    for (const bad of [{ '.': 'thousands' }, { ' ': 'group' }, ['group'], 'group']) {
      const refused = await patch(a.cookie, { separatorAnswers: bad });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as ErrorBody).error.details?.map((d) => d.field.split('.')[0])).toContain('separatorAnswers');
    }
    expect((await me(a.cookie)).separatorAnswers).toEqual({ '.': 'group', ',': 'decimal' });
    // Another founder's answers are their own.
    expect((await me(b.cookie)).separatorAnswers).toBeNull();
  });

  it("only ever reads and writes the caller's own profile", async () => {
    const a = await onboarded();
    const b = await onboarded();
    await patch(a.cookie, { nickname: 'Alpha', startupName: 'A Corp' });
    await patch(b.cookie, { nickname: 'Beta' });
    const meA = await me(a.cookie);
    const meB = await me(b.cookie);
    expect(meA).toMatchObject({ nickname: 'Alpha', startupName: 'A Corp', id: a.user.id });
    expect(meB).toMatchObject({ nickname: 'Beta', startupName: 'Cuentas', id: b.user.id });
  });
});

describe('POST /api/ai/consent', () => {
  it('grants and withdraws consent, shown by GET /api/me', async () => {
    const { cookie } = await onboarded();
    const granted = await t.request('/api/ai/consent', { method: 'POST', cookie, json: { granted: true } });
    expect(granted.status).toBe(200);
    const profile = await me(cookie);
    expect(profile.aiConsent).toBe(true);
    expect(Date.parse(profile.aiConsentAt)).toBeGreaterThan(Date.now() - 60_000);
    await t.request('/api/ai/consent', { method: 'POST', cookie, json: { granted: false } });
    expect(await me(cookie)).toMatchObject({ aiConsent: false, aiConsentAt: null });
  });

  it('refuses a body without a boolean, and a visitor without a session', async () => {
    const { cookie } = await onboarded();
    expect((await t.request('/api/ai/consent', { method: 'POST', cookie, json: { granted: 'yes' } })).status).toBe(400);
    expect((await t.request('/api/ai/consent', { method: 'POST', json: { granted: true } })).status).toBe(401);
  });
});

describe('POST /api/onboarding/reset: an admin walks through onboarding again', () => {
  it('is refused to a founder who is not an admin, changing nothing', async () => {
    const { cookie } = await onboarded();
    const response = await t.request('/api/onboarding/reset', { method: 'POST', cookie });
    expect(response.status).toBe(403);
    expect(((await response.json()) as ErrorBody).error.code).toBe('FORBIDDEN');
    expect((await me(cookie)).onboardingCompleted).toBe(true);
  });

  it("marks an admin's own onboarding not completed and keeps the answers", async () => {
    const { cookie, user } = await onboarded();
    await t.db.insert(userRoles).values({ userId: user.id, role: 'admin' });
    const response = await t.request('/api/onboarding/reset', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    const profile = await me(cookie);
    expect(profile).toMatchObject({ onboardingCompleted: false, role: 'admin', industry: 'Fintech' });
    expect(profile.onboardingData).toMatchObject({ industry: 'Fintech' });
  });

  it('follows the newest role: an admin demoted to user is refused', async () => {
    const { cookie, user } = await onboarded();
    await t.db.insert(userRoles).values({ userId: user.id, role: 'admin', assignedAt: new Date(Date.now() - 1000) });
    await t.db.insert(userRoles).values({ userId: user.id, role: 'user' });
    expect((await t.request('/api/onboarding/reset', { method: 'POST', cookie })).status).toBe(403);
  });
});
