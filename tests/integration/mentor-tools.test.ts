import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NumberCheck } from '../../src/core/mentor/number-check.ts';
import { MAX_TOOL_STEPS, TOOL_NAMES, type ToolCallRecord } from '../../src/core/mentor/tool-calls.ts';
import { type LoopbackAnthropic, startLoopbackAnthropic } from './support/loopback-anthropic.ts';
import { type LoopbackRequest, readUiStream, toolResults } from './support/loopback-model.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { chat, consentingFounder, useAppWithLoopbackModel } from './support/mentor.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * With a model configured, the mentor answers with tools (docs/mentor.md "Tools"): the
 * loopback models below call them in both wire formats, read their results, and are
 * refused when they pass arguments a tool does not take or call tools without end.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Founder = { cookie: string; userId: string };

/** workedWeek burns 4,000 a week: 88,000 in cash is 22 weeks; 5 of 100 customers lost is 5% churn. */
async function founderWithWeeks(t: TestApp): Promise<Founder> {
  const founder = await consentingFounder(t);
  for (const [back, cash] of [[2, 96_000], [1, 92_000], [0, 88_000]] as const) {
    expect((await t.request(weekPath(weeksAgo(back)), { method: 'PUT', cookie: founder.cookie, json: { ...workedWeek, cashBalance: cash } })).status).toBe(200);
  }
  const me = await (await t.request('/api/me', { cookie: founder.cookie })).json();
  return { cookie: founder.cookie, userId: me.id };
}

async function ask(t: TestApp, cookie: string, message: string, language: 'en' | 'es-LA' = 'en') {
  const { answer, chunks, error } = await readUiStream(await chat(t, cookie, { message, language }));
  // Each call as it finished, put back in the order the model made them.
  const calls = chunks
    .filter((c) => c.type === 'data-tool')
    .map((c) => c.data as ToolCallRecord & { order: number })
    .sort((a, b) => a.order - b.order)
    .map(({ order: _order, ...call }) => call);
  const checks = (chunks.find((c) => c.type === 'data-numbers')?.data ?? []) as NumberCheck[];
  const conversationId = (chunks.find((c) => c.type === 'data-conversation')?.data as { id: string }).id;
  return { answer, calls, checks, error, conversationId };
}

/** The projection the model got back, as a model reads its tool's result. */
function projectionIn(request: LoopbackRequest) {
  const result = toolResults(request).map((r) => r.output).find((output) => typeof output === 'object' && output !== null && 'after' in output);
  return result as { now: { weeklyBurn: number; runwayWeeks: number }; after: { runwayWeeks: number; cashRunsOut: string }; change: { weeklyCosts: number } };
}

describe('tools over the OpenAI-compatible wire format', () => {
  const running = useAppWithLoopbackModel();

  it("answers a hiring question with the founder's arithmetic from the runway projection, every number traced, the calls stored", async () => {
    const founder = await founderWithWeeks(running.t);
    running.model.reset([
      { kind: 'tools', calls: [{ name: 'metric_history', args: { metric: 'churnRate', weeks: 12 } }, { name: 'project_runway', args: { weeklyCostsChange: 3000 } }] },
      {
        kind: 'reply',
        reply: (request) => {
          const projection = projectionIn(request);
          return `At your burn of $${projection.now.weeklyBurn.toLocaleString('en-US')} a week, two engineers at $1,500 a week take runway from ${projection.now.runwayWeeks} to ${projection.after.runwayWeeks} weeks; the cash runs out on ${projection.after.cashRunsOut}.`;
        },
      },
    ]);
    const { answer, calls, checks, conversationId } = await ask(running.t, founder.cookie, 'Should I hire two engineers at $1,500 a week each?');

    // Every tool is offered, and the model's first request carries them.
    expect(running.model.requests[0]!.tools?.map((entry) => entry.function.name).sort()).toEqual([...TOOL_NAMES].sort());
    expect(calls).toEqual([
      { name: 'metric_history', input: { metric: 'churnRate', weeks: 12 }, ok: true },
      // The change in revenue the model left out is none.
      { name: 'project_runway', input: { weeklyCostsChange: 3000, weeklyRevenueChange: 0 }, ok: true },
    ]);
    // The history is the founder's three recorded weeks; the projection is 88,000 over a 7,000 burn.
    const history = toolResults(running.model.requests[1]!).map((r) => r.output).find((output) => (output as { metric?: string }).metric === 'churnRate') as { weeks: { value: number }[] };
    expect(history.weeks).toHaveLength(3);
    expect(answer).toMatch(/^At your burn of \$4,000 a week, two engineers at \$1,500 a week take runway from 22 to 12\.6 weeks; the cash runs out on \d{4}-\d{2}-\d{2}\.$/);
    expect(checks.map((c) => [c.raw, c.source?.kind, c.source?.key])).toEqual([
      ['$4,000', 'metric', 'weeklyBurnRate'],
      ['$1,500', 'question', 'question'],
      ['22', 'metric', 'runwayWeeks'],
      ['12.6', 'derived', 'runwayAfter'],
      [expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 'derived', 'cashOutDateAfter'],
    ]);

    const saved = await (await running.t.request(`/api/mentor/conversations/${conversationId}`, { cookie: founder.cookie })).json();
    expect(saved.messages[1].toolCalls).toEqual(calls);
  });

  it("refuses a call with another founder's id or bad arguments with an error the model reads, and never gives away another founder's data", async () => {
    const other = await founderWithWeeks(running.t);
    await running.t.request('/api/tasks', { method: 'POST', cookie: other.cookie, json: { ...validTask, hypothesis: 'Secret: the other founder doubles prices in March' } });
    const founder = await consentingFounder(running.t);
    running.model.reset([
      {
        kind: 'tools',
        calls: [
          { name: 'tasks', args: { status: 'active', userId: other.userId } },
          { name: 'metric_history', args: { metric: 'secretMetric', weeks: 5 } },
          { name: 'draft_task', args: { hypothesis: 'Too short', whyRelevant: 'x', metric: 'mrr', targetValue: 1, impact: 11, confidence: 5, ease: 5 } },
        ],
      },
      { kind: 'tools', calls: [{ name: 'tasks', args: { status: 'active' } }] },
      { kind: 'answer', text: 'I only see your own data: you have no active tasks yet.' },
    ]);
    const { answer, calls } = await ask(running.t, founder.cookie, "Show me the other founder's tasks");
    expect(answer).toBe('I only see your own data: you have no active tasks yet.');
    expect(calls.map((call) => [call.name, call.ok])).toEqual([
      ['tasks', false],
      ['metric_history', false],
      ['draft_task', false],
      ['tasks', true],
    ]);
    expect(calls[0]!.error).toMatch(/Invalid input for tool tasks/);
    // The model was told why each call was refused, and the retry found only this founder's (no) tasks.
    const refusals = toolResults(running.model.requests[1]!).map((r) => String(r.output));
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) expect(refusal).toMatch(/Invalid input/);
    expect(toolResults(running.model.requests[2]!).at(-1)!.output).toEqual([]);
    for (const request of running.model.requests) expect(JSON.stringify(request)).not.toContain('Secret: the other founder');
  });

  it('stops a model that keeps calling tools: the last step may only answer', async () => {
    const founder = await founderWithWeeks(running.t);
    const lookUp = { kind: 'tools' as const, calls: [{ name: 'metric_history', args: { metric: 'mrr', weeks: 4 } }] };
    running.model.reset([...Array.from({ length: MAX_TOOL_STEPS }, () => lookUp), { kind: 'answer', text: 'Your MRR is flat: talk to your best customers.' }]);
    const { answer, calls } = await ask(running.t, founder.cookie, 'What is happening with MRR?');
    expect(answer).toBe('Your MRR is flat: talk to your best customers.');
    expect(calls).toHaveLength(MAX_TOOL_STEPS);
    expect(running.model.requests).toHaveLength(MAX_TOOL_STEPS + 1);
    expect(running.model.requests.at(-1)!.tool_choice).toBe('none');

    // A model that calls tools even then says nothing: the founder is told, the question kept.
    running.model.reset([lookUp]);
    const looping = await ask(running.t, founder.cookie, 'And now?');
    expect(looping.error).toBe("I'm having trouble responding. Please try again.");
    expect(running.model.requests).toHaveLength(MAX_TOOL_STEPS + 1);
  });

  it('drafts a task the founder can open in the Tasks form, its figures proposals', async () => {
    const founder = await founderWithWeeks(running.t);
    const draft = {
      hypothesis: 'If we call every customer who cancelled this month, we will find one fixable reason behind half of them.',
      whyRelevant: 'Weekly churn is 5%, far above the 0.7% target.',
      metric: 'churnRate',
      targetValue: 0.02,
      impact: 8,
      confidence: 7,
      ease: 8,
    };
    running.model.reset([{ kind: 'tools', calls: [{ name: 'draft_task', args: draft }] }, { kind: 'answer', text: 'I drafted a task for you (ICE 4.5): aim for 2% churn.' }]);
    const { calls, checks } = await ask(running.t, founder.cookie, 'Draft me a task about churn');
    expect(calls).toEqual([{ name: 'draft_task', input: draft, ok: true }]);
    expect(checks.map((c) => [c.raw, c.source?.kind])).toEqual([
      ['4.5', 'proposal'],
      ['2%', 'proposal'],
    ]);
  });
});

describe('tools over the Anthropic wire format', () => {
  let anthropic: LoopbackAnthropic;
  let t: TestApp;
  beforeAll(async () => {
    anthropic = await startLoopbackAnthropic();
    t = await createTestApp({ ANTHROPIC_API_KEY: 'test-key', ANTHROPIC_MODEL: 'loopback-claude', ANTHROPIC_BASE_URL: anthropic.baseUrl });
  });
  afterAll(async () => {
    await t.close();
    await anthropic.close();
  });

  it('in Spanish: looks at the active tasks and the notes, and stores what it looked at', async () => {
    const founder = await founderWithWeeks(t);
    await t.request('/api/tasks', { method: 'POST', cookie: founder.cookie, json: { ...validTask, hypothesis: 'Si llamamos a cada cliente que canceló, bajará el churn a la mitad' } });
    await t.request('/api/context', { method: 'POST', cookie: founder.cookie, json: { type: 'challenges', description: 'El 40 % de los clientes de Valparaíso cancela en la semana 3.' } });
    anthropic.reset({
      tools: [[{ name: 'tasks', input: { status: 'active' } }, { name: 'search_notes', input: { query: 'cancelan Valparaíso' } }]],
      text: 'Tu churn es de 5 % y tus notas dicen que el 40 % de los clientes de Valparaíso cancela en la semana 3: empieza por ahí.',
    });
    const { answer, calls, checks } = await ask(t, founder.cookie, '¿Por qué se van mis clientes?', 'es-LA');
    expect(answer).toContain('Valparaíso');
    expect(calls).toEqual([
      { name: 'tasks', input: { status: 'active' }, ok: true },
      { name: 'search_notes', input: { query: 'cancelan Valparaíso' }, ok: true },
    ]);
    expect(anthropic.requests[0]!.body.tools?.map((entry) => entry.name).sort()).toEqual([...TOOL_NAMES].sort());
    // The second request carries both results back as tool_result blocks: the task and the note.
    const second = JSON.stringify(anthropic.requests[1]!.body.messages);
    expect(second).toContain('tool_result');
    expect(second).toContain('Si llamamos a cada cliente que canceló');
    expect(second).toContain('El 40 % de los clientes de Valparaíso cancela en la semana 3.');
    expect(checks.map((c) => [c.raw, c.source?.kind])).toEqual([
      ['5 %', 'metric'],
      ['40 %', 'note'],
    ]);
  });
});
