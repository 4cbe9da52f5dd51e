import { expect, type Page, test } from '@playwright/test';
import { isoWeekOf } from '../src/core/metrics/iso-week.ts';
import { workedWeek } from '../tests/fixtures/metrics-week.ts';
import { startLoopbackModel, type LoopbackModel } from '../tests/integration/support/loopback-model.ts';
import { type AppServer, startAppServer } from './support/app-server.ts';
import { uniqueEmail } from './support/founder.ts';
import { text } from './support/locales.ts';
import { waitForApp } from './support/ready.ts';

/**
 * The mentor with a real provider: a server of its own, configured with an
 * OpenAI-compatible model on loopback that this test scripts call by call.
 */
let model: LoopbackModel;
let server: AppServer;
test.beforeAll(async () => {
  model = await startLoopbackModel();
  server = await startAppServer({ env: { AI_BASE_URL: model.baseUrl, AI_MODEL: 'loopback-model', AI_MAX_RETRIES: '1', AI_TIMEOUT_MS: '3000' } });
});
test.afterAll(async () => {
  await server?.stop();
  await model?.close();
});

/** Lucía of Pesito, onboarded, with AI consent granted unless told otherwise, on this file's server. */
async function signUpConsentingFounder(page: Page, { consent = true } = {}) {
  const signUp = await page.request.post(`${server.url}/api/auth/sign-up/email`, {
    data: { email: uniqueEmail('model'), password: 'a long enough password', name: 'Lucía', termsAccepted: true },
  });
  expect(signUp.status()).toBe(200);
  await page.request.post(`${server.url}/api/onboarding`, { data: { industry: 'Fintech', teamSize: '1', startupPhase: 'mvp', startupName: 'Pesito' } });
  if (consent) await page.request.post(`${server.url}/api/ai/consent`, { data: { granted: true } });
}

test('streams the model answer, keeps the question when the model fails, and answers it on Retry', async ({ page }) => {
  await signUpConsentingFounder(page);
  const week = isoWeekOf(new Date());
  const recorded = await page.request.put(`${server.url}/api/metrics/weeks/${week.year}/${week.week}`, { data: { ...workedWeek, cashBalance: 88_000 } });
  expect(recorded.status()).toBe(200);
  await page.addInitScript(() => sessionStorage.setItem('rumbo_chat_welcomed', '1'));

  model.reset([{ kind: 'status', status: 502 }, { kind: 'answer', text: 'Your **runway** is what matters now: cut burn by 20%.' }]);
  await page.goto(`${server.url}/talk-rumbo`);
  await waitForApp(page);
  const composer = page.getByLabel(text('en', 'mentor', 'composer.label'));
  await composer.fill('What matters most for Pesito now?');
  await composer.press('Enter');
  const log = page.getByRole('log', { name: text('en', 'mentor', 'log') });
  await expect(log.getByText('cut burn by 20%.')).toBeVisible();
  await expect(log.locator('strong', { hasText: 'runway' })).toBeVisible();
  expect(model.requests).toHaveLength(2); // the 502 was retried
  expect(model.requests[1]!.messages[0]!.content).toContain('Startup: Pesito');
  // The model is given the founder's own runway against its target, to cite.
  expect(model.requests[1]!.messages[0]!.content).toContain('- Runway: 22 weeks (target above 40 weeks)');

  model.reset([{ kind: 'status', status: 503 }, { kind: 'status', status: 503 }, { kind: 'answer', text: 'Back: start with your ten best customers.' }]);
  await composer.fill('And after that?');
  await page.getByRole('button', { name: text('en', 'mentor', 'composer.send') }).click();
  await expect(log.getByRole('alert')).toContainText(text('en', 'mentor', 'errors.trouble'));
  await expect(log.getByText('And after that?')).toBeVisible();

  await page.reload();
  await waitForApp(page);
  await page.getByRole('navigation', { name: text('en', 'mentor', 'conversations.title') }).getByRole('button', { name: 'What matters most for Pesito now?', exact: true }).click();
  await expect(log.getByText('And after that?')).toBeVisible();
  await log.getByRole('button', { name: text('en', 'mentor', 'errors.retry') }).click();
  await expect(log.getByText('Back: start with your ten best customers.')).toBeVisible();
  await expect(log.getByText('And after that?')).toHaveCount(1);
});

test('with the interface in Spanish, the model is told to answer in Spanish with tú, and its answer is shown', async ({ page }) => {
  await signUpConsentingFounder(page);
  await page.addInitScript(() => {
    localStorage.setItem('rumbo_language', 'es-LA');
    sessionStorage.setItem('rumbo_chat_welcomed', '1');
  });

  model.reset([{ kind: 'answer', text: 'Tu **pista** es lo primero: baja el gasto un 20 %.' }]);
  await page.goto(`${server.url}/talk-rumbo`);
  await waitForApp(page);
  const composer = page.getByLabel(text('es-LA', 'mentor', 'composer.label'));
  await composer.fill('¿Qué es lo más importante para Pesito?');
  await composer.press('Enter');
  const log = page.getByRole('log', { name: text('es-LA', 'mentor', 'log') });
  await expect(log.getByText('baja el gasto un 20 %.')).toBeVisible();
  expect(model.requests[0]!.messages[0]!.content).toContain('Always answer in Latin-American Spanish, addressing the founder as tú');
});

test('with the model: consent in the dialog, an answer, its analysis into AI context, and a first task drafted by the model', async ({ page }) => {
  await signUpConsentingFounder(page, { consent: false });
  await page.addInitScript(() => sessionStorage.setItem('rumbo_chat_welcomed', '1'));
  const draft = {
    hypothesis: 'If new customers pay 20% more, MRR grows without losing conversion.',
    whyRelevant: 'Pricing is the fastest lever on MRR.',
    metric: 'mrr',
    targetValue: 6000,
    impact: 7,
    confidence: 6,
    ease: 8,
  };
  model.reset([
    { kind: 'answer', text: 'Raise prices for **new** customers first.' },
    { kind: 'answer', text: '- Raise prices for new customers first.' },
    { kind: 'answer', text: JSON.stringify(draft) },
  ]);

  await page.goto(`${server.url}/talk-rumbo`);
  await waitForApp(page);
  const composer = page.getByLabel(text('en', 'mentor', 'composer.label'));
  await composer.fill('Should I raise prices?');
  await composer.press('Enter');
  const consent = page.getByRole('dialog', { name: text('en', 'mentor', 'consent.title') });
  await consent.getByRole('button', { name: text('en', 'mentor', 'consent.accept') }).click();
  const log = page.getByRole('log', { name: text('en', 'mentor', 'log') });
  await expect(log.locator('strong', { hasText: 'new' })).toBeVisible();

  await page.getByRole('button', { name: text('en', 'mentor', 'analyse.button') }).click();
  await expect(page.getByText(text('en', 'mentor', 'analyse.saved'))).toBeVisible();
  await page.goto(`${server.url}/aicontext`);
  // The model's summary of the conversation, saved as a learning.
  await expect(page.getByText('- Raise prices for new customers first.')).toBeVisible();
  expect(JSON.stringify(model.requests[1])).toContain('Should I raise prices?');

  await page.goto(`${server.url}/high-performance-tasks`);
  await waitForApp(page);
  await page.getByRole('button', { name: text('en', 'tasks', 'draft.first') }).click();
  await expect(page.getByLabel(text('en', 'tasks', 'form.hypothesis.label'))).toHaveValue(draft.hypothesis);
  await expect(page.getByLabel(text('en', 'tasks', 'form.metric.label'))).toHaveValue('mrr');
  await expect(page.getByRole('status').filter({ hasText: text('en', 'tasks', 'draft.ready') })).toBeAttached();
  expect(model.requests).toHaveLength(3);
});

test('the chat controls: stop a stalled answer, HTML in an answer never becomes elements, copy, a new conversation', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await signUpConsentingFounder(page);
  await page.addInitScript(() => sessionStorage.setItem('rumbo_chat_welcomed', '1'));
  await page.goto(`${server.url}/talk-rumbo`);
  await waitForApp(page);
  const composer = page.getByLabel(text('en', 'mentor', 'composer.label'));
  const log = page.getByRole('log', { name: text('en', 'mentor', 'log') });

  // The model sends its first word and then nothing: the founder stops it (before the
  // server's own 3-second wait for the next piece gives up on the model).
  model.reset([{ kind: 'hang-after-first-chunk', text: 'Start with' }]);
  await composer.fill('What first?');
  await composer.press('Enter');
  await expect(log.getByText('Start', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: text('en', 'mentor', 'composer.stop') }).click();
  await expect(log.getByText(text('en', 'mentor', 'stopped'))).toBeVisible();
  await expect(log.getByRole('alert')).toHaveCount(0);

  // Markdown renders; HTML inside an answer is never turned into elements.
  model.reset([{ kind: 'answer', text: 'Keep **focus**. <img src="x" onerror="window.__injected = true"><script>window.__injected = true</script>' }]);
  await composer.fill('And then?');
  await composer.press('Enter');
  await expect(log.locator('strong', { hasText: 'focus' })).toBeVisible();
  await expect(log.locator('img, script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();

  await log.getByRole('button', { name: text('en', 'mentor', 'copy.button') }).last().click();
  await expect(log.getByRole('button', { name: text('en', 'mentor', 'copy.done') })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Keep **focus**.');

  await page.getByRole('button', { name: text('en', 'mentor', 'conversations.new'), exact: true }).click();
  await expect(log.getByText('And then?')).toHaveCount(0);
  await expect(composer).toHaveValue('');
});
