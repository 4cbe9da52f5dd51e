import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const answers = {
  fullName: 'Camila',
  lastName: 'Torres',
  nickname: 'Cami',
  country: 'CO',
  startupName: 'Tiendita AI',
  industry: 'Retail software',
  teamSize: '2-5',
  startupPhase: 'early-growth',
  startupWebpageUrl: 'https://tiendita.example',
  linkedinLink: '',
  customerInformation: 'Corner shops in Bogotá that reorder stock by WhatsApp.',
  founderCharacteristics: 'technical',
  emailRemindersEnabled: true,
  emailMondayHour: '08:30',
  emailFridayHour: '17:00',
  timeZone: 'America/Bogota',
};

describe('POST /api/onboarding', () => {
  it('stores every answer, keeps the whole set and completes onboarding', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/onboarding', { method: 'POST', cookie, json: answers });
    expect(response.status).toBe(200);
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me).toMatchObject({
      onboardingCompleted: true,
      nickname: 'Cami',
      country: 'CO',
      teamSize: '2-5',
      startupPhase: 'early-growth',
      linkedinLink: null, // optional and empty → null
      emailMondayHour: '08:30',
      timeZone: 'America/Bogota',
    });
    expect(me.onboardingData).toMatchObject({ startupName: 'Tiendita AI', industry: 'Retail software' });
  });

  it.each(['industry', 'teamSize', 'startupPhase'])('refuses answers without %s and changes nothing', async (field) => {
    const { cookie } = await t.signUp();
    const { [field]: _omitted, ...incomplete } = answers as Record<string, unknown>;
    const response = await t.request('/api/onboarding', { method: 'POST', cookie, json: incomplete });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: { field: string }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details.map((d) => d.field)).toContain(field);
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me.onboardingCompleted).toBe(false);
    expect(me.industry).toBeNull();
  });

  it('refuses a webpage that is not http or https', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/onboarding', {
      method: 'POST',
      cookie,
      json: { ...answers, startupWebpageUrl: 'ftp://files.example' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { details: { field: string; message: string }[] } };
    expect(body.error.details).toContainEqual({ field: 'startupWebpageUrl', message: 'Only http/https URLs are allowed' });
  });

  it('needs a session', async () => {
    const response = await t.request('/api/onboarding', { method: 'POST', json: answers });
    expect(response.status).toBe(401);
  });
});
