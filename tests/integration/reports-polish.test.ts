import { describe, expect, it } from 'vitest';
import { formatWeek } from '../../src/core/metrics/iso-week.ts';
import type { LoopbackRequest } from './support/loopback-model.ts';
import { consentingFounder, useAppWithLoopbackModel } from './support/mentor.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { createTestApp } from './support/test-app.ts';
import { refusal } from './support/refusal.ts';
import { answerOf } from './support/answer.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Sections = { summary: string; asks: string } & Record<string, string>;
type Proposal = { basedOn: number; sections: Sections; flags: { section: string; raw: string; start: number; end: number }[]; model: string };
type ErrorJson = { error: { code: string; details?: { field: string; message: string }[] } };

const UPDATES = '/api/reports/investor-updates';
const lastFourWeeks = { fromWeek: formatWeek(weeksAgo(3)), toWeek: formatWeek(weeksAgo(0)) };

/** A consenting founder with 8 recorded weeks (cash 200,000 falling 4,000 a week, to 172,000) and a drafted update. */
async function founderWithUpdate(t: TestApp, language: 'en' | 'es-LA' = 'en') {
  const { cookie } = await consentingFounder(t);
  expect((await t.request('/api/me', { method: 'PATCH', cookie, json: { preferredLanguage: language } })).status).toBe(200);
  for (let back = 7; back >= 0; back--) {
    const week = { ...workedWeek, cashBalance: 200_000 - (7 - back) * 4000 };
    expect((await t.request(weekPath(weeksAgo(back)), { method: 'PUT', cookie, json: week })).status).toBe(200);
  }
  const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
  return { cookie, update };
}

/** The draft the server handed the model, as the model reads it from its prompt. */
const draftIn = (request: LoopbackRequest): Sections => JSON.parse(/<draft>\n([\s\S]*)\n<\/draft>/.exec(request.messages.at(-1)!.content)![1]!);

/** A model that polishes the summary, restating the cash in `cash` and adding `extra`. */
const polishing = (cash: string, extra: string) => ({
  kind: 'reply' as const,
  reply: (request: LoopbackRequest) => JSON.stringify({ ...draftIn(request), summary: `${cash}${extra}` }),
});

const polish = (t: TestApp, cookie: string, id: string, version: number) => t.request(`${UPDATES}/${id}/polish`, { method: 'POST', cookie, json: { version } });
const versionsOf = async (t: TestApp, cookie: string, id: string) => (await answerOf('GET /api/reports/investor-updates/:id/versions', t.request(`${UPDATES}/${id}/versions`, { cookie }))).length;

describe('polishing the investor update with a model on loopback', () => {
  const running = useAppWithLoopbackModel();

  it('flags the number the model invented, saves nothing, and refuses to save it until the founder edits it out', async () => {
    const { t, model } = running;
    const { cookie, update } = await founderWithUpdate(t);
    model.reset([polishing('A steady month: cash closed at $172,000.', ' We also signed 37 new corner shops.')]);

    const response = await polish(t, cookie, update.id, 1);
    expect(response.status).toBe(200);
    const proposal = await answerOf('POST /api/reports/investor-updates/:id/polish', response);
    expect(proposal).toMatchObject({ basedOn: 1, model: 'loopback-model' });
    expect(proposal.sections.summary).toBe('A steady month: cash closed at $172,000. We also signed 37 new corner shops.');
    // The cash is the records'; 37 is nowhere in them.
    expect(proposal.flags.map(({ section, raw }) => ({ section, raw }))).toEqual([{ section: 'summary', raw: '37' }]);
    expect(proposal.sections.summary.slice(proposal.flags[0]!.start, proposal.flags[0]!.end)).toBe('37');
    // The model was told, in English, to keep every number, and given the draft as data.
    const request = model.requests[0]!;
    expect(request.messages[0]!.content).toContain('never add, remove, round or recompute a figure');
    expect(draftIn(request)).toEqual(update.sections);

    // Nothing is stored by polishing, and the unverified proposal cannot be saved.
    expect(await versionsOf(t, cookie, update.id)).toBe(1);
    const refused = await t.request(`${UPDATES}/${update.id}/polish/accept`, { method: 'POST', cookie, json: { basedOn: 1, sections: proposal.sections } });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorJson).error.details).toEqual([refusal({ field: 'sections.summary', message: 'validation:reports.unverifiedNumber' })]);
    expect(await versionsOf(t, cookie, update.id)).toBe(1);
    // What the PDF, a share link or an e-mail would carry is still the draft.
    expect((await answerOf('GET /api/reports/investor-updates/:id', t.request(`${UPDATES}/${update.id}`, { cookie }))).markdown).not.toContain('corner shops');

    // Edited out, the proposal becomes version 2, and the update reads it.
    const edited = { ...proposal.sections, summary: 'A steady month: cash closed at $172,000. We also signed new corner shops.' };
    const accepted = await t.request(`${UPDATES}/${update.id}/polish/accept`, { method: 'POST', cookie, json: { basedOn: 1, sections: edited } });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toMatchObject({ version: 2, sections: edited });
    const read = await answerOf('GET /api/reports/investor-updates/:id', t.request(`${UPDATES}/${update.id}`, { cookie }));
    expect(read.markdown).toContain('A steady month: cash closed at $172,000. We also signed new corner shops.');
    expect(read.markdown).not.toContain('37');
  });

  it('in Spanish: the prompt is Spanish, and the records\' numbers in Spanish formats pass', async () => {
    const { t, model } = running;
    const { cookie, update } = await founderWithUpdate(t, 'es-LA');
    model.reset([polishing('Un mes estable: la caja cerró en US$172.000,00, frente a US$188.000, con un churn de 5 %.', '')]);
    const proposal = (await (await polish(t, cookie, update.id, 1)).json()) as Proposal;
    expect(proposal.flags).toEqual([]);
    expect(model.requests[0]!.messages[0]!.content).toContain('nunca agregues, quites, redondees ni recalcules');
    const accepted = await t.request(`${UPDATES}/${update.id}/polish/accept`, { method: 'POST', cookie, json: { basedOn: 1, sections: proposal.sections } });
    expect(await accepted.json()).toMatchObject({ version: 2 });
  });

  it('polishes only the version the founder sees, and keeps an empty section empty', async () => {
    const { t, model } = running;
    const { cookie, update } = await founderWithUpdate(t);
    model.reset([{ kind: 'reply', reply: (request) => JSON.stringify({ ...draftIn(request), asks: 'Intros to 3 funds' }) }]);
    const stale = await polish(t, cookie, update.id, 2);
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as ErrorJson).error.details).toEqual([refusal({ field: 'version', message: 'validation:reports.staleVersion' })]);
    const proposal = (await (await polish(t, cookie, update.id, 1)).json()) as Proposal;
    expect(proposal.sections.asks).toBe('');
    const invalid = await t.request(`${UPDATES}/${update.id}/polish`, { method: 'POST', cookie, json: { version: 'latest' } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as ErrorJson).error.details).toEqual([refusal({ field: 'version', message: 'validation:reports.version' })]);
  });

  it('is a 404 for another founder, and asks for AI consent before calling the model', async () => {
    const { t, model } = running;
    const { update, cookie } = await founderWithUpdate(t);
    const other = await consentingFounder(t);
    model.reset([polishing('Cash: $172,000.', '')]);
    expect((await polish(t, other.cookie, update.id, 1)).status).toBe(404);
    const accept = await t.request(`${UPDATES}/${update.id}/polish/accept`, { method: 'POST', cookie: other.cookie, json: { basedOn: 1, sections: update.sections } });
    expect(accept.status).toBe(404);
    await t.request('/api/ai/consent', { method: 'POST', cookie, json: { granted: false } });
    const noConsent = await polish(t, cookie, update.id, 1);
    expect(noConsent.status).toBe(403);
    expect(((await noConsent.json()) as ErrorJson).error.code).toBe('AI_CONSENT_REQUIRED');
    expect(model.requests).toEqual([]);
    expect(await versionsOf(t, cookie, update.id)).toBe(1);
  });
});

describe('polishing without Premium or without a model', () => {
  it('is refused to a tier-1 founder (403 PREMIUM_REQUIRED) within the AI limit, and says no model is set up with the offline mentor (503)', async () => {
    // The AI limit, 60 an hour, scaled here to 3.
    const free = await createTestApp({ TRIAL_DAYS: '0', AI_BASE_URL: 'http://127.0.0.1:9/v1', AI_MODEL: 'never-called', RATE_LIMIT_SCALE: '0.05' });
    const offline = await createTestApp();
    try {
      const founder = await consentingFounder(free);
      // Refused before the update is even looked up: tier 2, like drafting one.
      const premium = await polish(free, founder.cookie, '00000000-0000-4000-8000-000000000000', 1);
      expect(premium.status).toBe(403);
      expect(((await premium.json()) as ErrorJson).error.code).toBe('PREMIUM_REQUIRED');
      for (let call = 2; call <= 3; call++) expect((await polish(free, founder.cookie, '00000000-0000-4000-8000-000000000000', 1)).status).toBe(403);
      const limited = await polish(free, founder.cookie, '00000000-0000-4000-8000-000000000000', 1);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();

      const { cookie, update } = await founderWithUpdate(offline);
      const off = await polish(offline, cookie, update.id, 1);
      expect(off.status).toBe(503);
      expect(((await off.json()) as ErrorJson).error.code).toBe('AI_MODEL_OFF');
      expect(await versionsOf(offline, cookie, update.id)).toBe(1);
    } finally {
      await free.close();
      await offline.close();
    }
  });
});
