import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DRAFT = '/api/onboarding/draft';
const draft = {
  step: 1,
  answers: { fullName: 'Camila Torres', nickname: 'Cami', country: 'CO', currency: 'COP', startupName: 'Tiendita AI', emailRemindersEnabled: false },
};
const complete = {
  fullName: 'Camila Torres',
  nickname: 'Cami',
  country: 'CO',
  startupName: 'Tiendita AI',
  industry: 'Retail software',
  teamSize: '2-5',
  startupPhase: 'early-growth',
};

const readDraft = async (cookie: string) => (await t.request(DRAFT, { cookie })).json();

describe('the onboarding draft', () => {
  it('is none for a new founder, then saved and read back as sent', async () => {
    const { cookie } = await t.signUp();
    expect(await readDraft(cookie)).toEqual({ draft: null });
    const saved = await t.request(DRAFT, { method: 'PUT', cookie, json: draft });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ draft });
    expect(await readDraft(cookie)).toEqual({ draft });

    // A later save replaces it whole.
    const later = { step: 2, answers: { ...draft.answers, industry: 'Retail' } };
    expect((await t.request(DRAFT, { method: 'PUT', cookie, json: later })).status).toBe(200);
    expect(await readDraft(cookie)).toEqual({ draft: later });
    // It is not part of the profile.
    expect(await (await t.request('/api/me', { cookie })).json()).not.toHaveProperty('onboardingDraft');
  });

  it('belongs to its founder: another founder sees none and cannot change it', async () => {
    const ana = await t.signUp();
    const bruno = await t.signUp();
    await t.request(DRAFT, { method: 'PUT', cookie: ana.cookie, json: draft });
    expect(await readDraft(bruno.cookie)).toEqual({ draft: null });
    await t.request(DRAFT, { method: 'PUT', cookie: bruno.cookie, json: { step: 0, answers: { nickname: 'Bruno' } } });
    expect(await readDraft(ana.cookie)).toEqual({ draft });
  });

  it('answers 401 signed out', async () => {
    expect((await t.request(DRAFT)).status).toBe(401);
    expect((await t.request(DRAFT, { method: 'PUT', json: draft })).status).toBe(401);
  });

  it('refuses bad input with 400 and keeps the saved draft', async () => {
    const { cookie } = await t.signUp();
    await t.request(DRAFT, { method: 'PUT', cookie, json: draft });
    const bad = [
      { step: 4, answers: {} },
      { step: -1, answers: {} },
      { step: 1.5, answers: {} },
      { step: 0, answers: { role: 'admin' } },
      { step: 0, answers: { nickname: 42 } },
      { step: 0, answers: { nickname: { nested: true } } },
      { step: 0, answers: { emailRemindersEnabled: 'yes' } },
      { step: 0, answers: { nickname: 'n'.repeat(401) } },
      { step: 0, answers: { country: 'C'.repeat(101) } },
      { step: 0, answers: {}, extra: true },
      { answers: {} },
    ];
    for (const json of bad) {
      const response = await t.request(DRAFT, { method: 'PUT', cookie, json });
      expect(response.status, JSON.stringify(json).slice(0, 80)).toBe(400);
    }
    expect(await readDraft(cookie)).toEqual({ draft });
  });

  it('keeps an over-long answer the form is still flagging, and sanitises text', async () => {
    const { cookie } = await t.signUp();
    const json = { step: 0, answers: { nickname: 'n'.repeat(201), fullName: '<b>Ana</b>' } };
    expect((await t.request(DRAFT, { method: 'PUT', cookie, json })).status).toBe(200);
    expect(await readDraft(cookie)).toEqual({ draft: { step: 0, answers: { nickname: 'n'.repeat(201), fullName: 'Ana' } } });
  });

  it('is cleared when onboarding is submitted, and a later save is ignored', async () => {
    const { cookie } = await t.signUp();
    await t.request(DRAFT, { method: 'PUT', cookie, json: draft });
    expect((await t.request('/api/onboarding', { method: 'POST', cookie, json: complete })).status).toBe(200);
    expect(await readDraft(cookie)).toEqual({ draft: null });

    // A save still in flight when Finish was pressed: ignored, nothing stored.
    const late = await t.request(DRAFT, { method: 'PUT', cookie, json: draft });
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ draft: null });
    expect(await readDraft(cookie)).toEqual({ draft: null });
    expect(await (await t.request('/api/me', { cookie })).json()).toMatchObject({ onboardingCompleted: true, nickname: 'Cami' });
  });
});
