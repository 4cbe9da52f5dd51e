import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NumberCheck } from '../../src/core/mentor/number-check.ts';
import { readUiStream } from './support/loopback-model.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { chat, consentingFounder, useAppWithLoopbackModel } from './support/mentor.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * Every number of an answer is traced to the founder's data or marked as not from it
 * (docs/mentor.md "Every number traceable"), offline and from a model, in both languages,
 * and the check is kept with the answer.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** workedWeek: 88,000 in cash at a burn of 4,000 a week is 22 weeks of runway; 5 of 100 customers lost is 5% churn. */
const RUNWAY_22 = { ...workedWeek, cashBalance: 88_000 };

async function founderWithAWeek(t: TestApp) {
  const founder = await consentingFounder(t);
  expect((await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie: founder.cookie, json: RUNWAY_22 })).status).toBe(200);
  return founder;
}

async function ask(t: TestApp, cookie: string, message: string, language: 'en' | 'es-LA') {
  const { answer, chunks } = await readUiStream(await chat(t, cookie, { message, language }));
  const checks = chunks.find((c) => c.type === 'data-numbers')?.data as NumberCheck[];
  const conversation = chunks.find((c) => c.type === 'data-conversation')?.data as { id: string };
  return { answer, checks, conversationId: conversation.id };
}

const found = (checks: NumberCheck[]) => checks.filter((c) => c.source).map((c) => [c.raw, c.source!.kind, c.source!.key]);
const notFound = (checks: NumberCheck[]) => checks.filter((c) => !c.source).map((c) => c.raw);

describe("a model's numbers are checked against the founder's data", () => {
  const running = useAppWithLoopbackModel();

  it('in English: finds the runway and the burn, flags a churn rate never recorded, and keeps the check with the answer', async () => {
    const { cookie } = await founderWithAWeek(running.t);
    running.model.reset([{ kind: 'answer', text: 'Your runway is **22 weeks** (about 5 months) at a burn of $4,000 a week, but your churn of 12.5% is the real problem.' }]);
    const { checks, conversationId } = await ask(running.t, cookie, 'Should I worry?', 'en');
    expect(found(checks)).toEqual([
      ['22', 'metric', 'runwayWeeks'],
      ['5', 'metric', 'runwayWeeks'],
      ['$4,000', 'metric', 'weeklyBurnRate'],
    ]);
    expect(notFound(checks)).toEqual(['12.5%']);
    expect(checks.find((c) => c.raw === '22')!.source).toMatchObject({ value: 22, unit: 'weeks', week: expect.stringMatching(/^\d{4}-W\d{2}$/) });

    const saved = await (await running.t.request(`/api/mentor/conversations/${conversationId}`, { cookie })).json();
    expect(saved.messages[1].numberChecks).toEqual(checks);
  });

  it('in Spanish: reads decimal commas and the founder’s own figures from the question', async () => {
    const { cookie } = await founderWithAWeek(running.t);
    running.model.reset([{ kind: 'answer', text: 'Con USD 88.000 en caja y un churn de 5 %, contratar por USD 1.500 a la semana baja tu pista; tu margen es de 62,5 %.' }]);
    const { checks } = await ask(running.t, cookie, '¿Puedo contratar a alguien por USD 1.500 a la semana?', 'es-LA');
    expect(found(checks)).toEqual([
      ['USD 88.000', 'metric', 'cashBalance'],
      ['5 %', 'metric', 'churnRate'],
      ['USD 1.500', 'question', 'question'],
    ]);
    // The worked week's gross margin is 80 %: 62,5 % is nowhere in the founder's data.
    expect(notFound(checks)).toEqual(['62,5 %']);
  });
});

describe("the offline mentor's numbers are all traceable", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  for (const [language, question] of [
    ['en', 'How long is my runway?'],
    ['es-LA', '¿Cuánta pista me queda?'],
  ] as const) {
    it(`in ${language}: every number it states has a source`, async () => {
      const { cookie } = await founderWithAWeek(t);
      const { checks } = await ask(t, cookie, question, language);
      expect(checks.length).toBeGreaterThan(3);
      expect(notFound(checks)).toEqual([]);
      expect(found(checks)).toContainEqual(['22', 'metric', 'runwayWeeks']);
    });
  }
});
