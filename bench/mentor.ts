/**
 * Mentor benchmarks (docs/benchmarks.md), printed, never asserted:
 * 1. Server overhead from request to the first streamed answer byte, with an
 *    OpenAI-compatible model on loopback that answers at once (goal: under 30 ms median).
 *    It covers the session check, consent gate, storing the question, building the
 *    context and opening the model stream.
 * 2. The context builder for a founder with 200 AI context entries, each with file text,
 *    10 years of weekly metrics, a strategy and active tasks: the first build (metrics
 *    summary computed) and the steady state (the summary cached by its revision).
 *
 *   node bench/mentor.ts
 */
import { performance } from 'node:perf_hooks';
import { aiContextEntries, aiContextFiles } from '../src/server/db/schema/index.ts';
import { buildMentorContext } from '../src/server/ai/context/build-context.ts';
import { CONTEXT_SOURCES } from '../src/server/features/mentor/context-sources.ts';
import { startLoopbackModel } from '../tests/integration/support/loopback-model.ts';
import { createTestApp } from '../tests/integration/support/test-app.ts';
import { decadeCsv } from './lib/metrics-server.ts';

const RUNS = 60;
const WARM_UP = 10;

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return `median ${at(0.5)} ms, p95 ${at(0.95)} ms, min ${sorted[0]!.toFixed(1)} ms (${sorted.length} runs)`;
}

async function firstByte() {
  const model = await startLoopbackModel([{ kind: 'answer', text: 'Cut burn first, then raise.' }]);
  const t = await createTestApp({ AI_BASE_URL: model.baseUrl, AI_MODEL: 'loopback', LOG_LEVEL: 'silent', RATE_LIMIT_SCALE: '1000' });
  const { cookie } = await t.signUp();
  await t.request('/api/ai/consent', { method: 'POST', cookie, json: { granted: true } });
  const samples: number[] = [];
  for (let run = 0; run < RUNS + WARM_UP; run++) {
    const started = performance.now();
    const response = await t.request('/api/mentor/chat', { method: 'POST', cookie, json: { message: `How long is my runway? (${run})` } });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let seen = '';
    let firstDeltaAt = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
      if (!firstDeltaAt && seen.includes('"text-delta"')) firstDeltaAt = performance.now();
    }
    if (run >= WARM_UP) samples.push(firstDeltaAt - started);
  }
  await t.close();
  await model.close();
  console.log(`first answer byte with a loopback model: ${summary(samples)}`);
}

async function contextBuilder() {
  const t = await createTestApp({ LOG_LEVEL: 'silent' });
  const { user, cookie } = await t.signUp();
  const imported = await t.request('/api/metrics/import', { method: 'POST', cookie, body: decadeCsv(520), headers: { 'content-type': 'text/csv' } });
  if (!imported.ok) throw new Error(`seeding metrics failed: ${imported.status} ${await imported.text()}`);
  await t.request('/api/strategy', {
    method: 'PUT',
    cookie,
    json: { coreProblem: 'Corner shops run out of stock because reordering is manual', maximas: ['Reorder in one tap', 'Never run out'], statement: 'We win by making restocking invisible for corner shops' },
  });
  for (let i = 0; i < 5; i++) {
    await t.request('/api/tasks', { method: 'POST', cookie, json: { hypothesis: `Experiment ${i}: onboarding calls cut churn`, whyRelevant: 'Churn is our biggest leak', targetValue: 0.03, metric: 'churnRate', impact: 5 + i, confidence: 6, ease: 5 } });
  }
  const topics = ['churn', 'pricing', 'hiring', 'runway', 'activation', 'fundraising', 'partners', 'onboarding'];
  for (let i = 0; i < 200; i++) {
    const [entry] = await t.db
      .insert(aiContextEntries)
      .values({ userId: user.id, type: 'learnings', description: `Note ${i} about ${topics[i % topics.length]} and what we learned in week ${i % 52}` })
      .returning();
    await t.db.insert(aiContextFiles).values({
      entryId: entry!.id,
      userId: user.id,
      name: `export-${i}.csv`,
      mediaType: 'text/csv',
      sizeBytes: 4000,
      storageKey: `bench/${i}`,
      extractedText: `week, revenue, customers\n${Array.from({ length: 100 }, (_, w) => `${w}, ${1000 + w * 7}, ${20 + w}`).join('\n')}`,
    });
  }
  const samples: number[] = [];
  for (let run = 0; run < RUNS + WARM_UP; run++) {
    const started = performance.now();
    const context = await buildMentorContext({ db: t.db, userId: user.id, question: 'What did we learn about churn and pricing?', sources: CONTEXT_SOURCES });
    if (run >= WARM_UP) samples.push(performance.now() - started);
    if (run === 0) {
      console.log(`context for 200 entries, 520 weeks, 5 tasks and a strategy: ${context.chunks.length} chunks kept, ${context.omitted} left out by the token budget`);
      console.log(`first build (metrics summary computed from 520 weeks): ${(performance.now() - started).toFixed(1)} ms`);
    }
  }
  await t.close();
  console.log(`context builder, steady state (summary cached by revision): ${summary(samples)}`);
}

await firstByte();
await contextBuilder();
