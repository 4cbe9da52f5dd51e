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

  it('stores the currency asked with the country, refuses one not offered, and keeps USD when none is sent', async () => {
    const { cookie } = await t.signUp();
    const refused = await t.request('/api/onboarding', { method: 'POST', cookie, json: { ...answers, currency: 'DOGE' } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.details).toContainEqual(expect.objectContaining({ field: 'currency', message: 'Choose a currency from the list', key: 'validation:profile.currency' }));
    expect((await t.request('/api/onboarding', { method: 'POST', cookie, json: { ...answers, currency: 'COP' } })).status).toBe(200);
    expect(await (await t.request('/api/me', { cookie })).json()).toMatchObject({ country: 'CO', currency: 'COP' });

    const other = await t.signUp();
    expect((await t.request('/api/onboarding', { method: 'POST', cookie: other.cookie, json: answers })).status).toBe(200);
    expect((await (await t.request('/api/me', { cookie: other.cookie })).json()).currency).toBe('USD');
  });

  it('stores the optional startup name, webpage and customer information as null when sent empty', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/onboarding', {
      method: 'POST',
      cookie,
      json: { ...answers, startupName: '', startupWebpageUrl: '', customerInformation: '   ' },
    });
    expect(response.status).toBe(200);
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me).toMatchObject({ onboardingCompleted: true, startupName: null, startupWebpageUrl: null, customerInformation: null, linkedinLink: null });
    expect(me.onboardingData).toMatchObject({ startupName: null, startupWebpageUrl: null, customerInformation: null });
  });

  it('completes a web address typed without https:// and stores it whole', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/onboarding', { method: 'POST', cookie, json: { ...answers, startupWebpageUrl: 'www.tiendita.example/es', linkedinLink: 'linkedin.com/in/ana' } });
    expect(response.status).toBe(200);
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me).toMatchObject({ startupWebpageUrl: 'https://www.tiendita.example/es', linkedinLink: 'https://linkedin.com/in/ana' });
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
    expect(body.error.details).toContainEqual(expect.objectContaining({ field: 'startupWebpageUrl', message: 'Only http/https URLs are allowed' }));
  });

  it('needs a session', async () => {
    const response = await t.request('/api/onboarding', { method: 'POST', json: answers });
    expect(response.status).toBe(401);
  });
});

describe('sanitising onboarding answers', () => {
  it('strips harmless markup and keeps ordinary prose as written', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/onboarding', {
      method: 'POST',
      cookie,
      json: { ...answers, fullName: '<b>Ana</b>', customerInformation: 'Key data: churn is 5%' },
    });
    expect(response.status).toBe(200);
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me.fullName).toBe('Ana');
    expect(me.customerInformation).toBe('Key data: churn is 5%');
  });

  it.each([
    ['fullName', '<script>alert(1)</script>Ana'],
    ['nickname', '<img src=x onerror=alert(1)>'],
    ['startupWebpageUrl', 'javascript:alert(1)'],
    ['customerInformation', 'see <iframe src="https://evil.example"></iframe>'],
  ])('refuses a request whose %s carries a blocked pattern, storing nothing', async (field, value) => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/onboarding', { method: 'POST', cookie, json: { ...answers, [field]: value } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('SECURITY_VIOLATION');
    expect(body.error.message).toMatch(/^Security violation/);
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me.onboardingCompleted).toBe(false);
    expect(me.onboardingData).toBeNull();
  });
});

describe('onboarding answers outside their values', () => {
  it.each([
    ['country', 'XX', 'Choose a country from the list'],
    ['timeZone', 'Not/AZone', 'Choose a time zone from the list'],
    ['emailFridayHour', '5pm', 'Enter a time like 09:00'],
    ['nickname', 'n'.repeat(201), 'Text is too long (max 200 characters)'],
    ['customerInformation', 'c'.repeat(5001), 'Text is too long (max 5000 characters)'],
    ['industry', '<b> </b>', 'Input cannot be empty'],
    ['linkedinLink', 'my linkedin profile', 'Invalid URL format'],
  ])('refuses %s = %j with a field-level message and completes nothing', async (field, value, message) => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/onboarding', { method: 'POST', cookie, json: { ...answers, [field]: value } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { details: { field: string; message: string }[] } };
    expect(body.error.details).toContainEqual(expect.objectContaining({ field, message }));
    expect((await (await t.request('/api/me', { cookie })).json()).onboardingCompleted).toBe(false);
  });

  it('stores a name sent empty as null', async () => {
    const { cookie } = await t.signUp();
    await t.request('/api/onboarding', { method: 'POST', cookie, json: { ...answers, fullName: '', lastName: '  ' } });
    expect(await (await t.request('/api/me', { cookie })).json()).toMatchObject({ fullName: null, lastName: null });
  });

  it('keeps a URL with ?online=1 and prose with on= as typed', async () => {
    const { cookie } = await t.signUp();
    const response = await t.request('/api/onboarding', {
      method: 'POST',
      cookie,
      json: { ...answers, startupWebpageUrl: 'https://tiendita.example/?online=1', customerInformation: 'Key data: on=3 stores' },
    });
    expect(response.status).toBe(200);
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me).toMatchObject({ startupWebpageUrl: 'https://tiendita.example/?online=1', customerInformation: 'Key data: on=3 stores' });
  });

  it('keeps the whole set of answers in onboardingData, with the defaults it applied', async () => {
    const { cookie } = await t.signUp();
    await t.request('/api/onboarding', { method: 'POST', cookie, json: { industry: 'Edtech', teamSize: '1', startupPhase: 'mvp' } });
    const me = await (await t.request('/api/me', { cookie })).json();
    expect(me.onboardingData).toEqual({ industry: 'Edtech', teamSize: '1', startupPhase: 'mvp', emailRemindersEnabled: true, emailMondayHour: '09:00', emailFridayHour: '17:00' });
    // The name from sign-up stays when onboarding leaves it out.
    expect(me).toMatchObject({ fullName: 'Ana Founder', nickname: null, country: null, timeZone: null, emailMondayHour: '09:00' });
  });
});
