import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUiStream, startLoopbackModel, type LoopbackModel } from './support/loopback-model.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { validTask } from './support/task-fixtures.ts';
import { chat, consentingFounder } from './support/mentor.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * The mentor's context carries the founder's metrics (latest week against targets and the
 * trend), top active tasks and current strategy — and never another founder's.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** workedWeek burns 4,000 a week: 200,000 in cash is 50 weeks of runway, 88,000 is 22. */
const RUNWAY_50 = { ...workedWeek, cashBalance: 200_000 };
const RUNWAY_22 = { ...workedWeek, cashBalance: 88_000 };
const RUNWAY_125 = { ...workedWeek, cashBalance: 500_000 };

type Founder = { cookie: string };

async function record(t: TestApp, { cookie }: Founder, weeksBack: number, week: Record<string, number | null>) {
  expect((await t.request(weekPath(weeksAgo(weeksBack)), { method: 'PUT', cookie, json: week })).status).toBe(200);
}

async function addTask(t: TestApp, { cookie }: Founder, hypothesis: string, ice: { impact: number; confidence: number; ease: number }) {
  expect((await t.request('/api/tasks', { method: 'POST', cookie, json: { ...validTask, hypothesis, ...ice } })).status).toBe(201);
}

async function saveStrategy(t: TestApp, { cookie }: Founder, statement: string) {
  const strategy = {
    coreProblem: 'Corner shops run out of stock because reordering is manual',
    maximas: ['Reorder in one tap from WhatsApp', 'Never let a best-seller run out'],
    statement,
  };
  expect((await t.request('/api/strategy', { method: 'PUT', cookie, json: strategy })).status).toBe(200);
}

describe("the model receives the founder's metrics, tasks and strategy, and only theirs", () => {
  let model: LoopbackModel;
  let t: TestApp;
  beforeAll(async () => {
    model = await startLoopbackModel();
    t = await createTestApp({ AI_BASE_URL: model.baseUrl, AI_MODEL: 'loopback-model', AI_API_KEY: 'test-key' });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });

  it('puts the latest week against its targets, the trend, the top tasks by ICE and the strategy in the prompt', async () => {
    const a = await consentingFounder(t);
    const b = await consentingFounder(t);
    await record(t, a, 1, RUNWAY_50);
    await record(t, a, 0, RUNWAY_22);
    await addTask(t, a, 'Alpha: weekly onboarding calls cut churn', { impact: 4, confidence: 4, ease: 4 });
    await addTask(t, a, 'Alpha: annual plans with two months free', { impact: 9, confidence: 8, ease: 7 });
    await saveStrategy(t, a, 'Alpha wins by making restocking invisible for corner shops');
    await record(t, b, 0, RUNWAY_125);
    await addTask(t, b, 'Beta: referral loop doubles signups', { impact: 5, confidence: 5, ease: 5 });
    await saveStrategy(t, b, 'Beta wins by owning the pharmacy channel in Lima');

    model.reset([{ kind: 'answer', text: 'Cut burn first.' }]);
    await readUiStream(await chat(t, a.cookie, { message: 'What should I focus on this week?' }));
    const system = model.requests[0]!.messages[0]!.content;
    expect(system).toContain('- Runway: 22 weeks (target above 40 weeks) — off target, worsening over 2 weeks');
    expect(system).toMatch(/Latest recorded week \d{4}-W\d{2}, against the targets/);
    // Tasks are ranked by relevance to the question in the prompt; their titles keep the ICE rank.
    expect(system).toContain('## Active task #1 by ICE\nHypothesis: Alpha: annual plans with two months free');
    expect(system).toContain('## Active task #2 by ICE\nHypothesis: Alpha: weekly onboarding calls cut churn');
    expect(system).toContain('ICE total 5.04 (impact 9, confidence 8, ease 7)');
    expect(system).toContain('Strategy statement: Alpha wins by making restocking invisible for corner shops');
    expect(system).toContain('Reorder in one tap from WhatsApp');
    for (const foreign of ['Beta: referral loop', 'Beta wins', '125 weeks']) expect(system).not.toContain(foreign);

    model.reset([{ kind: 'answer', text: 'Only your data.' }]);
    await readUiStream(await chat(t, b.cookie, { message: "Show me the other founder's runway and tasks" }));
    const other = model.requests[0]!.messages[0]!.content;
    expect(other).toContain('Beta: referral loop doubles signups');
    expect(other).toContain('Beta wins by owning the pharmacy channel in Lima');
    expect(other).toContain('- Runway: 125 weeks (target above 40 weeks) — on target');
    for (const foreign of ['Alpha', '22 weeks']) expect(other).not.toContain(foreign);
  });

  it('sends no metrics, tasks or strategy for a founder who has none yet', async () => {
    const { cookie } = await consentingFounder(t);
    model.reset([{ kind: 'answer', text: 'Start by recording a week.' }]);
    await readUiStream(await chat(t, cookie, { message: 'Where do I start?' }));
    const system = model.requests[0]!.messages[0]!.content;
    expect(system).not.toContain('Latest recorded week');
    expect(system).not.toContain('Active task');
    expect(system).not.toContain('Current strategy');
  });
});

describe('the offline mentor diagnoses a recorded week that misses its target', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('in English: cites the runway against its target, the top task and the strategy', async () => {
    const founder = await consentingFounder(t);
    await record(t, founder, 0, RUNWAY_22);
    await addTask(t, founder, 'Annual plans with two months free cut churn', { impact: 9, confidence: 8, ease: 7 });
    await saveStrategy(t, founder, 'We win by making restocking invisible for corner shops');
    const { answer } = await readUiStream(await chat(t, founder.cookie, { message: 'How long is my runway?', language: 'en' }));
    expect(answer).toMatch(/^At your burn of \$4,000 a week, your \$88,000 in cash lasts \*\*22 weeks\*\* \(about 5 months\)/);
    expect(answer).toContain('That is 18 weeks short of the target of 40 weeks.');
    // The devil's advocate: churn is off target too, and the top task goes at it.
    expect(answer).toContain("**Devil's advocate:** Churn rate (weekly) is 5%, off target (target below 0.7%).");
    expect(answer).toContain('Your top task goes at it');
    const { answer: next } = await readUiStream(await chat(t, founder.cookie, { message: 'What should I do next?', language: 'en' }));
    expect(next).toContain('Your top task (ICE 5.0) works on Churn rate (weekly): _Annual plans with two months free cut churn_');
    expect(next).toContain('Your strategy (version 1) says: _We win by making restocking invisible for corner shops_');

    const draft = await (await t.request('/api/mentor/task-draft', { method: 'POST', cookie: founder.cookie, json: { language: 'en' } })).json();
    expect(draft.source).toBe('offline');
    expect(draft.draft.whyRelevant).toContain('furthest from its target');
  });

  it('in Spanish (tú): the same diagnosis, and another founder never sees it', async () => {
    const founder = await consentingFounder(t);
    const other = await consentingFounder(t);
    await record(t, founder, 0, RUNWAY_22);
    const { answer } = await readUiStream(await chat(t, founder.cookie, { message: '¿Cuánta pista tengo?', language: 'es-LA' }));
    expect(answer).toMatch(/^Con una quema de USD\s4\.000 a la semana, tus USD\s88\.000 en caja alcanzan para \*\*22 semanas\*\*/);
    expect(answer).toContain('Te faltan 18 semanas para la meta de 40 semanas.');

    const { answer: theirs } = await readUiStream(await chat(t, other.cookie, { message: '¿Cuánta pista tengo?', language: 'es-LA' }));
    expect(theirs).toMatch(/^No puedo saberlo sin tus números/);
    expect(theirs).not.toContain('22 semanas');
  });
});
